import { describe, expect, it } from 'vitest';

import { taskSummary } from './task-text';

describe('taskSummary', () => {
  it('sums up a DAT verification: good dumps under any name, incomplete, not in a set', () => {
    expect(
      taskSummary({
        task_key: 'verify_dats',
        meta: {
          update_stats: {
            platforms: 2,
            dats: 2,
            roms_checked: 9,
            verified: 5,
            renamed: 1,
            unknown: 2,
            incomplete: 1,
          },
        },
      }),
    ).toEqual({
      key: 'tasks.summary.verify-dats',
      values: { checked: 9, verified: 6, incomplete: 1, unknown: 2 },
    });
  });
});
