// @ts-check
/**
 * Builds contract/src/platforms/platform-catalog.ts from the platform reference
 * (default: ../shared/reference/platforms.md next to the repository).
 *
 *   node contract/scripts/build-platform-catalog.mjs [path/to/platforms.md]
 *
 * The generated file is committed and is what the code uses at runtime; this script
 * only needs to run again when the reference changes. It fails loudly when the
 * reference does not have the expected shape instead of writing partial data.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import * as prettier from 'prettier';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const defaultSource = fileURLToPath(
  new URL('../../../shared/reference/platforms.md', import.meta.url),
);
const outFile = fileURLToPath(new URL('../src/platforms/platform-catalog.ts', import.meta.url));

const EXPECTED_SLUGS = 460;
const EXPECTED_IGDB_VERSIONS = 240;

/** @param {string} message @returns {never} */
function fail(message) {
  throw new Error(`build-platform-catalog: ${message}`);
}

/** @param {unknown} condition @param {string} message @returns {asserts condition} */
function check(condition, message) {
  if (!condition) fail(message);
}

/** Body lines of the section whose heading starts with `title` (up to the next `## `). */
/** @param {string[]} lines @param {string} title */
function section(lines, title) {
  const start = lines.findIndex((line) => line.replace(/^#{1,2} /, '').startsWith(title));
  check(start >= 0, `section "${title}" not found`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  return end < 0 ? rest : rest.slice(0, end);
}

/** Cells of a markdown table row `| a | b |`, trimmed. */
/** @param {string} row */
function cells(row) {
  return row
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** @param {string} cell */
function unquoteSlug(cell) {
  const match = /^`([^`]+)`$/.exec(cell);
  check(match?.[1], `expected a backquoted slug, got "${cell}"`);
  return match[1];
}

/** @param {string} cell @param {string} what @returns {number | null} */
function intOrNull(cell, what) {
  const value = cell.replace('†', '').trim();
  if (value === '') return null;
  check(/^-?\d+$/.test(value), `${what}: not an integer: "${cell}"`);
  return Number(value);
}

/** @param {string} cell @returns {string | null} */
function textOrNull(cell) {
  return cell === '' ? null : cell;
}

/** @type {Record<string, import('../src/platforms/platform-types.js').PlatformNameSource>} */
const NAME_SOURCES = {
  '': 'igdb',
  S: 'ss',
  M: 'moby',
  R: 'ra',
  L: 'launchbox',
  H: 'hasheous',
  T: 'tgdb',
  '*': 'slug',
};

/** @param {string} cell */
function parseDisplayName(cell) {
  const match = /^(.*?)(?:<sup>([^<]*)<\/sup>)?$/.exec(cell);
  check(match?.[1], `bad display name "${cell}"`);
  const marker = match[2] ?? '';
  const source = NAME_SOURCES[marker];
  check(source, `unknown display-name marker "${marker}" in "${cell}"`);
  const name = match[1].trim();
  check(!/[<>†]/.test(name), `markup left in display name "${name}"`);
  return { name, source };
}

/** @param {string} cell */
function parseLaunchbox(cell) {
  if (cell === '') return { launchbox_name: null, launchbox_id: null };
  const match = /^(.+) \((\d+)\)$/.exec(cell);
  check(match?.[1] && match[2], `bad LaunchBox cell "${cell}"`);
  return { launchbox_name: match[1], launchbox_id: Number(match[2]) };
}

/** "Portable Console · gen 8 · Nintendo" → category, generation, family. */
/** @param {string} cell */
function parseIgdbGroup(cell) {
  if (cell === '') return { category: null, generation: null, family_name: null };
  const [category, ...rest] = cell.split(' · ').map((part) => part.trim());
  check(category, `bad category cell "${cell}"`);
  let generation = null;
  const generationMatch = rest[0] === undefined ? null : /^gen (\d+)$/.exec(rest[0]);
  if (generationMatch) {
    generation = Number(generationMatch[1]);
    rest.shift();
  }
  check(rest.length <= 1, `unexpected parts in category cell "${cell}"`);
  return { category, generation, family_name: rest[0] ?? null };
}

/** @param {string[]} lines */
function parseMainTable(lines) {
  const rows = section(lines, 'RomM platform reference').filter((line) => line.startsWith('| `'));
  return rows.map((row) => {
    const parts = cells(row);
    check(parts.length === 9, `expected 9 cells: ${row}`);
    const [slugCell, nameCell, igdb, moby, ss, ra, launchbox, tgdb, group] = parts;
    const slug = unquoteSlug(slugCell ?? '');
    const { name, source } = parseDisplayName(nameCell ?? '');
    return {
      slug,
      name,
      name_source: source,
      igdb_id: intOrNull(igdb ?? '', `${slug} IGDB`),
      moby_id: intOrNull(moby ?? '', `${slug} MobyGames`),
      ss_id: intOrNull(ss ?? '', `${slug} ScreenScraper`),
      ra_id: intOrNull(ra ?? '', `${slug} RetroAchievements`),
      ra_id_from_hasheous: (ra ?? '').includes('†'),
      ...parseLaunchbox(launchbox ?? ''),
      tgdb_id: intOrNull(tgdb ?? '', `${slug} TheGamesDB`),
      hasheous_id: /** @type {number | null} */ (null),
      hltb_slug: /** @type {string | null} */ (null),
      libretro_slug: /** @type {string | null} */ (null),
      flashpoint_id: /** @type {number | null} */ (null),
      ...parseIgdbGroup(group ?? ''),
    };
  });
}

/** @param {string[]} lines */
function parseOtherKeys(lines) {
  const body = section(lines, 'Other provider keys');
  const intro = body.join('\n');
  const flashpoint = /only `([^`]+)` → (\d+)/.exec(intro);
  check(flashpoint?.[1] && flashpoint[2], 'Flashpoint entry not found');
  const rows = body.filter((line) => line.startsWith('| `')).map(cells);
  return {
    flashpoint: { slug: flashpoint[1], id: Number(flashpoint[2]) },
    rows: rows.map((parts) => {
      check(parts.length === 4, `expected 4 cells: ${parts.join('|')}`);
      const [slugCell, hasheous, hltb, libretro] = parts;
      const slug = unquoteSlug(slugCell ?? '');
      return {
        slug,
        hasheous_id: intOrNull(hasheous ?? '', `${slug} Hasheous`),
        hltb_slug: textOrNull(hltb ?? ''),
        libretro_slug: textOrNull(libretro ?? ''),
      };
    }),
  };
}

/** "a→b, c→d" → pairs. */
/** @param {string} text @param {string} what @returns {[string, string][]} */
function parseArrowList(text, what) {
  return text.split(', ').map((pair) => {
    const [from, to, extra] = pair.split('→').map((part) => part.trim());
    check(from && to && extra === undefined, `${what}: bad mapping "${pair}"`);
    return [from, to];
  });
}

/** @param {string[]} lines */
function parseFolderSection(lines) {
  const text = section(lines, 'Folder names and aliases').join('\n');

  /** @param {RegExp} pattern @param {string} what */
  const grab = (pattern, what) => {
    const match = pattern.exec(text);
    check(match?.[1], `${what} not found`);
    return match;
  };

  // The few literal examples of RomM's own sample config and UI texts: checked to be in
  // the reference so the data cannot drift from it silently.
  for (const phrase of ['`gc: ngc`', '`ps1: psx`', 'versions `naomi: arcade`']) {
    check(text.includes(phrase), `example ${phrase} not found`);
  }
  /** @type {[string, string][]} */
  const rommExampleBindings = [
    ['gc', 'ngc'],
    ['ps1', 'psx'],
  ];
  /** @type {[string, string][]} */
  const rommExampleVersions = [['naomi', 'arcade']];

  const batocera = grab(
    /config\.batocera-retrobat\.yml[^\n]*?ships (\d+) `system\.platforms` entries \((\d+) identity[^\n]*?Non-identity mappings \(folder→slug\): ([^\n]*?)\. Targets that are not UniversalPlatformSlug values: ([^\n]*?)\.\n/,
    'Batocera/RetroBat mappings',
  );
  const esde = grab(
    /config\.es-de\.example\.yml[^\n]*?ships (\d+) `system\.platforms` entries \((\d+) identity[^\n]*?Non-identity mappings \(folder→slug\): ([^\n]*?)\. Targets that are not UniversalPlatformSlug values: ([^\n]*?)\.\n/,
    'ES-DE mappings',
  );
  const legacy = grab(
    /Legacy slugs renamed by migration[^\n]*?\(old database slug → current slug\): ([^\n]*?)\.$/m,
    'legacy slug renames',
  );

  /** @param {RegExpExecArray} match @param {string} what */
  const frontendList = (match, what) => {
    const pairs = parseArrowList(match[3] ?? '', what);
    const expected = Number(match[1]) - Number(match[2]);
    check(pairs.length === expected, `${what}: ${pairs.length} mappings, expected ${expected}`);
    const notSlugs = [...(match[4] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
    return { pairs, notSlugs };
  };

  return {
    rommExampleBindings,
    rommExampleVersions,
    batocera: frontendList(batocera, 'Batocera/RetroBat'),
    esde: frontendList(esde, 'ES-DE'),
    legacy: parseArrowList(legacy[1] ?? '', 'legacy slugs'),
  };
}

/** @param {string[]} lines */
function parseVersionsSection(lines) {
  const body = section(lines, 'Platform versions and regional twins');
  const text = body.join('\n');

  const twinLine = body.find((line) => line.includes('IGDB regional twins')) ?? fail('twins');
  const twins = [...twinLine.matchAll(/`([^`]+)` \(\d+\) ↔ `([^`]+)` \(\d+\)/g)].map(
    (match) => /** @type {[string, string]} */ ([match[1] ?? '', match[2] ?? '']),
  );
  check(twins.length === 2, `expected 2 regional twin pairs, got ${twins.length}`);

  /** @type {Record<string, import('../src/platforms/platform-types.js').PlatformProvider>} */
  const providerKeys = {
    MobyGames: 'moby',
    ScreenScraper: 'ss',
    RetroAchievements: 'ra',
    LaunchBox: 'launchbox',
    TheGamesDB: 'tgdb',
    Hasheous: 'hasheous',
  };
  const sharedLine =
    body.find((line) => line.includes('Slugs that share one provider id')) ?? fail('shared ids');
  const sharedBody = (/\): (.*?)\. IGDB ids are all distinct/.exec(sharedLine) ??
    fail('shared'))[1];
  /** @type {{provider: string, id: number, slugs: string[]}[]} */
  const shared = [];
  for (const group of (sharedBody ?? '').split(' | ')) {
    const [providerName, list] = group.split(' — ');
    const provider = providerKeys[providerName?.trim() ?? ''];
    check(provider && list, `bad shared-id group "${group}"`);
    for (const item of list.split('; ')) {
      const match = /^(\d+): (.+)$/.exec(item.trim());
      check(match?.[1] && match[2], `bad shared-id item "${item}"`);
      shared.push({ provider, id: Number(match[1]), slugs: match[2].split('/') });
    }
  }

  /** @type {{key: string, parent: string, igdb_version_id: number}[]} */
  const versions = [];
  for (const line of body) {
    const match = /^ {2}- `([^`]+)`: (.+)$/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    const parent = match[1];
    for (const item of match[2].split(', ')) {
      const keyMatch = /^(\S+) \((\d+)\)$/.exec(item.trim());
      check(keyMatch?.[1] && keyMatch[2], `bad IGDB version "${item}" under ${parent}`);
      versions.push({ key: keyMatch[1], parent, igdb_version_id: Number(keyMatch[2]) });
    }
  }
  check(
    versions.length === EXPECTED_IGDB_VERSIONS,
    `expected ${EXPECTED_IGDB_VERSIONS} IGDB versions, got ${versions.length}`,
  );
  check(text.includes(`${EXPECTED_IGDB_VERSIONS} entries`), 'IGDB version count changed');
  return { twins, shared, versions };
}

/** @param {string} source */
function build(source) {
  const lines = source.split('\n');
  const catalog = parseMainTable(lines);
  check(
    catalog.length === EXPECTED_SLUGS,
    `expected ${EXPECTED_SLUGS} slugs, got ${catalog.length}`,
  );
  const bySlug = new Map(catalog.map((entry) => [entry.slug, entry]));
  check(bySlug.size === catalog.length, 'duplicate slugs');

  const other = parseOtherKeys(lines);
  for (const row of other.rows) {
    const entry = bySlug.get(row.slug) ?? fail(`other provider keys: unknown slug ${row.slug}`);
    entry.hasheous_id = row.hasheous_id;
    entry.hltb_slug = row.hltb_slug;
    entry.libretro_slug = row.libretro_slug;
  }
  const flashpointEntry =
    bySlug.get(other.flashpoint.slug) ?? fail(`unknown Flashpoint slug ${other.flashpoint.slug}`);
  flashpointEntry.flashpoint_id = other.flashpoint.id;

  // Table sizes stated in the reference.
  /** @param {(entry: (typeof catalog)[number]) => unknown} pick */
  const count = (pick) => catalog.filter((entry) => pick(entry) !== null).length;
  const stated = /Entries per table: (.*)$/m.exec(source)?.[1] ?? fail('table sizes');
  /** @type {[string, number][]} */
  const counts = [
    ['IGDB', count((e) => e.igdb_id)],
    ['MobyGames', count((e) => e.moby_id)],
    ['ScreenScraper', count((e) => e.ss_id)],
    ['LaunchBox', count((e) => e.launchbox_id)],
    ['TheGamesDB', count((e) => e.tgdb_id)],
    ['Hasheous', count((e) => e.hasheous_id)],
    ['HowLongToBeat', count((e) => e.hltb_slug)],
    ['libretro thumbnails', count((e) => e.libretro_slug)],
  ];
  for (const [label, value] of counts) {
    check(stated.includes(`${label} ${value}`), `${label}: ${value} entries, reference says other`);
  }
  const raDirect = catalog.filter((e) => e.ra_id !== null && !e.ra_id_from_hasheous).length;
  const raHasheous = catalog.filter((e) => e.ra_id_from_hasheous).length;
  check(
    stated.includes(`RetroAchievements ${raDirect} (+${raHasheous} via Hasheous)`),
    'RA counts',
  );

  const folders = parseFolderSection(lines);
  const versions = parseVersionsSection(lines);

  /** @param {string} slug */
  const known = (slug) => bySlug.has(slug);
  for (const list of [folders.batocera, folders.esde]) {
    const missing = [...new Set(list.pairs.map(([, slug]) => slug).filter((slug) => !known(slug)))];
    // Targets named as non-slugs may also appear only in the (unlisted) identity mappings.
    check(
      missing.every((slug) => list.notSlugs.includes(slug)),
      `unexpected non-slug targets: ${missing.join()} (reference lists ${list.notSlugs.join()})`,
    );
  }
  for (const [, slug] of [...folders.rommExampleBindings, ...folders.rommExampleVersions]) {
    check(known(slug), `example target ${slug} is not a slug`);
  }
  for (const [, slug] of folders.legacy) check(known(slug), `legacy target ${slug} is not a slug`);
  for (const version of versions.versions) {
    check(known(version.parent), `IGDB version parent ${version.parent} is not a slug`);
  }
  for (const shared of versions.shared) {
    for (const slug of shared.slugs) check(known(slug), `shared-id slug ${slug} is not a slug`);
  }

  return { catalog, folders, versions };
}

/** @param {unknown} value */
const json = (value) => JSON.stringify(value);

/** @param {ReturnType<typeof build>} data */
function render(data) {
  const { catalog, folders, versions } = data;
  /** @param {[string, string][]} pairs */
  const pairs = (pairs) => `[\n${pairs.map((pair) => `  ${json(pair)},`).join('\n')}\n]`;
  return `// Generated by contract/scripts/build-platform-catalog.mjs from the platform reference
// (platforms.md). Do not edit by hand: fix the reference or the script and run it again.

import type {
  FolderMapping,
  IgdbPlatformVersion,
  PlatformCatalogEntry,
  SharedProviderId,
} from './platform-types.js';

/** All ${catalog.length} known platform slugs, sorted by slug. */
export const PLATFORM_CATALOG: readonly PlatformCatalogEntry[] = [
${catalog.map((entry) => `  ${json(entry)},`).join('\n')}
];

/** RomM's sample config: \`system.platforms\` bindings (folder → slug). */
export const ROMM_EXAMPLE_BINDINGS: FolderMapping = ${pairs(folders.rommExampleBindings)};

/** RomM's sample config: \`system.versions\` (folder → parent slug). */
export const ROMM_EXAMPLE_VERSIONS: FolderMapping = ${pairs(folders.rommExampleVersions)};

/** Non-identity folder → slug bindings of RomM's Batocera/RetroBat sample config. */
export const BATOCERA_FOLDER_BINDINGS: FolderMapping = ${pairs(folders.batocera.pairs)};

/** Non-identity folder → slug bindings of RomM's ES-DE sample config. */
export const ES_DE_FOLDER_BINDINGS: FolderMapping = ${pairs(folders.esde.pairs)};

/** Old RomM slugs renamed by a database migration (old slug → current slug). */
export const LEGACY_PLATFORM_SLUGS: FolderMapping = ${pairs(folders.legacy)};

/** IGDB regional twins: an IGDB search for one platform also covers the other. */
export const IGDB_REGIONAL_TWINS: FolderMapping = ${pairs(versions.twins)};

/** Provider ids shared by several slugs. */
export const SHARED_PROVIDER_IDS: readonly SharedProviderId[] = [
${versions.shared.map((item) => `  ${json(item)},`).join('\n')}
];

/** IGDB platform version keys and the platform each belongs to. */
export const IGDB_PLATFORM_VERSIONS: readonly IgdbPlatformVersion[] = [
${versions.versions.map((item) => `  ${json(item)},`).join('\n')}
];
`;
}

async function main() {
  const sourcePath = process.argv[2] ?? defaultSource;
  const data = build(await readFile(sourcePath, 'utf8'));
  const options = (await prettier.resolveConfig(outFile)) ?? {};
  const formatted = await prettier.format(render(data), { ...options, filepath: outFile });
  await writeFile(outFile, formatted);
  const relative = outFile.slice(repoRoot.length);
  console.log(
    `wrote ${relative}: ${data.catalog.length} platforms, ${data.versions.versions.length} IGDB versions`,
  );
}

await main();
