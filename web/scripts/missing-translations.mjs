// @ts-check
/**
 * Lists, per locale, the translation keys missing compared to en_US (the source locale), and the
 * keys en_US no longer has. Plural keys (`x_one`, `x_other`…) are expected in the plural forms the
 * locale's language needs (Intl.PluralRules), like i18next looks them up.
 *
 *     node web/scripts/missing-translations.mjs            # every locale
 *     node web/scripts/missing-translations.mjs de_DE ja_JP
 *
 * Exits with 1 when a locale misses keys, 0 otherwise. web/src/lib/locales.test.ts checks the same.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';

const SOURCE_LOCALE = 'en_US';
const localesDir = fileURLToPath(new URL('../public/locales/', import.meta.url));
const languagesFile = fileURLToPath(new URL('../../contract/src/languages.ts', import.meta.url));
const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

/** Locale codes of the contract's LANGUAGES, plus any locale folder on disk. */
function knownLocales() {
  const codes = new Set(readdirSync(localesDir));
  if (existsSync(languagesFile)) {
    const source = readFileSync(languagesFile, 'utf8');
    for (const match of source.matchAll(/value:\s*'([a-z]{2}_[A-Z]{2})'/g)) {
      if (match[1]) codes.add(match[1]);
    }
  }
  codes.delete(SOURCE_LOCALE);
  return [...codes].sort();
}

/** Namespaces are the en_US file names. */
function namespaces() {
  return readdirSync(`${localesDir}${SOURCE_LOCALE}`)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/**
 * @param {unknown} value
 * @param {string} [prefix]
 * @returns {Map<string, unknown>} dotted key → leaf value
 */
function flatten(value, prefix = '') {
  /** @type {Map<string, unknown>} */
  const out = new Map();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [leafKey, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) {
        out.set(leafKey, leaf);
      }
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/**
 * @param {string} locale
 * @param {string} namespace
 * @returns {Map<string, unknown> | undefined} undefined when the file does not exist
 */
function load(locale, namespace) {
  const path = `${localesDir}${locale}/${namespace}.json`;
  if (!existsSync(path)) return undefined;
  return flatten(/** @type {unknown} */ (JSON.parse(readFileSync(path, 'utf8'))));
}

/** @param {string} locale */
function pluralCategories(locale) {
  return new Intl.PluralRules(locale.replace('_', '-')).resolvedOptions().pluralCategories;
}

/**
 * @param {string} locale
 * @param {Map<string, unknown>} english
 * @returns {string[]}
 */
function expectedKeys(locale, english) {
  /** @type {Set<string>} */
  const pluralBases = new Set();
  /** @type {string[]} */
  const keys = [];
  for (const key of english.keys()) {
    const base = PLURAL_SUFFIX.exec(key)?.[1];
    if (base === undefined) keys.push(key);
    else pluralBases.add(base);
  }
  for (const base of pluralBases) {
    for (const category of pluralCategories(locale)) keys.push(`${base}_${category}`);
  }
  return keys;
}

/**
 * @param {string} key
 * @param {Map<string, unknown>} english
 */
function isKnownKey(key, english) {
  if (english.has(key)) return true;
  const base = PLURAL_SUFFIX.exec(key)?.[1];
  return base !== undefined && [...english.keys()].some((k) => PLURAL_SUFFIX.exec(k)?.[1] === base);
}

const requested = process.argv.slice(2);
const locales = requested.length > 0 ? requested : knownLocales();
let missingTotal = 0;

for (const locale of locales) {
  /** @type {string[]} */
  const lines = [];
  for (const namespace of namespaces()) {
    const english = load(SOURCE_LOCALE, namespace);
    if (!english) continue;
    const translated = load(locale, namespace);
    if (!translated) {
      lines.push(`  ${namespace}.json: file missing (${String(english.size)} keys)`);
      missingTotal += english.size;
      continue;
    }
    for (const key of expectedKeys(locale, english)) {
      const value = translated.get(key);
      if (typeof value !== 'string' || value.trim() === '') {
        const base = PLURAL_SUFFIX.exec(key)?.[1];
        const source = english.get(key) ?? (base ? english.get(`${base}_other`) : undefined);
        lines.push(`  - ${namespace}:${key}  (en_US: ${JSON.stringify(source)})`);
        missingTotal += 1;
      }
    }
    for (const key of translated.keys()) {
      if (!isKnownKey(key, english)) lines.push(`  + ${namespace}:${key}  (not in en_US)`);
    }
  }
  console.log(lines.length === 0 ? `${locale}: complete` : `${locale}:\n${lines.join('\n')}`);
}

if (missingTotal > 0) {
  console.log(`\n${String(missingTotal)} missing translation(s).`);
  process.exitCode = 1;
}
