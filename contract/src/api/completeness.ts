import { z } from 'zod';

/**
 * Completeness of a library against the DATs bound to its platforms: how many games of a set
 * the library has, and which it misses (`/api/completeness`). A game is had when one of the
 * caller's visible ROMs matched it (verified or renamed); a game whose files matched only in
 * part (missing tracks) is `incomplete`, still missing. BIOS entries are not games.
 */

/** Narrowing a set to a region ("USA") and/or a language ("En") of its games' names. */
export const CompletenessFilterSchema = z.object({
  region: z.string().trim().min(1).max(200).optional(),
  language: z.string().trim().min(1).max(16).optional(),
});
export type CompletenessFilter = z.infer<typeof CompletenessFilterSchema>;

export const CompletenessQuerySchema = CompletenessFilterSchema.extend({
  platform_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** A region or language of a set, with how many of its games carry it. */
export const CompletenessFacetSchema = z.object({
  value: z.string(),
  count: z.number().int(),
});

export const CompletenessSetSchema = z.object({
  dat_id: z.number().int(),
  platform_id: z.number().int(),
  /** What the set calls itself ("Nintendo - Game Boy Advance"). */
  dat_name: z.string(),
  dat_version: z.string().nullable(),
  /** The filter the counts are for (null: the whole set). */
  region: z.string().nullable(),
  language: z.string().nullable(),
  games: z.number().int(),
  owned: z.number().int(),
  missing: z.number().int(),
  /** Of the missing games, those some of whose files the library has. */
  incomplete: z.number().int(),
  regions: z.array(CompletenessFacetSchema),
  languages: z.array(CompletenessFacetSchema),
});
export type CompletenessSet = z.infer<typeof CompletenessSetSchema>;
export const CompletenessListSchema = z.array(CompletenessSetSchema);

export const CompletenessDatParamsSchema = z.object({
  dat_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** Which missing games: a set's filter plus a search in their names. */
export const MissingGamesFilterSchema = CompletenessFilterSchema.extend({
  search: z.string().trim().max(200).optional(),
});

export const MissingGamesQuerySchema = MissingGamesFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

export const MissingGameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  region: z.string().nullable(),
  languages: z.string().nullable(),
  /** Bytes of all its files. */
  size: z.number().int(),
  file_count: z.number().int(),
  incomplete: z.boolean(),
});
export type MissingGame = z.infer<typeof MissingGameSchema>;

export const MissingGamesPageSchema = z.object({
  items: z.array(MissingGameSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type MissingGamesPage = z.infer<typeof MissingGamesPageSchema>;
