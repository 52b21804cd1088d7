import { describe, expect, it } from 'vitest';

import { hashString, platformBadge, platformKind, platformLabel } from './platform-badge';

describe('platformLabel', () => {
  it('uses the well-known short names', () => {
    expect(platformLabel('snes', 'Super Nintendo Entertainment System')).toBe('SNES');
    expect(platformLabel('psx', 'PlayStation')).toBe('PS1');
    expect(platformLabel('genesis', 'Sega Mega Drive/Genesis')).toBe('MD');
  });

  it('upper-cases short slugs', () => {
    expect(platformLabel('x1', 'Sharp X1')).toBe('X1');
  });

  it('falls back to initials, keeping numbers whole', () => {
    expect(platformLabel('my-homebrew-box', 'My Homebrew Box')).toBe('MHB');
    expect(platformLabel('some-thing', 'Thing 2000 Deluxe')).toBe('T200');
  });

  it('never returns an empty label', () => {
    expect(platformLabel('zzzzzzz', 'Zzzzzzz')).toBe('ZZZ');
    expect(platformLabel('', '')).toBe('?');
  });
});

describe('platformKind', () => {
  it.each([
    ['Console', 'console'],
    ['Portable Console', 'portable'],
    ['Computer', 'computer'],
    ['Operating System', 'computer'],
    ['Arcade', 'arcade'],
    [null, 'other'],
  ] as const)('%s → %s', (category, kind) => {
    expect(platformKind(category)).toBe(kind);
  });
});

describe('platformBadge', () => {
  it('gives a family one hue', () => {
    const snes = platformBadge({ slug: 'snes', name: 'SNES', family_name: 'Nintendo' });
    const gba = platformBadge({ slug: 'gba', name: 'GBA', family_name: 'Nintendo' });
    expect(snes.hue).toBe(gba.hue);
  });

  it('knows the family and kind of common slugs when only the slug is given', () => {
    const fromRom = platformBadge({ slug: 'snes', name: 'SNES' });
    const fromApi = platformBadge({
      slug: 'snes',
      name: 'SNES',
      family_name: 'Nintendo',
      category: 'Console',
    });
    expect(fromRom).toEqual(fromApi);
    expect(platformBadge({ slug: 'gba', name: 'GBA' }).kind).toBe('portable');
    expect(platformBadge({ slug: 'arcade', name: 'Arcade' }).kind).toBe('arcade');
  });

  it('is deterministic for unknown folders', () => {
    const first = platformBadge({ slug: 'my-folder', name: 'My Folder' });
    const second = platformBadge({ slug: 'my-folder', name: 'My Folder' });
    expect(first).toEqual(second);
    expect(first.hue).toBe(hashString('my-folder') % 360);
    expect(first.kind).toBe('other');
  });
});
