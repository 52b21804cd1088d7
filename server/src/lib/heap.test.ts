import { describe, expect, it } from 'vitest';

import { collectGarbage } from './heap.js';

describe('collectGarbage', () => {
  it('collects objects nothing refers to any more', async () => {
    let garbage: object | null = { payload: new Array(1000).fill('x') };
    const ref = new WeakRef(garbage);
    garbage = null;
    // A WeakRef keeps its target alive until the current job ends.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect(garbage).toBeNull();
  });
});
