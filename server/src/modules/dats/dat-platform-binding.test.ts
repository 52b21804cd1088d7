import { PLATFORM_CATALOG } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import type { BindablePlatform } from './dat-platform-binding.js';
import { platformForHeader } from './dat-platform-binding.js';

const SLUGS = ['gba', 'psx', 'amiga', 'nes', 'genesis', 'gb', 'snes', 'nds', 'tg16', 'psp'];

/** Library platforms named as the catalogue names them, ids 1… in SLUGS order. */
const LIBRARY: BindablePlatform[] = SLUGS.map((slug, index) => ({
  id: index + 1,
  slug,
  name: PLATFORM_CATALOG.find((entry) => entry.slug === slug)?.name ?? slug,
  custom_name: null,
}));

const slugOf = (headerName: string, platforms = LIBRARY) => {
  const id = platformForHeader(headerName, platforms);
  return id === null ? null : (SLUGS[id - 1] ?? null);
};

describe('the platform a DAT header names', () => {
  it.each([
    ['Nintendo - Game Boy Advance', 'gba'],
    ['Nintendo - Game Boy Advance (Multiboot)', 'gba'],
    ['Nintendo - Game Boy', 'gb'],
    ['Nintendo - Nintendo Entertainment System (Headered)', 'nes'],
    ['Nintendo - Super Nintendo Entertainment System', 'snes'],
    ['Nintendo - Nintendo DS (Decrypted)', 'nds'],
    ['Sega - Mega Drive - Genesis', 'genesis'],
    ['Sony - PlayStation', 'psx'],
    ['Sony - PlayStation Portable', 'psp'],
    ['Commodore Amiga - Games - [ADF]', 'amiga'],
    ['NEC - PC Engine - TurboGrafx-16', 'tg16'],
  ])('binds "%s" to %s', (header, slug) => {
    expect(slugOf(header)).toBe(slug);
  });

  it('binds nothing when the library lacks the platform, or the name is unknown', () => {
    expect(slugOf('Nintendo - Game Boy Advance', LIBRARY.slice(1))).toBe(null);
    expect(slugOf('Unknown Maker - Mystery Console')).toBe(null);
  });

  it("prefers a library platform's own custom name", () => {
    const custom = [...LIBRARY, { id: 99, slug: 'my-gba', name: 'x', custom_name: 'My Handheld' }];
    expect(platformForHeader('Homebrew - My Handheld', custom)).toBe(99);
  });
});
