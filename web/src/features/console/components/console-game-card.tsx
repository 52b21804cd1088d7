import Box from '@mui/material/Box';
import type { SimpleRom } from '@romshelf/contract';

import { GameCover, gameTitle } from '@/components/game-cover';

import { tv, wantsLargeArt } from '../tv-units';
import { ConsoleTile, TileCaption } from './console-tile';

/** A game in console mode: its big cover and title. */
export function ConsoleGameCard({
  rom,
  width,
  focused,
  onActivate,
  scroll,
}: {
  rom: SimpleRom;
  width: string;
  focused: boolean;
  onActivate: () => void;
  scroll?: boolean;
}) {
  return (
    <ConsoleTile
      focused={focused}
      onActivate={onActivate}
      scroll={scroll}
      testId={`console-game-${String(rom.id)}`}
      sx={{ width, gap: tv(1) }}
    >
      <Box sx={{ width: '100%' }}>
        <GameCover rom={rom} large={wantsLargeArt()} radius={12} titled={false} />
      </Box>
      <TileCaption title={gameTitle(rom)} />
    </ConsoleTile>
  );
}
