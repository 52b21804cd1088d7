import type { ScanRomEvent } from '@romshelf/contract';

import type { RomRow } from '../../db/schema.js';
import { RESOURCES_URL_PREFIX } from './resources/rom-resources.js';

/**
 * What a ROM's API shape reads of its stored provider results (`metadata_results`, written by
 * the metadata module): each source's raw answer.
 */
type StoredProviderResults = Partial<Record<string, { raw?: Record<string, unknown> }>>;

type MetadataFields = Pick<
  ScanRomEvent,
  | 'alternative_names'
  | 'youtube_video_id'
  | 'metadatum'
  | 'igdb_metadata'
  | 'moby_metadata'
  | 'ss_metadata'
  | 'launchbox_metadata'
  | 'hasheous_metadata'
  | 'merged_ra_metadata'
  | 'merged_screenshots'
>;

function parse<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return (JSON.parse(text) as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The metadata part of a ROM's API shape (RomSchema), from its stored columns. */
export function toRomMetadataFields(
  row: Pick<
    RomRow,
    | 'id'
    | 'metadata_results'
    | 'metadatum'
    | 'alternative_names'
    | 'youtube_video_id'
    | 'path_screenshots'
    | 'updated_at'
    | 'igdb_id'
    | 'moby_id'
    | 'ss_id'
    | 'ra_id'
    | 'launchbox_id'
    | 'hasheous_id'
  >,
): MetadataFields {
  // Ids cleared elsewhere (an edit, `unmatch_metadata`) hide what their source said.
  const ids = {
    igdb: row.igdb_id,
    moby: row.moby_id,
    ss: row.ss_id,
    ra: row.ra_id,
    launchbox: row.launchbox_id,
    hasheous: row.hasheous_id,
  } as const;
  const identified = Object.values(ids).some((id) => id !== null);
  const results = identified ? parse<StoredProviderResults>(row.metadata_results, {}) : {};
  const metadatum = identified
    ? parse<Partial<MetadataFields['metadatum']>>(row.metadatum, {})
    : {};
  const raw = (source: keyof typeof ids) =>
    ids[source] === null ? null : (results[source]?.raw ?? null);
  return {
    alternative_names: identified ? parse<string[]>(row.alternative_names, []) : [],
    youtube_video_id: identified ? row.youtube_video_id : null,
    metadatum: {
      rom_id: row.id,
      genres: metadatum.genres ?? [],
      franchises: metadatum.franchises ?? [],
      collections: metadatum.collections ?? [],
      companies: metadatum.companies ?? [],
      game_modes: metadatum.game_modes ?? [],
      age_ratings: metadatum.age_ratings ?? [],
      player_count: metadatum.player_count ?? '1',
      first_release_date: metadatum.first_release_date ?? null,
      average_rating: metadatum.average_rating ?? null,
    },
    igdb_metadata: raw('igdb'),
    moby_metadata: raw('moby'),
    ss_metadata: raw('ss'),
    launchbox_metadata: raw('launchbox'),
    hasheous_metadata: raw('hasheous'),
    merged_ra_metadata: raw('ra'),
    merged_screenshots: (identified ? parse<string[]>(row.path_screenshots, []) : []).map(
      (relative) => `${RESOURCES_URL_PREFIX}/${relative}?ts=${encodeURIComponent(row.updated_at)}`,
    ),
  };
}
