import type { ExportRomRow } from '../roms/roms.service.js';

/** Media a game can carry into an export, by what it shows. */
export type ExportMediaKind = 'cover' | 'screenshot' | 'manual' | 'video';

/** Where an export's game and media paths point: files beside the export, or URLs. */
export interface ExportLinks {
  /** The game's own path: `./<file>` or its download URL. */
  game(row: ExportRomRow): string;
  /** A stored resource (`roms/<platform>/<rom>/cover/big.webp`): a copied file's path or a URL. */
  media(row: ExportRomRow, kind: ExportMediaKind, resource: string): Promise<string | null>;
}

/** One game as both formats see it, every text as stored (each format escapes its own way). */
export interface ExportEntry {
  id: number;
  path: string;
  name: string;
  /** The tag-free file name when it differs from the name (a frontend sorts by it). */
  sortName: string | null;
  description: string | null;
  /** Milliseconds since the epoch (UTC). */
  releaseDate: number | null;
  developer: string | null;
  publisher: string | null;
  genres: string[];
  /** "1", "1-4"… */
  players: string | null;
  /** 0–100. */
  rating: number | null;
  regions: string[];
  languages: string[];
  tags: string[];
  media: Partial<Record<ExportMediaKind, string>>;
}

/** The merged metadata fields an export reads (RomMetadataSchema's). */
interface StoredMetadatum {
  genres?: string[];
  companies?: string[];
  player_count?: string;
  first_release_date?: number | null;
  average_rating?: number | null;
}

const YOUTUBE_EMBED = 'https://www.youtube.com/embed/';

function parsed<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return (JSON.parse(text) as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

/** A ROM with no provider id shows none of a provider's data (as in its API shape). */
function isIdentified(row: ExportRomRow): boolean {
  return [row.igdb_id, row.moby_id, row.ss_id, row.ra_id, row.launchbox_id, row.hasheous_id].some(
    (id) => id !== null,
  );
}

function nonEmpty(text: string | null | undefined): string | null {
  return text === null || text === undefined || text.trim() === '' ? null : text;
}

/** The stored resources of a ROM, by media kind (paths under the resources folder). */
function resourcesOf(row: ExportRomRow): Partial<Record<ExportMediaKind, string>> {
  const folder = `roms/${String(row.platform_id)}/${String(row.id)}`;
  const screenshots = parsed<string[]>(row.path_screenshots, []);
  return {
    ...(row.cover_updated_at === null ? {} : { cover: `${folder}/cover/big.webp` }),
    ...(screenshots[0] === undefined ? {} : { screenshot: screenshots[0] }),
    ...(row.manual_updated_at === null ? {} : { manual: `${folder}/manual/${String(row.id)}.pdf` }),
  };
}

async function mediaOf(
  row: ExportRomRow,
  links: ExportLinks,
  identified: boolean,
): Promise<ExportEntry['media']> {
  const media: ExportEntry['media'] = {};
  for (const [kind, resource] of Object.entries(resourcesOf(row)) as [ExportMediaKind, string][]) {
    const link = await links.media(row, kind, resource);
    if (link !== null) media[kind] = link;
  }
  if (identified && nonEmpty(row.youtube_video_id) !== null) {
    media.video = `${YOUTUBE_EMBED}${encodeURIComponent(row.youtube_video_id ?? '')}`;
  }
  return media;
}

/** A ROM row as an export entry: developer and publisher are the first two companies (RomM). */
export async function toExportEntry(row: ExportRomRow, links: ExportLinks): Promise<ExportEntry> {
  const identified = isIdentified(row);
  const metadatum = identified ? parsed<StoredMetadatum>(row.metadatum, {}) : {};
  const companies = metadatum.companies ?? [];
  const name = nonEmpty(row.name) ?? row.fs_name;
  return {
    id: row.id,
    path: links.game(row),
    name,
    sortName:
      nonEmpty(row.name) !== null && row.fs_name_no_tags !== '' && row.fs_name_no_tags !== name
        ? row.fs_name_no_tags
        : null,
    description: nonEmpty(row.summary),
    releaseDate: metadatum.first_release_date ?? null,
    developer: nonEmpty(companies[0]),
    publisher: nonEmpty(companies[1]),
    genres: metadatum.genres ?? [],
    players: nonEmpty(metadatum.player_count),
    rating: metadatum.average_rating ?? null,
    regions: parsed<string[]>(row.regions, []),
    languages: parsed<string[]>(row.languages, []),
    tags: parsed<string[]>(row.tags, []),
    media: await mediaOf(row, links, identified),
  };
}
