import { describe, expect, it } from 'vitest';

import type { DataChanges } from './data-changes.js';
import { DataVersions } from './data-versions.js';

/** Two processes' announcements, delivered to each other as Redis would. */
function twoProcesses(): [DataVersions, DataVersions] {
  const listeners: ((counter: string) => void)[][] = [[], []];
  const side = (own: number): DataChanges => ({
    announce: (counter) => {
      for (const listener of listeners[1 - own] ?? []) listener(counter);
    },
    onAnnounced: (listener) => {
      listeners[own]?.push(listener);
    },
  });
  return [new DataVersions(side(0)), new DataVersions(side(1))];
}

describe('DataVersions', () => {
  it('moves a version on writes to the kinds it follows only', () => {
    const versions = new DataVersions();
    const list = () => versions.of(['romRows', 'notes']);
    expect(list()).toBe(0);
    versions.wrote('notes');
    expect(list()).toBe(1);
    versions.wrote('platforms');
    expect(list()).toBe(1);
    versions.wrote('romRows');
    expect(list()).toBe(2);
  });

  it("keeps one user's data version apart from the others'", () => {
    const versions = new DataVersions();
    versions.wrote('userData', 7);
    expect(versions.of(['userData'], 7)).toBe(1);
    expect(versions.of(['userData'], 8)).toBe(0);
    expect(versions.of(['userData'])).toBe(1);
    // Kinds counted for everyone ignore the user.
    versions.wrote('collections');
    expect(versions.of(['collections', 'userData'], 8)).toBe(1);
  });

  it("follows the writes other processes announce, each in its kind's version", () => {
    const [api, worker] = twoProcesses();
    worker.wrote('romRows');
    worker.wrote('userData', 3);
    expect(api.of(['romRows'])).toBe(1);
    expect(api.of(['userData'], 3)).toBe(1);
    expect(api.of(['userData'], 4)).toBe(0);
    expect(api.of(['notes', 'platforms'])).toBe(0);
    api.wrote('notes');
    expect(worker.of(['notes'])).toBe(1);
    expect(api.of(['notes'])).toBe(1);
  });
});
