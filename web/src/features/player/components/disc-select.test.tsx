import type { RomFile } from '@romshelf/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';

import { createTestI18n } from '@/test/i18n';

import { discFileIds, discGameUrl, listDiscs, pickDisc } from '../discs';
import { CHD_FILES, CUE_BIN_FILES, CUE_SHEETS, FF7, romFile } from '../discs.fixtures';
import { DiscSelect } from './disc-select';

/** The page's wiring: the list, the remembered disc, and the choice. */
function Harness({
  files,
  remembered,
  onChoice,
}: {
  files: RomFile[];
  remembered: string | null;
  onChoice: (disc: RomFile) => void;
}) {
  const discs = listDiscs(files);
  const [choice, setChoice] = useState(remembered);
  return (
    <DiscSelect
      discs={discs}
      value={pickDisc(discs, choice)}
      onChange={(disc) => {
        setChoice(String(disc.id));
        onChoice(disc);
      }}
    />
  );
}

async function renderDiscs(files: RomFile[], remembered: string | null = null) {
  const i18n = await createTestI18n();
  const chosen: RomFile[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <Harness files={files} remembered={remembered} onChoice={(disc) => chosen.push(disc)} />
    </I18nextProvider>,
  );
  return chosen;
}

const shownDisc = () => within(screen.getByTestId('player-disc')).getByRole('combobox').textContent;

function openDiscs() {
  fireEvent.mouseDown(within(screen.getByTestId('player-disc')).getByRole('combobox'));
  return screen.getAllByTestId('player-disc-option');
}

describe('DiscSelect', () => {
  afterEach(cleanup);

  it('offers each cue sheet of a cue + bin folder, with its disc number', async () => {
    await renderDiscs(CUE_BIN_FILES);
    expect(shownDisc()).toBe('FF7 (Disc 1).cue');
    expect(openDiscs().map((option) => option.textContent)).toEqual([
      'FF7 (Disc 1).cueDisc 1',
      'FF7 (Disc 2).cueDisc 2',
    ]);
  });

  it('offers one .chd per disc and starts on the remembered one', async () => {
    await renderDiscs(CHD_FILES, '22');
    expect(shownDisc()).toBe('Game (Disc 2).chd');
    expect(openDiscs().map((option) => option.textContent)).toEqual([
      'Game (Disc 1).chdDisc 1',
      'Game (Disc 2).chdDisc 2',
      'Game (Disc 10).chdDisc 10',
    ]);
  });

  it('marks a playlist as holding every disc', async () => {
    await renderDiscs([...CUE_BIN_FILES, romFile(18, 'FF7.m3u')]);
    expect(openDiscs()[0]?.textContent).toBe('FF7.m3uPlaylist of every disc');
  });

  it('is not shown for a single-file game', async () => {
    await renderDiscs([romFile(41, 'Crash Bandicoot (USA).chd', { category: null })]);
    expect(screen.queryByTestId('player-disc')).toBeNull();
  });

  it('boots the chosen cue disc with the tracks its sheet names', async () => {
    const chosen = await renderDiscs(CUE_BIN_FILES);
    const second = openDiscs()[1];
    if (second === undefined) throw new Error('no second disc');
    fireEvent.click(second);
    expect(shownDisc()).toBe('FF7 (Disc 2).cue');
    const [disc] = chosen;
    if (disc === undefined) throw new Error('nothing chosen');
    const ids = await discFileIds(disc, CUE_BIN_FILES, (file) =>
      Promise.resolve(CUE_SHEETS[file.id] ?? ''),
    );
    expect(discGameUrl(FF7, disc, ids)).toBe(
      '/api/roms/7/content/Final%20Fantasy%20VII%20(USA)?file_ids=15,14',
    );
  });
});
