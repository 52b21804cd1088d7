import { describe, expect, it } from 'vitest';

import { chooseGame } from './game-choice.js';

const nes = { romId: 1, platformSlug: 'nes', platformFsSlug: 'nes' };
const gb = { romId: 2, platformSlug: 'gb', platformFsSlug: 'Game Boy' };
const nes2 = { romId: 3, platformSlug: 'nes', platformFsSlug: 'famicom-dumps' };

describe('choosing the game of a RetroArch file', () => {
  it('takes the only candidate when no folder says otherwise', () => {
    expect(chooseGame([nes], [])).toEqual({ kind: 'matched', romId: 1, core: null });
    expect(chooseGame([nes], ['My Stuff'])).toEqual({ kind: 'matched', romId: 1, core: null });
  });

  it('narrows by the core folder and records the core as the emulator', () => {
    const choice = chooseGame([nes, gb], ['FCEUmm']);
    expect(choice.kind === 'matched' && choice.romId).toBe(1);
    expect(choice.kind === 'matched' && choice.core?.emulator).toBe('fceumm');
    const sibling = chooseGame([nes, gb], ['SameBoy']);
    expect(sibling.kind === 'matched' && sibling.romId).toBe(2);
    expect(sibling.kind === 'matched' && sibling.core?.emulator).toBe('SameBoy');
  });

  it('narrows by the content folder (platform folder or slug)', () => {
    expect(chooseGame([nes, gb], ['Game Boy'])).toMatchObject({ kind: 'matched', romId: 2 });
    expect(chooseGame([nes, nes2], ['famicom-dumps', 'Nestopia'])).toMatchObject({
      kind: 'matched',
      romId: 3,
    });
  });

  it('refuses a core that plays none of the candidates, and several left', () => {
    expect(chooseGame([gb], ['FCEUmm'])).toEqual({ kind: 'unknown' });
    expect(chooseGame([], [])).toEqual({ kind: 'unknown' });
    expect(chooseGame([nes, nes2], ['FCEUmm'])).toEqual({ kind: 'ambiguous', romIds: [1, 3] });
    expect(chooseGame([nes, gb], [])).toEqual({ kind: 'ambiguous', romIds: [1, 2] });
  });
});
