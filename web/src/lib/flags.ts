/** Two ASCII letters → the regional-indicator pair that renders as that country's flag. */
function countryFlag(code: string): string {
  const upper = code.toUpperCase();
  const first = upper.charCodeAt(0) - 65;
  const second = upper.charCodeAt(1) - 65;
  return String.fromCodePoint(0x1f1e6 + first, 0x1f1e6 + second);
}

const WORLD = '🌎';
const ASIA = '🌏';
const EUROPE = countryFlag('EU');

/** Region names and codes (lower case) used by ROM naming conventions, per flag. */
const REGION_GROUPS: readonly [flag: string, keys: readonly string[]][] = [
  [countryFlag('AU'), ['a', 'australia']],
  [ASIA, ['as', 'asia']],
  [countryFlag('BR'), ['b', 'bra', 'brazil']],
  [countryFlag('CA'), ['c', 'canada']],
  [countryFlag('CN'), ['ch', 'chn', 'china']],
  [EUROPE, ['e', 'eu', 'eur', 'europe']],
  [countryFlag('FR'), ['f', 'france']],
  [countryFlag('FI'), ['fn', 'finland']],
  [countryFlag('DE'), ['g', 'germany']],
  [countryFlag('GR'), ['gr', 'greece']],
  [countryFlag('NL'), ['h', 'holland', 'nl', 'netherlands']],
  [countryFlag('HK'), ['hk', 'hong kong']],
  [countryFlag('IT'), ['i', 'italy']],
  [countryFlag('JP'), ['j', 'jp', 'japan']],
  [countryFlag('KR'), ['k', 'korea']],
  [countryFlag('NO'), ['no', 'norway']],
  [countryFlag('RU'), ['r', 'russia']],
  [countryFlag('ES'), ['s', 'spain']],
  [countryFlag('SE'), ['sw', 'sweden']],
  [countryFlag('TW'), ['t', 'taiwan']],
  [countryFlag('US'), ['u', 'us', 'usa']],
  [countryFlag('GB'), ['uk', 'england', 'united kingdom']],
  [WORLD, ['w', 'world', 'global', 'unk', 'unknown', 'unl', 'unlicensed', 'latin america']],
  // No-Intro's other countries, by name.
  ...(
    [
      ['DK', 'denmark', 'dk'],
      ['AR', 'argentina'],
      ['AT', 'austria'],
      ['BE', 'belgium'],
      ['CL', 'chile'],
      ['CO', 'colombia'],
      ['HR', 'croatia'],
      ['CZ', 'czech'],
      ['EE', 'estonia'],
      ['HU', 'hungary'],
      ['IS', 'iceland'],
      ['IN', 'india'],
      ['ID', 'indonesia'],
      ['IE', 'ireland'],
      ['IL', 'israel'],
      ['LV', 'latvia'],
      ['LT', 'lithuania'],
      ['MY', 'malaysia'],
      ['MX', 'mexico'],
      ['NZ', 'new zealand'],
      ['PE', 'peru'],
      ['PH', 'philippines'],
      ['PL', 'poland'],
      ['PT', 'portugal'],
      ['RO', 'romania'],
      ['RS', 'serbia'],
      ['SG', 'singapore'],
      ['SK', 'slovakia'],
      ['SI', 'slovenia'],
      ['ZA', 'south africa'],
      ['CH', 'switzerland'],
      ['TH', 'thailand'],
      ['TR', 'turkey'],
      ['UA', 'ukraine'],
      ['AE', 'united arab emirates'],
    ] as const
  ).map(([country, ...keys]): [string, readonly string[]] => [countryFlag(country), keys]),
];

const REGION_FLAGS: ReadonlyMap<string, string> = new Map(
  REGION_GROUPS.flatMap(([flag, keys]) => keys.map((key): [string, string] => [key, flag])),
);

/** ISO 639-1 code and English name → the country flag shown for a language. */
const LANGUAGES: readonly [code: string, name: string, country: string][] = [
  ['af', 'afrikaans', 'ZA'],
  ['ar', 'arabic', 'AE'],
  ['bg', 'bulgarian', 'BG'],
  ['bs', 'bosnian', 'BA'],
  ['ca', 'catalan', 'AD'],
  ['cs', 'czech', 'CZ'],
  ['cy', 'welsh', 'GB'],
  ['da', 'danish', 'DK'],
  ['de', 'german', 'DE'],
  ['el', 'greek', 'GR'],
  ['en', 'english', 'GB'],
  ['es', 'spanish', 'ES'],
  ['et', 'estonian', 'EE'],
  ['eu', 'basque', 'ES'],
  ['fa', 'persian', 'IR'],
  ['fi', 'finnish', 'FI'],
  ['fr', 'french', 'FR'],
  ['ga', 'irish', 'IE'],
  ['he', 'hebrew', 'IL'],
  ['hi', 'hindi', 'IN'],
  ['hr', 'croatian', 'HR'],
  ['hu', 'hungarian', 'HU'],
  ['id', 'indonesian', 'ID'],
  ['is', 'icelandic', 'IS'],
  ['it', 'italian', 'IT'],
  ['ja', 'japanese', 'JP'],
  ['ko', 'korean', 'KR'],
  ['la', 'latin', 'VA'],
  ['lt', 'lithuanian', 'LT'],
  ['lv', 'latvian', 'LV'],
  ['ms', 'malay', 'MY'],
  ['nl', 'dutch', 'NL'],
  ['no', 'norwegian', 'NO'],
  ['pl', 'polish', 'PL'],
  ['pt', 'portuguese', 'PT'],
  ['ro', 'romanian', 'RO'],
  ['ru', 'russian', 'RU'],
  ['sk', 'slovak', 'SK'],
  ['sl', 'slovenian', 'SI'],
  ['sr', 'serbian', 'RS'],
  ['sv', 'swedish', 'SE'],
  ['th', 'thai', 'TH'],
  ['tr', 'turkish', 'TR'],
  ['uk', 'ukrainian', 'UA'],
  ['vi', 'vietnamese', 'VN'],
  ['zh', 'chinese', 'CN'],
];

const LANGUAGE_FLAGS: ReadonlyMap<string, string> = new Map<string, string>([
  ...LANGUAGES.flatMap(([code, name, country]): [string, string][] => [
    [code, countryFlag(country)],
    [name, countryFlag(country)],
  ]),
  ['nolang', WORLD],
  ['no language', WORLD],
]);

/** The flag of a region name or code (case-insensitive); unknown regions come back as given. */
export function regionToEmoji(region: string): string {
  return REGION_FLAGS.get(region.trim().toLowerCase()) ?? region;
}

/** The flag of a language name or ISO code (case-insensitive); unknown ones come back as given. */
export function languageToEmoji(language: string): string {
  return LANGUAGE_FLAGS.get(language.trim().toLowerCase()) ?? language;
}

/** True when the value mapped to a flag (so it can be shown as an emoji chip). */
export function isFlag(value: string): boolean {
  return /^\p{Regional_Indicator}{2}$/u.test(value) || value === WORLD || value === ASIA;
}
