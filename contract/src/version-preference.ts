import { z } from 'zod';

/**
 * One game, one ROM (1G1R): the regions and languages a user prefers a game's version in,
 * best first. Region names are those ROM names and DATs carry (`USA`, `Europe`); languages are
 * the two-letter codes of No-Intro's names (`En`, `Ja`).
 */
export const VERSION_REGIONS = [
  'World',
  'USA',
  'Europe',
  'Japan',
  'England',
  'Australia',
  'Canada',
  'France',
  'Germany',
  'Spain',
  'Italy',
  'Netherlands',
  'Sweden',
  'Korea',
  'China',
  'Taiwan',
  'Hong Kong',
  'Asia',
  'Brazil',
  'Russia',
] as const;
export type VersionRegion = (typeof VERSION_REGIONS)[number];

export const VERSION_LANGUAGES = [
  'En',
  'Ja',
  'Fr',
  'De',
  'Es',
  'It',
  'Nl',
  'Pt',
  'Sv',
  'No',
  'Da',
  'Fi',
  'Ko',
  'Zh',
  'Ru',
  'Pl',
] as const;
export type VersionLanguage = (typeof VERSION_LANGUAGES)[number];

export const DEFAULT_VERSION_REGIONS: readonly VersionRegion[] = [
  'USA',
  'World',
  'Europe',
  'Japan',
];
export const DEFAULT_VERSION_LANGUAGES: readonly VersionLanguage[] = ['En', 'Ja'];

/** A priority list in settings: known values, each once. */
const priorityList = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .array(z.enum(values))
    .max(values.length)
    .refine((list) => new Set(list).size === list.length, 'each value once');

export const VersionRegionsSchema = priorityList(VERSION_REGIONS);
export const VersionLanguagesSchema = priorityList(VERSION_LANGUAGES);

/** A priority list as a query parameter: comma-separated, unknown values refused. */
const priorityQuery = <T extends string>(values: readonly [T, ...T[]], fallback: readonly T[]) =>
  z
    .string()
    .max(400)
    .optional()
    .transform((value) =>
      value === undefined ? [...fallback] : value.split(',').filter((item) => item !== ''),
    )
    .pipe(priorityList(values));

/** `GET /api/roms` parameters of the preferred version (`preferred_version_only`). */
export const versionPreferenceQuery = {
  region_priority: priorityQuery(VERSION_REGIONS, DEFAULT_VERSION_REGIONS),
  language_priority: priorityQuery(VERSION_LANGUAGES, DEFAULT_VERSION_LANGUAGES),
};
