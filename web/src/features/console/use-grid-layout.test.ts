import { describe, expect, it } from 'vitest';

import { gridLayout } from './use-grid-layout';

describe('gridLayout', () => {
  it('lays a 1080p screen and a 4K screen out alike, the 4K one at twice the pixels', () => {
    const hd = gridLayout(1623, 755, 10.8);
    const uhd = gridLayout(3246, 1510, 21.6);
    expect(hd.columns).toBe(8);
    expect(uhd.columns).toBe(hd.columns);
    expect(uhd.visibleRows).toBe(hd.visibleRows);
    expect(Math.abs(uhd.rowHeight - 2 * hd.rowHeight)).toBeLessThanOrEqual(1);
    expect(hd.visibleRows).toBe(2);
  });

  it('keeps two columns at least on a narrow screen', () => {
    expect(gridLayout(300, 600, 4).columns).toBe(4);
    expect(gridLayout(100, 600, 4).columns).toBe(2);
  });
});
