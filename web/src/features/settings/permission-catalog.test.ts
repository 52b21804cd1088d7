import { describe, expect, it } from 'vitest';

import { effectiveKeys, grantsOf, keysOf, overridesBetween } from './permission-catalog';

describe('the permission matrix keys', () => {
  const group = keysOf([
    { entity: 'roms', action: 'read' },
    { entity: 'collections', action: 'write' },
  ]);

  it('saves personal grants as own-only, others as global', () => {
    expect(grantsOf(group)).toEqual([
      { entity: 'roms', action: 'read', own_only: false },
      { entity: 'collections', action: 'write', own_only: true },
    ]);
  });

  it("turns a user's boxes into grants and denials against the group, and back", () => {
    const wanted = new Set(['collections:write', 'platforms:read']);
    const overrides = overridesBetween(group, wanted);
    expect(overrides).toEqual([
      { entity: 'platforms', action: 'read', own_only: false, granted: true },
      { entity: 'roms', action: 'read', own_only: false, granted: false },
    ]);
    expect(effectiveKeys(group, overrides)).toEqual(wanted);
    expect(overridesBetween(group, group)).toEqual([]);
  });
});
