import { describe, expect, it } from 'vitest';

import { firstRowFocus, moveInGrid, moveInRows, windowTop } from './grid-nav';

const grid = { columns: 5, total: 23, pageRows: 2 };

describe('moveInGrid', () => {
  it('steps by one across and by a row up and down', () => {
    expect(moveInGrid(6, 'right', grid)).toBe(7);
    expect(moveInGrid(6, 'left', grid)).toBe(5);
    expect(moveInGrid(6, 'down', grid)).toBe(11);
    expect(moveInGrid(6, 'up', grid)).toBe(1);
  });

  it('wraps left and right to the row before or after', () => {
    expect(moveInGrid(4, 'right', grid)).toBe(5);
    expect(moveInGrid(5, 'left', grid)).toBe(4);
  });

  it('stays at the ends, and lands on the last item from above a short last row', () => {
    expect(moveInGrid(0, 'left', grid)).toBe(0);
    expect(moveInGrid(2, 'up', grid)).toBe(2);
    expect(moveInGrid(22, 'right', grid)).toBe(22);
    expect(moveInGrid(19, 'down', grid)).toBe(22);
    expect(moveInGrid(21, 'down', grid)).toBe(21);
  });

  it('pages by a screen of rows, keeping the column, ending on the first or last item', () => {
    expect(moveInGrid(1, 'pageDown', grid)).toBe(11);
    expect(moveInGrid(11, 'pageDown', grid)).toBe(21);
    expect(moveInGrid(21, 'pageDown', grid)).toBe(22);
    expect(moveInGrid(13, 'pageUp', grid)).toBe(3);
    expect(moveInGrid(8, 'pageUp', grid)).toBe(3);
  });

  it('has nowhere to go in an empty list', () => {
    expect(moveInGrid(0, 'down', { ...grid, total: 0 })).toBe(0);
  });
});

describe('moveInRows', () => {
  const lengths = [4, 0, 2];

  it('moves along a row up to its ends', () => {
    expect(moveInRows({ row: 0, column: 1 }, 'right', lengths)).toEqual({ row: 0, column: 2 });
    expect(moveInRows({ row: 0, column: 3 }, 'right', lengths)).toEqual({ row: 0, column: 3 });
    expect(moveInRows({ row: 0, column: 0 }, 'left', lengths)).toEqual({ row: 0, column: 0 });
  });

  it('skips empty rows and keeps the column where it fits', () => {
    expect(moveInRows({ row: 0, column: 3 }, 'down', lengths)).toEqual({ row: 2, column: 1 });
    expect(moveInRows({ row: 2, column: 1 }, 'up', lengths)).toEqual({ row: 0, column: 1 });
    expect(moveInRows({ row: 2, column: 0 }, 'down', lengths)).toEqual({ row: 2, column: 0 });
  });

  it('starts on the first row that has something', () => {
    expect(firstRowFocus([0, 0, 3])).toEqual({ row: 2, column: 0 });
    expect(firstRowFocus([0, 0])).toEqual({ row: 0, column: 0 });
  });
});

describe('windowTop', () => {
  it('moves the window only as far as needed to show the row', () => {
    expect(windowTop(4, 5, 2)).toBe(4);
    expect(windowTop(4, 6, 2)).toBe(5);
    expect(windowTop(4, 2, 2)).toBe(2);
    expect(windowTop(0, 40, 3)).toBe(38);
  });
});
