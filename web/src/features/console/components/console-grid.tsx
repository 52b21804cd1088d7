import Box from '@mui/material/Box';
import type { SimpleRom } from '@romshelf/contract';

import { useUiSetting } from '@/shared/stores/ui-settings-store';

import type { GridLayout } from '../use-grid-layout';
import { tv } from '../tv-units';
import { ConsoleGameCard } from './console-game-card';

/** Rows drawn beyond the screen each way, so a move shows its row at once. */
const EXTRA_ROWS = 1;

/**
 * The windowed grid of a console list: only the rows around the ones on screen are in the page
 * (a platform of 100,000 games draws a few dozen cards), moved as one block so a step slides.
 */
export function ConsoleGrid({
  layout,
  total,
  top,
  focused,
  romAt,
  onActivate,
}: {
  layout: GridLayout;
  total: number;
  /** The first row on screen. */
  top: number;
  /** The focused item, or null when focus is elsewhere (the letters). */
  focused: number | null;
  romAt: (index: number) => SimpleRom | undefined;
  onActivate: (index: number) => void;
}) {
  const still = useUiSetting('disableAnimations');
  const { columns, cardWidth, rowHeight, visibleRows, gap } = layout;
  const rowTotal = Math.ceil(total / columns);
  const first = Math.max(0, top - EXTRA_ROWS);
  const last = Math.min(rowTotal - 1, top + visibleRows + EXTRA_ROWS);
  const rows: number[] = [];
  for (let row = first; row <= last; row += 1) rows.push(row);
  return (
    <Box
      data-testid="console-grid"
      sx={{
        position: 'relative',
        transition: still ? 'none' : 'transform 160ms ease-out',
      }}
      style={{ transform: `translateY(${String(-top * rowHeight)}px)` }}
    >
      {rows.map((row) => (
        <Box
          key={row}
          role="presentation"
          sx={{ position: 'absolute', left: 0, right: 0, display: 'flex' }}
          style={{ top: row * rowHeight, gap }}
        >
          {Array.from({ length: Math.min(columns, total - row * columns) }, (_, column) => {
            const index = row * columns + column;
            const rom = romAt(index);
            return rom ? (
              <ConsoleGameCard
                key={rom.id}
                rom={rom}
                width={`${String(cardWidth)}px`}
                focused={focused === index}
                onActivate={() => onActivate(index)}
                scroll={false}
              />
            ) : (
              <Box
                key={`pending-${String(index)}`}
                aria-hidden
                data-console-pending
                data-focused={focused === index ? 'true' : undefined}
                sx={{
                  flexShrink: 0,
                  aspectRatio: '2 / 3',
                  borderRadius: tv(1.4),
                  bgcolor: 'action.hover',
                  '&[data-focused="true"]': { outline: 2, outlineColor: 'primary.main' },
                }}
                style={{ width: cardWidth }}
              />
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
