import { describe, expect, it } from 'vitest';

import { continueChoices, startOf } from './play-choices';

const asset = (id: number, updated_at: string, screenshot: string | null = null) => ({
  id,
  updated_at,
  screenshot: screenshot === null ? null : { download_path: screenshot },
});

describe('continueChoices', () => {
  it('offers nothing when there is nothing to continue', () => {
    expect(continueChoices({ user_states: [], user_saves: [] })).toEqual([]);
  });

  it('offers a new game, then states and saves newest first', () => {
    const rom = {
      user_states: [
        asset(1, '2026-11-01T10:00:00Z'),
        asset(2, '2026-11-03T10:00:00Z', '/shot.png'),
      ],
      user_saves: [asset(9, '2026-11-02T10:00:00Z')],
    } as unknown as Parameters<typeof continueChoices>[0];
    const choices = continueChoices(rom);
    expect(choices).toEqual([
      { type: 'fresh' },
      { type: 'state', id: 2, updatedAt: '2026-11-03T10:00:00Z', screenshot: '/shot.png' },
      { type: 'state', id: 1, updatedAt: '2026-11-01T10:00:00Z', screenshot: null },
      { type: 'save', id: 9, updatedAt: '2026-11-02T10:00:00Z', screenshot: null },
    ]);
    expect(choices.map(startOf)).toEqual([
      { type: 'fresh' },
      { type: 'state', id: 2 },
      { type: 'state', id: 1 },
      { type: 'save', id: 9 },
    ]);
  });
});
