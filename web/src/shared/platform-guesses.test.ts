import type { Platform } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { platformGuesses } from './platform-guesses';

function platform(slug: string, name: string): Platform {
  return { slug, fs_slug: slug, name, display_name: name } as Platform;
}

const CATALOG = [
  platform('3do', '3DO Interactive Multiplayer'),
  platform('genesis', 'Sega Mega Drive/Genesis'),
  platform('sega32', 'Sega 32X'),
  platform('segacd', 'Sega CD'),
  platform('megaduck', 'Mega Duck/Cougar Boy'),
  platform('snes', 'Super Nintendo Entertainment System'),
  platform('psx', 'PlayStation'),
];

describe('platform guesses for a folder', () => {
  it('puts the platform whose name holds the folder name first', () => {
    expect(platformGuesses('Mega Drive', CATALOG).map((entry) => entry.slug)[0]).toBe('genesis');
  });

  it('matches a slug exactly, words and misspellings', () => {
    expect(platformGuesses('PSX', CATALOG)[0]?.slug).toBe('psx');
    expect(platformGuesses('Super Nintendo', CATALOG)[0]?.slug).toBe('snes');
    expect(platformGuesses('Playstaton', CATALOG)[0]?.slug).toBe('psx');
  });

  it('offers nothing for a name like no platform', () => {
    expect(platformGuesses('Backups', CATALOG)).toEqual([]);
  });
});
