import type { Platform } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { groupPlatforms } from './platform-groups';

const platform = (fs_slug: string, fields: Partial<Platform>) =>
  ({ fs_slug, family_name: null, generation: null, category: null, ...fields }) as Platform;

describe('groupPlatforms', () => {
  const list = [
    platform('snes', { family_name: 'Nintendo', generation: 4, category: 'Console' }),
    platform('gba', { family_name: 'Nintendo', generation: 6, category: 'Portable Console' }),
    platform('megadrive', { family_name: 'Sega', generation: 4, category: 'Console' }),
    platform('homebrew', {}),
  ];
  const slugs = (groups: ReturnType<typeof groupPlatforms>) =>
    groups.map((group) => [group.value, group.platforms.map((item) => item.fs_slug)]);

  it('groups by manufacturer, unknown last', () => {
    expect(slugs(groupPlatforms(list, 'family_name'))).toEqual([
      ['Nintendo', ['snes', 'gba']],
      ['Sega', ['megadrive']],
      [null, ['homebrew']],
    ]);
  });

  it('groups by generation in number order', () => {
    expect(slugs(groupPlatforms(list, 'generation'))).toEqual([
      [4, ['snes', 'megadrive']],
      [6, ['gba']],
      [null, ['homebrew']],
    ]);
  });

  it('groups by type', () => {
    expect(slugs(groupPlatforms(list, 'category'))).toEqual([
      ['Console', ['snes', 'megadrive']],
      ['Portable Console', ['gba']],
      [null, ['homebrew']],
    ]);
  });
});
