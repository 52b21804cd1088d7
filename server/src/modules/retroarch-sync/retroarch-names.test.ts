import { describe, expect, it } from 'vitest';

import { parseRetroArchPath, retroArchPath, thumbnailOf } from './retroarch-names.js';

describe('RetroArch save and state names', () => {
  it('reads saves and states, flat or in one or two sorting folders', () => {
    expect(parseRetroArchPath('saves/Zelda (USA).srm')).toEqual({
      kind: 'save',
      folders: [],
      stem: 'Zelda (USA)',
      suffix: 'srm',
    });
    expect(parseRetroArchPath('states/FCEUmm/Zelda (USA).state')).toEqual({
      kind: 'state',
      folders: ['FCEUmm'],
      stem: 'Zelda (USA)',
      suffix: 'state',
    });
    expect(parseRetroArchPath('states/nes/FCEUmm/Zelda (USA).state12')).toEqual({
      kind: 'state',
      folders: ['nes', 'FCEUmm'],
      stem: 'Zelda (USA)',
      suffix: 'state12',
    });
    expect(parseRetroArchPath('states/Zelda (USA).state.auto')?.suffix).toBe('state.auto');
    expect(parseRetroArchPath('saves/Game.v1.2.srm')?.stem).toBe('Game.v1.2');
  });

  it('ignores thumbnails, other files, other folders and deeper trees', () => {
    for (const relPath of [
      'states/Zelda (USA).state1.png',
      'saves/Zelda (USA).rtc',
      'saves/.srm',
      'saves',
      'manifest.server',
      'config/retroarch-core-options.cfg',
      'saves/a/b/c/Zelda.srm',
      'states/Zelda.state1000',
      'states/Zelda.state0',
      'saves/Zelda.state',
      'states/Zelda.srm',
    ]) {
      expect(parseRetroArchPath(relPath), relPath).toBeNull();
    }
  });

  it('writes the path back as it was read', () => {
    const relPath = 'states/nes/FCEUmm/Zelda (USA).state.auto';
    const file = parseRetroArchPath(relPath);
    expect(file === null ? null : retroArchPath(file)).toBe(relPath);
    expect(retroArchPath({ kind: 'save', folders: [], stem: 'Zelda', suffix: 'srm' })).toBe(
      'saves/Zelda.srm',
    );
  });

  it("finds the state of RetroArch's thumbnail", () => {
    expect(thumbnailOf('states/FCEUmm/Zelda.state1.png')).toBe('states/FCEUmm/Zelda.state1');
    expect(thumbnailOf('states/Zelda.state.auto.png')).toBe('states/Zelda.state.auto');
    expect(thumbnailOf('saves/Zelda.srm.png')).toBeNull();
    expect(thumbnailOf('states/Zelda.png')).toBeNull();
    expect(thumbnailOf('states/Zelda.state1')).toBeNull();
  });
});
