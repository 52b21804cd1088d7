/**
 * Locale files under web/public/locales/<locale>/<namespace>.json.
 *
 * en_US is the source of truth. Every locale in the contract's LANGUAGES must carry exactly the
 * en_US keys (plural keys in the plural forms its own language needs), the same `{{placeholders}}`
 * per key, and, except en_GB, real translations rather than English copies. Adding a key to en_US
 * therefore makes this test fail until every locale translates it: that is intended.
 *
 * To see what is left to translate, per locale, run from the repository root:
 *
 *     node web/scripts/missing-translations.mjs
 */
import { DEFAULT_LOCALE, I18N_NAMESPACES, LOCALE_CODES } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<unknown>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** The i18next plural suffixes (CLDR plural categories). */
const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_SUFFIX = new RegExp(`^(.+)_(${PLURAL_CATEGORIES.join('|')})$`);

/** Locales whose strings may legitimately equal English ones. */
const ENGLISH_LOCALES = new Set(['en_US', 'en_GB']);

/** Brand names, "404", "Version {{version}}"… may stay as in English, but only a few of them. */
const MAX_ENGLISH_COPY_RATIO = 0.15;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${prefix || '(root)'} is neither a string nor an object`);
  }
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

function load(locale: string, namespace: string): Record<string, string> {
  const file = files[`../../public/locales/${locale}/${namespace}.json`];
  if (file === undefined) throw new Error(`missing ${locale}/${namespace}.json`);
  return flatten(file);
}

/** The plural categories i18next looks up for a locale (it asks Intl.PluralRules too). */
function pluralCategories(locale: string): string[] {
  return new Intl.PluralRules(locale.replace('_', '-')).resolvedOptions().pluralCategories;
}

function splitPlural(key: string): { base: string; category: string | undefined } {
  const match = PLURAL_SUFFIX.exec(key);
  return match ? { base: match[1] ?? key, category: match[2] } : { base: key, category: undefined };
}

/** Plural base keys of en_US, with their English variants. */
function englishPlurals(english: Record<string, string>): Map<string, string[]> {
  const plurals = new Map<string, string[]>();
  for (const key of Object.keys(english)) {
    const { base, category } = splitPlural(key);
    if (category !== undefined) plurals.set(base, [...(plurals.get(base) ?? []), key]);
  }
  return plurals;
}

/** The keys `locale` must have for one namespace, given the en_US entries. */
function expectedKeys(locale: string, english: Record<string, string>): string[] {
  const plurals = englishPlurals(english);
  const keys = Object.keys(english).filter((key) => !plurals.has(splitPlural(key).base));
  for (const base of plurals.keys()) {
    for (const category of pluralCategories(locale)) keys.push(`${base}_${category}`);
  }
  return keys.sort();
}

/**
 * The en_US string a locale key corresponds to: the same key, else (another plural category) the
 * English `_other` variant.
 */
function englishCounterpart(key: string, english: Record<string, string>): string | undefined {
  if (key in english) return english[key];
  const { base, category } = splitPlural(key);
  return category === undefined ? undefined : english[`${base}_other`];
}

function placeholders(value: string): string[] {
  return [
    ...new Set([...value.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((match) => match[1] ?? '')),
  ].sort();
}

const locales = [...LOCALE_CODES].sort();
const translatedLocales = locales.filter((locale) => !ENGLISH_LOCALES.has(locale));

describe('locale files', () => {
  it('only holds locales the contract knows', () => {
    const onDisk = new Set(Object.keys(files).map((path) => path.split('/').at(-2) ?? ''));
    expect([...onDisk].filter((locale) => !LOCALE_CODES.includes(locale))).toEqual([]);
  });

  it.each(locales)('%s has all eleven namespaces', (locale) => {
    for (const namespace of I18N_NAMESPACES) {
      expect(() => load(locale, namespace), `${locale}/${namespace}.json`).not.toThrow();
    }
  });

  it.each(locales)('%s has exactly the en_US keys, in its own plural forms', (locale) => {
    for (const namespace of I18N_NAMESPACES) {
      const english = load(DEFAULT_LOCALE, namespace);
      const actual = Object.keys(load(locale, namespace));
      const expected = expectedKeys(locale, english);
      // Extra plural categories are tolerated (ICU versions differ on e.g. the `many` of es/it/pt).
      const unexpected = actual.filter((key) => {
        if (expected.includes(key)) return false;
        const { base, category } = splitPlural(key);
        return category === undefined || !englishPlurals(english).has(base);
      });
      expect(
        expected.filter((key) => !actual.includes(key)),
        `${locale}/${namespace}.json misses keys (run node web/scripts/missing-translations.mjs)`,
      ).toEqual([]);
      expect(unexpected, `${locale}/${namespace}.json has keys en_US does not have`).toEqual([]);
    }
  });

  it.each(locales)('%s keeps the placeholders of every en_US string', (locale) => {
    for (const namespace of I18N_NAMESPACES) {
      const english = load(DEFAULT_LOCALE, namespace);
      for (const [key, value] of Object.entries(load(locale, namespace))) {
        expect(value.trim(), `${locale}/${namespace}.json ${key} is empty`).not.toBe('');
        const source = englishCounterpart(key, english);
        if (source === undefined) continue; // reported by the key test
        expect(placeholders(value), `${locale}/${namespace}.json ${key}`).toEqual(
          placeholders(source),
        );
      }
    }
  });

  it.each(translatedLocales)('%s strings are real translations, not English copies', (locale) => {
    const copies: string[] = [];
    let total = 0;
    for (const namespace of I18N_NAMESPACES) {
      const english = load(DEFAULT_LOCALE, namespace);
      for (const [key, value] of Object.entries(load(locale, namespace))) {
        const source = englishCounterpart(key, english);
        if (source === undefined) continue;
        total += 1;
        if (value === source) copies.push(`${namespace}:${key}`);
      }
    }
    expect(total).toBeGreaterThan(0);
    expect(
      copies.length / total,
      `${locale}: ${copies.length}/${total} strings equal English: ${copies.join(', ')}`,
    ).toBeLessThan(MAX_ENGLISH_COPY_RATIO);
  });

  it('fr_FR strings are real translations, not English copies', () => {
    const english = load('en_US', 'login');
    const french = load('fr_FR', 'login');
    expect(french['login.title']).toBe('Connexion');
    expect(french['setup.title']).toBe('Assistant de configuration');
    const copies = Object.keys(english).filter(
      (key) => english[key] === french[key] && /[a-z]{4}/.test(english[key] ?? ''),
    );
    expect(copies).toEqual([]);
  });
});
