import { LANGUAGE_CODES } from '../names/rom-filename.js';

/**
 * One game, one ROM (1G1R): how a caller's region and language priorities rank a game's
 * versions. ROMs keep their regions as names (`USA`) and their languages as language names
 * (`English`, from the `(En,Fr)` tag); a name without a language tag speaks its region's
 * language, as 1G1R tools read No-Intro names.
 */

/** The caller's priorities, best first: region names and language codes (`En`). */
export interface VersionPreference {
  regions: readonly string[];
  languages: readonly string[];
  /** Betas, prototypes, demos and samples may be the preferred version. */
  withPrereleases: boolean;
}

/** The language a region's untagged releases are in (language codes). */
const REGION_LANGUAGES: Readonly<Record<string, string>> = Object.freeze({
  World: 'En',
  USA: 'En',
  Europe: 'En',
  England: 'En',
  Australia: 'En',
  Canada: 'En',
  Japan: 'Ja',
  France: 'Fr',
  Germany: 'De',
  Spain: 'Es',
  Italy: 'It',
  Netherlands: 'Nl',
  Holland: 'Nl',
  Sweden: 'Sv',
  Norway: 'No',
  Denmark: 'Da',
  Finland: 'Fi',
  Korea: 'Ko',
  China: 'Zh',
  Taiwan: 'Zh',
  'Hong Kong': 'Zh',
  Brazil: 'Pt',
  Portugal: 'Pt',
  Russia: 'Ru',
  Poland: 'Pl',
  Greece: 'El',
});

/** The regions whose untagged releases are in `code` (a language code such as `En`). */
export function regionsSpeaking(code: string): string[] {
  return Object.entries(REGION_LANGUAGES).flatMap(([region, language]) =>
    language === code ? [region] : [],
  );
}

/** Region name → rank (0 best) of the regions the caller ranked. */
export function regionRanking(preference: VersionPreference): Map<string, number> {
  return new Map(preference.regions.map((region, rank) => [region, rank]));
}

/** Language name (as ROMs keep them) → rank of the languages the caller ranked. */
export function languageRanking(preference: VersionPreference): Map<string, number> {
  return new Map(
    preference.languages.flatMap((code, rank): [string, number][] => {
      const name = LANGUAGE_CODES[code];
      return name === undefined ? [] : [[name, rank]];
    }),
  );
}

/** Region name → rank of the language its untagged releases are in, where the caller ranked it. */
export function impliedLanguageRanking(preference: VersionPreference): Map<string, number> {
  return new Map(
    Object.entries(REGION_LANGUAGES).flatMap(([region, code]): [string, number][] => {
      const rank = preference.languages.indexOf(code);
      return rank === -1 ? [] : [[region, rank]];
    }),
  );
}
