import type { DetailedRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { romEditForm } from './rom-edit';
import type { RomEdit } from './rom-edit';

const rom = {
  id: 4,
  name: 'Comet Rally',
  fs_name: 'Comet Rally (USA).gba',
  summary: null,
  url_cover: null,
  igdb_id: 12,
  moby_id: null,
  ss_id: null,
  launchbox_id: null,
} as DetailedRom;

function edit(change: Partial<RomEdit> = {}): RomEdit {
  return {
    name: 'Comet Rally',
    fs_name: 'Comet Rally (USA).gba',
    summary: '',
    url_cover: '',
    igdb_id: '12',
    moby_id: '',
    ss_id: '',
    launchbox_id: '',
    artwork: null,
    remove_cover: false,
    unmatch_metadata: false,
    ...change,
  };
}

describe('romEditForm', () => {
  it('sends nothing when nothing changed', () => {
    expect([...romEditForm(rom, edit()).keys()]).toEqual([]);
  });

  it('sends only the changed fields, trimmed, and the artwork file', () => {
    const artwork = new File(['x'], 'cover.png', { type: 'image/png' });
    const form = romEditForm(
      rom,
      edit({
        name: '  Comet Rally Deluxe ',
        fs_name: 'Comet Rally Deluxe (USA).gba',
        summary: '**Fast**',
        url_cover: ' https://example.com/c.png ',
        igdb_id: '',
        moby_id: '77',
        artwork,
      }),
    );
    expect(form.get('name')).toBe('Comet Rally Deluxe');
    expect(form.get('fs_name')).toBe('Comet Rally Deluxe (USA).gba');
    expect(form.get('summary')).toBe('**Fast**');
    expect(form.get('url_cover')).toBe('https://example.com/c.png');
    expect(form.get('igdb_id')).toBe('');
    expect(form.get('moby_id')).toBe('77');
    expect(form.has('ss_id')).toBe(false);
    expect((form.get('artwork') as File).name).toBe('cover.png');
  });

  it('leaves provider ids to unmatch_metadata when unmatching', () => {
    const form = romEditForm(rom, edit({ igdb_id: '', unmatch_metadata: true }));
    expect(form.has('igdb_id')).toBe(false);
  });
});
