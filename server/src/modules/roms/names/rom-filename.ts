/**
 * ROM file-name parsing (romm-api.md §4.4) and the name sort key (§3). Pure: no I/O.
 *
 * `parseRomFileName('Zelda (USA) (Rev 1) [En,Fr] [Test].n64')` gives the extension, the
 * name without extension / trailing tags, and the classified tags: regions, languages,
 * revision, version and the remaining tags.
 */

/** Region codes of ROM naming conventions → region name. */
export const REGION_CODES: Readonly<Record<string, string>> = Object.freeze({
  A: 'Australia',
  AS: 'Asia',
  B: 'Brazil',
  C: 'Canada',
  CH: 'China',
  E: 'Europe',
  F: 'France',
  FN: 'Finland',
  G: 'Germany',
  GR: 'Greece',
  H: 'Holland',
  HK: 'Hong Kong',
  I: 'Italy',
  J: 'Japan',
  K: 'Korea',
  NL: 'Netherlands',
  NO: 'Norway',
  PD: 'Public Domain',
  R: 'Russia',
  S: 'Spain',
  SW: 'Sweden',
  T: 'Taiwan',
  U: 'USA',
  UK: 'England',
  UNK: 'Unknown',
  UNL: 'Unlicensed',
  W: 'World',
});

/**
 * Regions of No-Intro's naming convention (full country names, plus the `DK` code) that
 * {@link REGION_CODES} lacks, matched in any case after it. Where RomM names the same country,
 * its name is kept: No-Intro's `United Kingdom` is RomM's `England` (code `UK`).
 */
export const NO_INTRO_REGION_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'United Kingdom': 'England',
  DK: 'Denmark',
  Denmark: 'Denmark',
  Argentina: 'Argentina',
  Austria: 'Austria',
  Belgium: 'Belgium',
  Chile: 'Chile',
  Colombia: 'Colombia',
  Croatia: 'Croatia',
  Czech: 'Czech',
  'Czech Republic': 'Czech',
  Estonia: 'Estonia',
  Hungary: 'Hungary',
  Iceland: 'Iceland',
  India: 'India',
  Indonesia: 'Indonesia',
  Ireland: 'Ireland',
  Israel: 'Israel',
  'Latin America': 'Latin America',
  Latvia: 'Latvia',
  Lithuania: 'Lithuania',
  Malaysia: 'Malaysia',
  Mexico: 'Mexico',
  'New Zealand': 'New Zealand',
  Peru: 'Peru',
  Philippines: 'Philippines',
  Poland: 'Poland',
  Portugal: 'Portugal',
  Romania: 'Romania',
  Scandinavia: 'Scandinavia',
  Serbia: 'Serbia',
  Singapore: 'Singapore',
  Slovakia: 'Slovakia',
  Slovenia: 'Slovenia',
  'South Africa': 'South Africa',
  Switzerland: 'Switzerland',
  Thailand: 'Thailand',
  Turkey: 'Turkey',
  Ukraine: 'Ukraine',
  'United Arab Emirates': 'United Arab Emirates',
});

/** Language codes of ROM naming conventions → language name. */
export const LANGUAGE_CODES: Readonly<Record<string, string>> = Object.freeze({
  Ar: 'Arabic',
  Da: 'Danish',
  De: 'German',
  El: 'Greek',
  En: 'English',
  Es: 'Spanish',
  Fi: 'Finnish',
  Fr: 'French',
  It: 'Italian',
  Ja: 'Japanese',
  Ko: 'Korean',
  Nl: 'Dutch',
  No: 'Norwegian',
  Pl: 'Polish',
  Pt: 'Portuguese',
  Ru: 'Russian',
  Sr: 'Serbian',
  Sv: 'Swedish',
  Zh: 'Chinese',
  nolang: 'No Language',
});

/** Region name → provider region code (the values of `scan.priority.region`). */
export const REGION_PROVIDER_CODES: Readonly<Record<string, string>> = Object.freeze({
  USA: 'us',
  World: 'wor',
  Europe: 'eu',
  Japan: 'jp',
  England: 'uk',
  Australia: 'au',
  Asia: 'asi',
  Brazil: 'br',
  Canada: 'ca',
  China: 'cn',
  Finland: 'fi',
  France: 'fr',
  Germany: 'de',
  Greece: 'gr',
  Holland: 'nl',
  Netherlands: 'nl',
  'Hong Kong': 'hk',
  Italy: 'it',
  Korea: 'kr',
  Norway: 'no',
  Russia: 'ru',
  Spain: 'sp',
  Sweden: 'se',
  Taiwan: 'tw',
});

/** A file name containing one of these (case-insensitive) is a pre-release. */
export const PRERELEASE_MARKERS: readonly string[] = Object.freeze([
  '(demo',
  '(beta',
  '(proto',
  '(sample',
  '(kiosk',
  '(preview',
]);

/** Column limits of ROM names, paths and extensions (characters). */
export const ROM_FIELD_LIMITS = Object.freeze({ name: 450, path: 1000, extension: 100 });

/** Leading articles ignored by the name sort key. */
export const SORT_KEY_ARTICLES: readonly string[] = Object.freeze(
  'the a an le la les el los las il lo gli der die das het'.split(' '),
);

export interface ParsedRomFileName {
  fs_name: string;
  fs_name_no_tags: string;
  fs_name_no_ext: string;
  fs_extension: string;
  regions: string[];
  languages: string[];
  revision: string;
  version: string;
  tags: string[];
  is_prerelease: boolean;
}

export interface ParseRomFileNameOptions {
  /** A folder (multi-file ROM) has no extension: its whole name is `fs_name_no_ext`. */
  isFolder?: boolean;
}

// `\.(([a-z]+\.)*\w+)$` searched leftmost-first; `\w` is Unicode-aware as in Python.
const EXTENSION_RE = /\.((?:[a-z]+\.)*[\p{L}\p{N}_]+)$/u;
const TRAILING_TAGS_RE = /(?:\s*(?:\([^)]*\)|\[[^\]]*\]))+\s*$/u;
const TAG_GROUP_RE = /\(([^)]+)\)|\[([^\]]+)\]/gu;
const VERSION_RE = /^(?:version|ver|v)(?:[\s._-](.*)|([.\p{Nd}].*))/iu;
const REGION_PREFIX_RE = /^reg[\s|-](.*)$/iu;
const REVISION_PREFIX_RE = /^rev[\s|-](.*)$/iu;
const ARTICLE_RE = new RegExp(`^(?:${SORT_KEY_ARTICLES.join('|')})\\s+`, 'u');

function lowerCaseIndex(table: Readonly<Record<string, string>>): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const [code, name] of Object.entries(table)) {
    index.set(code.toLowerCase(), name);
    index.set(name.toLowerCase(), name);
  }
  return index;
}

const REGIONS_BY_CODE = new Map(Object.entries(REGION_CODES));
const LANGUAGES_BY_CODE = new Map(Object.entries(LANGUAGE_CODES));
const REGIONS_ANY_CASE = new Map([
  ...lowerCaseIndex(REGION_CODES),
  ...lowerCaseIndex(NO_INTRO_REGION_NAMES),
]);
const LANGUAGES_ANY_CASE = lowerCaseIndex(LANGUAGE_CODES);
const REGION_PROVIDER_INDEX = new Map(Object.entries(REGION_PROVIDER_CODES));

/** Extension per §4.4 (`zip`, `tar.gz`, …), or `''` when the name has none. */
export function romFileExtension(fileName: string): string {
  return EXTENSION_RE.exec(fileName)?.[1] ?? '';
}

/** The name with its trailing `(…)` / `[…]` groups (and the spaces around them) removed. */
export function romNameWithoutTags(nameWithoutExtension: string): string {
  return nameWithoutExtension.replace(TRAILING_TAGS_RE, '');
}

export interface RomNameTags {
  regions: string[];
  languages: string[];
  revision: string;
  version: string;
  tags: string[];
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

/**
 * Classifies every `(…)` / `[…]` group of a name, split on commas, in the §4.4 order:
 * exact region code, exact language code, region name/code (RomM's table, then No-Intro's other
 * countries) and language name/code in any case, `v…`/`ver…`/`version…`, `reg-…`, `rev-…`, else a plain tag. Lists keep the
 * first occurrence of each value; for revision and version the last one wins.
 */
export function parseRomTags(name: string): RomNameTags {
  const result: RomNameTags = { regions: [], languages: [], revision: '', version: '', tags: [] };
  for (const group of name.matchAll(TAG_GROUP_RE)) {
    const content = group[1] ?? group[2] ?? '';
    for (const raw of content.split(',')) {
      const item = raw.trim();
      if (item === '') continue;
      const lower = item.toLowerCase();

      const region = REGIONS_BY_CODE.get(item);
      if (region !== undefined) {
        pushUnique(result.regions, region);
        continue;
      }
      const language = LANGUAGES_BY_CODE.get(item);
      if (language !== undefined) {
        pushUnique(result.languages, language);
        continue;
      }
      const regionAnyCase = REGIONS_ANY_CASE.get(lower);
      if (regionAnyCase !== undefined) {
        pushUnique(result.regions, regionAnyCase);
        continue;
      }
      const languageAnyCase = LANGUAGES_ANY_CASE.get(lower);
      if (languageAnyCase !== undefined) {
        pushUnique(result.languages, languageAnyCase);
        continue;
      }
      const version = VERSION_RE.exec(item);
      if (version) {
        result.version = version[1] ?? version[2] ?? '';
        continue;
      }
      const regionPrefix = REGION_PREFIX_RE.exec(item);
      if (regionPrefix) {
        const value = regionPrefix[1] ?? '';
        if (value !== '') pushUnique(result.regions, value);
        continue;
      }
      const revision = REVISION_PREFIX_RE.exec(item);
      if (revision) {
        result.revision = revision[1] ?? '';
        continue;
      }
      pushUnique(result.tags, item);
    }
  }
  return result;
}

/** True when the name marks a demo, beta, prototype, sample, kiosk or preview build. */
export function isPrereleaseName(name: string): boolean {
  const lower = name.toLowerCase();
  return PRERELEASE_MARKERS.some((marker) => lower.includes(marker));
}

/** Parses a ROM file (or, with `isFolder`, multi-file ROM folder) name. */
export function parseRomFileName(
  fileName: string,
  opts: ParseRomFileNameOptions = {},
): ParsedRomFileName {
  const fs_extension = opts.isFolder === true ? '' : romFileExtension(fileName);
  const fs_name_no_ext =
    fs_extension === '' ? fileName : fileName.slice(0, fileName.length - fs_extension.length - 1);
  return {
    fs_name: fileName,
    fs_name_no_tags: romNameWithoutTags(fs_name_no_ext),
    fs_name_no_ext,
    fs_extension,
    ...parseRomTags(fileName),
    is_prerelease: isPrereleaseName(fileName),
  };
}

/** Provider region code of a region name (`USA` → `us`), or undefined. */
export function regionProviderCode(region: string): string | undefined {
  return REGION_PROVIDER_INDEX.get(region);
}

const SORT_KEY_MAX_LENGTH = 500;

/**
 * Sort key of a ROM name: lower-cased, a leading article removed, digit runs zero-padded
 * to 12 digits (so `2` sorts before `10`), at most 500 characters.
 */
export function nameSortKey(name: string): string {
  const key = name
    .trim()
    .toLowerCase()
    .replace(ARTICLE_RE, '')
    .replace(/[0-9]+/g, (digits) => digits.padStart(12, '0'));
  if (key.length <= SORT_KEY_MAX_LENGTH) return key;
  return Array.from(key).slice(0, SORT_KEY_MAX_LENGTH).join('');
}
