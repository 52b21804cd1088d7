/**
 * Platform catalog accessors and platform-folder resolution.
 *
 * The data lives in `platform-catalog.ts` (generated from the platform reference); this
 * module only indexes it. Indexes are built on first use so that bundles importing the
 * contract without touching platforms can drop the data.
 */
import {
  BATOCERA_FOLDER_BINDINGS,
  ES_DE_FOLDER_BINDINGS,
  IGDB_PLATFORM_VERSIONS,
  IGDB_REGIONAL_TWINS,
  LEGACY_PLATFORM_SLUGS,
  PLATFORM_CATALOG,
  ROMM_EXAMPLE_BINDINGS,
  SHARED_PROVIDER_IDS,
} from './platform-catalog.js';
import type {
  FolderMapping,
  IgdbPlatformVersion,
  PlatformCatalogEntry,
  PlatformProvider,
} from './platform-types.js';

export {
  BATOCERA_FOLDER_BINDINGS,
  ES_DE_FOLDER_BINDINGS,
  IGDB_PLATFORM_VERSIONS,
  IGDB_REGIONAL_TWINS,
  LEGACY_PLATFORM_SLUGS,
  PLATFORM_CATALOG,
  ROMM_EXAMPLE_BINDINGS,
  ROMM_EXAMPLE_VERSIONS,
  SHARED_PROVIDER_IDS,
} from './platform-catalog.js';
export type {
  FolderMapping,
  IgdbPlatformVersion,
  PlatformCatalogEntry,
  PlatformNameSource,
  PlatformProvider,
  SharedProviderId,
} from './platform-types.js';

let catalogBySlug: ReadonlyMap<string, PlatformCatalogEntry> | undefined;
let knownAliases: ReadonlyMap<string, string> | undefined;
let versionsByKey: ReadonlyMap<string, IgdbPlatformVersion> | undefined;

function catalogIndex(): ReadonlyMap<string, PlatformCatalogEntry> {
  catalogBySlug ??= new Map(PLATFORM_CATALOG.map((entry) => [entry.slug, entry]));
  return catalogBySlug;
}

/** The catalog entry of a slug (exact, case-sensitive), or undefined. */
export function getPlatformBySlug(slug: string): PlatformCatalogEntry | undefined {
  return catalogIndex().get(slug);
}

export function isKnownPlatformSlug(slug: string): boolean {
  return catalogIndex().has(slug);
}

/**
 * Platforms with an emulator core that the catalog does not list, slug → display name. RomM's
 * core map plays `doom` with prboom, and the Batocera sample config binds the `gzdoom` and
 * `prboom` folders to it.
 */
const PLAYABLE_OUTSIDE_CATALOG: ReadonlyMap<string, string> = new Map([['doom', 'Doom']]);

function isAliasTarget(slug: string): boolean {
  return isKnownPlatformSlug(slug) || PLAYABLE_OUTSIDE_CATALOG.has(slug);
}

/**
 * Folder names people commonly use, mapped to platform slugs (folder → slug).
 *
 * RomM itself ships no alias table: these are the mappings stated in the reference —
 * RomM's sample configs (its own, Batocera/RetroBat, ES-DE) and the slugs RomM renamed
 * by migration. Only targets that are catalog slugs or playable platforms outside it are
 * kept, and a folder name the sources map to different targets is left out (it needs an
 * explicit binding).
 */
export function getKnownFolderAliases(): ReadonlyMap<string, string> {
  if (knownAliases) return knownAliases;
  const sources: readonly FolderMapping[] = [
    ROMM_EXAMPLE_BINDINGS,
    LEGACY_PLATFORM_SLUGS,
    ES_DE_FOLDER_BINDINGS,
    BATOCERA_FOLDER_BINDINGS,
  ];
  const targets = new Map<string, Set<string>>();
  for (const source of sources) {
    for (const [folder, slug] of source) {
      const seen = targets.get(folder) ?? new Set<string>();
      seen.add(slug);
      targets.set(folder, seen);
    }
  }
  const aliases = new Map<string, string>();
  for (const [folder, slugs] of targets) {
    const [slug] = slugs;
    if (slugs.size === 1 && slug !== undefined && isAliasTarget(slug)) {
      aliases.set(folder, slug);
    }
  }
  knownAliases = aliases;
  return aliases;
}

/** The IGDB platform version a folder name is a key of (e.g. `naomi` → parent `arcade`). */
export function getIgdbPlatformVersion(key: string): IgdbPlatformVersion | undefined {
  versionsByKey ??= new Map(IGDB_PLATFORM_VERSIONS.map((version) => [version.key, version]));
  return versionsByKey.get(key);
}

/** The IGDB regional twin of a slug (`nes` ↔ `famicom`, `snes` ↔ `sfam`), or undefined. */
export function getRegionalTwin(slug: string): string | undefined {
  for (const [a, b] of IGDB_REGIONAL_TWINS) {
    if (a === slug) return b;
    if (b === slug) return a;
  }
  return undefined;
}

/** All slugs mapped to one provider id (several when the provider treats them as one). */
export function getSlugsForProviderId(provider: PlatformProvider, id: number): string[] {
  const shared = SHARED_PROVIDER_IDS.find((item) => item.provider === provider && item.id === id);
  if (shared) return [...shared.slugs];
  const key = `${provider}_id` as const;
  return PLATFORM_CATALOG.filter((entry) => entry[key] === id).map((entry) => entry.slug);
}

/** `system.platforms` / `system.versions` of config.yml: folder name → slug. */
export interface PlatformFolderConfig {
  readonly bindings?: Readonly<Record<string, string>>;
  readonly versions?: Readonly<Record<string, string>>;
}

/** How a folder name was resolved, in the order the rules are tried. */
export type PlatformFolderMatch =
  'binding' | 'version' | 'slug' | 'alias' | 'igdb-version' | 'unknown';

export interface ResolvedPlatformFolder {
  /** Platform slug to store. */
  readonly slug: string;
  /** Display name. */
  readonly name: string;
  /** The folder name exactly as on disk. */
  readonly fsSlug: string;
  /** Parent slug whose metadata applies when the folder is a platform version. */
  readonly versionOf?: string;
  readonly matchedBy: PlatformFolderMatch;
  /** Catalog entry whose provider ids apply (the parent's for a version), or null. */
  readonly entry: PlatformCatalogEntry | null;
}

function ownValue(map: Readonly<Record<string, string>> | undefined, key: string) {
  return map !== undefined && Object.hasOwn(map, key) ? map[key] : undefined;
}

/**
 * Maps a platform folder name to a platform:
 * 1. a `system.platforms` binding (folder → slug);
 * 2. a `system.versions` entry (folder → parent slug; the parent's metadata is used);
 * 3. a catalog slug (or a playable platform outside the catalog, `doom`), exactly;
 * 4. a known folder alias (`getKnownFolderAliases`), exactly;
 * 5. steps 3–4 again on the lower-cased folder name (`NES` → `nes`);
 * 6. an IGDB platform version key (`atari-2600-plus` → version of `atari2600`): the slug
 *    stays the folder name, `versionOf` names the parent;
 * 7. otherwise an unknown platform: slug = lower-cased folder name, name = folder name.
 * The folder name is always kept as `fsSlug`.
 */
export function resolvePlatformFolder(
  folderName: string,
  config: PlatformFolderConfig = {},
): ResolvedPlatformFolder {
  const fsSlug = folderName;
  const named = (slug: string, fallbackName: string) => {
    const entry = getPlatformBySlug(slug) ?? null;
    return { entry, name: entry?.name ?? PLAYABLE_OUTSIDE_CATALOG.get(slug) ?? fallbackName };
  };

  const bound = ownValue(config.bindings, folderName);
  if (bound !== undefined && bound !== '') {
    return { slug: bound, fsSlug, matchedBy: 'binding', ...named(bound, bound) };
  }
  const parent = ownValue(config.versions, folderName);
  if (parent !== undefined && parent !== '') {
    return {
      slug: parent,
      fsSlug,
      versionOf: parent,
      matchedBy: 'version',
      ...named(parent, parent),
    };
  }

  const lower = folderName.toLowerCase();
  const keys = lower === folderName ? [folderName] : [folderName, lower];
  for (const key of keys) {
    if (isAliasTarget(key)) return { slug: key, fsSlug, matchedBy: 'slug', ...named(key, key) };
    const aliased = getKnownFolderAliases().get(key);
    if (aliased !== undefined) {
      return { slug: aliased, fsSlug, matchedBy: 'alias', ...named(aliased, aliased) };
    }
  }
  for (const key of keys) {
    const version = getIgdbPlatformVersion(key);
    if (version) {
      return {
        slug: key,
        name: folderName,
        fsSlug,
        versionOf: version.parent,
        matchedBy: 'igdb-version',
        entry: getPlatformBySlug(version.parent) ?? null,
      };
    }
  }
  return { slug: lower, name: folderName, fsSlug, matchedBy: 'unknown', entry: null };
}
