import { describe, expect, it } from 'vitest';

import { nearestInDirection } from './spatial-focus';
import type { Box } from './spatial-focus';

/** A 3-column grid of 100 x 150 cards with 20 px gaps; the last row holds one card. */
const grid: Box[] = [0, 1, 2, 3, 4, 5, 6].map((index) => ({
  left: (index % 3) * 120,
  top: Math.floor(index / 3) * 170,
  width: 100,
  height: 150,
}));

/** The grid index of the card `direction` leads to from card `index`, or -1. */
function from(index: number, direction: 'up' | 'down' | 'left' | 'right'): number {
  const origin = grid[index];
  if (origin === undefined) throw new Error('no such card');
  const others = grid.filter((_, at) => at !== index);
  const found = nearestInDirection(origin, others, direction);
  return found === -1 ? -1 : grid.indexOf(others[found] as Box);
}

describe('nearestInDirection', () => {
  it('moves to the neighbour on each side in a grid', () => {
    expect(from(4, 'left')).toBe(3);
    expect(from(4, 'right')).toBe(5);
    expect(from(4, 'up')).toBe(1);
    expect(from(4, 'down')).toBe(6);
    expect(from(1, 'down')).toBe(4);
  });

  it('stays in its row at the ends instead of wrapping', () => {
    expect(from(2, 'right')).toBe(-1);
    expect(from(3, 'left')).toBe(-1);
    expect(from(0, 'up')).toBe(-1);
    expect(from(6, 'down')).toBe(-1);
  });

  it('goes down to the nearest card of a shorter last row, and back up to its column', () => {
    expect(from(5, 'down')).toBe(6);
    expect(from(6, 'up')).toBe(3);
  });

  it('prefers the card straight below to a nearer one off to the side', () => {
    const origin: Box = { left: 0, top: 0, width: 100, height: 100 };
    const boxes: Box[] = [
      { left: 150, top: 110, width: 100, height: 100 },
      { left: 0, top: 200, width: 100, height: 100 },
    ];
    expect(nearestInDirection(origin, boxes, 'down')).toBe(1);
  });
});
