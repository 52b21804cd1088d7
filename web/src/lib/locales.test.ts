import { I18N_NAMESPACES } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

/** Plural suffixes differ between languages; compare the base keys. */
function baseKeys(entries: Record<string, string>): string[] {
  return [
    ...new Set(
      Object.keys(entries).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')),
    ),
  ].sort();
}

function load(locale: string, namespace: string): Record<string, string> {
  const file = files[`../../public/locales/${locale}/${namespace}.json`];
  if (!file) throw new Error(`missing ${locale}/${namespace}.json`);
  return flatten(file);
}

describe('locale files', () => {
  it('en_US and fr_FR have all eleven namespaces', () => {
    for (const locale of ['en_US', 'fr_FR']) {
      for (const namespace of I18N_NAMESPACES) {
        expect(() => load(locale, namespace)).not.toThrow();
      }
    }
  });

  it('fr_FR translates every en_US key', () => {
    for (const namespace of I18N_NAMESPACES) {
      expect(baseKeys(load('fr_FR', namespace))).toEqual(baseKeys(load('en_US', namespace)));
    }
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
