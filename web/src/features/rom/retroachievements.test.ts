import { describe, expect, it } from 'vitest';

import { raAchievements, raGameProgress } from './retroachievements';

describe('raAchievements', () => {
  it('is empty without metadata or an achievements list', () => {
    expect(raAchievements(null)).toEqual([]);
    expect(raAchievements({ genres: ['Action'] })).toEqual([]);
    expect(raAchievements({ achievements: 'many' })).toEqual([]);
  });

  it('sorts by display order and skips entries without a title', () => {
    const list = raAchievements({
      achievements: [
        { ra_id: 2, title: 'Second', points: 10, display_order: 2, badge_url: null },
        null,
        { ra_id: 9, title: null, points: 50, display_order: 0 },
        {
          title: 'First',
          description: 'Start',
          points: '5',
          display_order: 1,
          badge_url: '/b.png',
        },
      ],
    });
    expect(list).toEqual([
      {
        key: '#3',
        title: 'First',
        description: 'Start',
        points: 0,
        badgeUrl: '/b.png',
        displayOrder: 1,
      },
      { key: '2', title: 'Second', description: '', points: 10, badgeUrl: null, displayOrder: 2 },
    ]);
  });
});

describe('raGameProgress', () => {
  const progression = {
    total: 2,
    results: [
      { rom_ra_id: 1, num_awarded: 3, num_awarded_hardcore: 1, max_possible: 9 },
      { rom_ra_id: 1446, num_awarded: 12, num_awarded_hardcore: 8, max_possible: 40 },
    ],
  };

  it('finds the game by its RetroAchievements id', () => {
    expect(raGameProgress(progression, 1446)).toEqual({
      awarded: 12,
      awardedHardcore: 8,
      possible: 40,
    });
  });

  it('is null for another game or without a progression', () => {
    expect(raGameProgress(progression, 7)).toBeNull();
    expect(raGameProgress(null, 1446)).toBeNull();
    expect(raGameProgress({ total: 0 }, 1446)).toBeNull();
  });
});
