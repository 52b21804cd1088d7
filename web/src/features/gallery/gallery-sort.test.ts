import { describe, expect, it } from 'vitest';

import { parseSort, withSort } from './gallery-sort';

describe('the sort in the URL', () => {
  it('reads and writes each sort by its name, keeping the other parameters', () => {
    const params = withSort(new URLSearchParams('genres=RPG'), {
      orderBy: 'first_release_date',
      orderDir: 'desc',
    });
    expect(params.toString()).toBe('genres=RPG&sort=released&order=desc');
    expect(parseSort(params)).toEqual({ orderBy: 'first_release_date', orderDir: 'desc' });
    expect(parseSort(new URLSearchParams('sort=file-name'))).toEqual({
      orderBy: 'fs_name',
      orderDir: 'asc',
    });
  });

  it('names no sort for a missing or unknown one', () => {
    expect(parseSort(new URLSearchParams(''))).toBeNull();
    expect(parseSort(new URLSearchParams('sort=colour&order=desc'))).toBeNull();
  });
});
