import type { PadIntent } from '@/lib/gamepad';

/** A move on a screen: the intents that move focus (the others act on the focused item). */
export type MoveIntent = Extract<
  PadIntent,
  'up' | 'down' | 'left' | 'right' | 'pageUp' | 'pageDown'
>;

export function isMove(intent: PadIntent): intent is MoveIntent {
  return (
    intent === 'up' ||
    intent === 'down' ||
    intent === 'left' ||
    intent === 'right' ||
    intent === 'pageUp' ||
    intent === 'pageDown'
  );
}

/**
 * The next focused item of a grid of `total` items, `columns` to a row, `pageRows` rows to a
 * screen. Left and right wrap to the row before or after; a move past either end stays; a page
 * down that overshoots lands on the last item.
 */
export function moveInGrid(
  index: number,
  intent: MoveIntent,
  { columns, total, pageRows }: { columns: number; total: number; pageRows: number },
): number {
  if (total <= 0) return 0;
  const last = total - 1;
  const step = {
    left: -1,
    right: 1,
    up: -columns,
    down: columns,
    pageUp: -columns * pageRows,
    pageDown: columns * pageRows,
  }[intent];
  const next = index + step;
  if (next < 0) return intent === 'pageUp' ? index % columns : index;
  if (next > last) {
    if (intent === 'pageDown') return last;
    // Down from a row above a shorter last row lands on its last item.
    if (intent === 'down' && Math.floor(index / columns) < Math.floor(last / columns)) return last;
    return index;
  }
  return next;
}

/** Focus on a screen of rows (the home screen): which row, and the item in it. */
export interface RowFocus {
  row: number;
  column: number;
}

/**
 * The next focus over rows of `lengths` items (empty rows are skipped): left and right move in
 * the row, up and down go to the nearest non-empty row, keeping the column where it fits.
 */
export function moveInRows(
  focus: RowFocus,
  intent: MoveIntent,
  lengths: readonly number[],
): RowFocus {
  const length = lengths[focus.row] ?? 0;
  if (intent === 'left') return { ...focus, column: Math.max(0, focus.column - 1) };
  if (intent === 'right') return { ...focus, column: Math.min(length - 1, focus.column + 1) };
  const direction = intent === 'up' || intent === 'pageUp' ? -1 : 1;
  for (let row = focus.row + direction; row >= 0 && row < lengths.length; row += direction) {
    const rowLength = lengths[row] ?? 0;
    if (rowLength > 0) return { row, column: Math.min(focus.column, rowLength - 1) };
  }
  return focus;
}

/** The first focus of a screen of rows: the first non-empty row. */
export function firstRowFocus(lengths: readonly number[]): RowFocus {
  const row = lengths.findIndex((length) => length > 0);
  return { row: Math.max(0, row), column: 0 };
}

/**
 * The first row to show so that `row` is on screen, moving the window as little as possible
 * from `top`, `visible` rows at a time.
 */
export function windowTop(top: number, row: number, visible: number): number {
  if (row < top) return row;
  if (row >= top + visible) return row - visible + 1;
  return top;
}
