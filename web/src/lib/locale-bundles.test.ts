/** The build's translation bundles (web/scripts/locale-bundles.ts), read from real files. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { I18N_NAMESPACES } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { localeBundle } from '../../scripts/locale-bundles';
import common from '../../public/locales/fr_FR/common.json';
import rom from '../../public/locales/fr_FR/rom.json';

const localesDir = path.resolve(import.meta.dirname, '../../public/locales');

describe('localeBundle', () => {
  it("holds each of a language's namespace files under the namespace's name", async () => {
    const bundle = JSON.parse(await localeBundle(localesDir, 'fr_FR')) as Record<string, unknown>;
    expect(Object.keys(bundle)).toEqual([...I18N_NAMESPACES]);
    expect(bundle.common).toEqual(common);
    expect(bundle.rom).toEqual(rom);
  });

  it('leaves out a namespace the language has no file for', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'locale-bundles-'));
    try {
      await mkdir(path.join(dir, 'xx_XX'));
      await writeFile(path.join(dir, 'xx_XX', 'home.json'), '{"home":{"title":"Home"}}');
      expect(await localeBundle(dir, 'xx_XX')).toBe('{"home":{"home":{"title":"Home"}}}');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
