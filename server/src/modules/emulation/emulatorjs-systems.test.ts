import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { EMULATOR_CORES, getEmulatorJsSystem } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/** The system → cores table of the installed EmulatorJS (`getCores()` in src/emulator.js). */
function installedSystemTable(): Record<string, string[]> {
  const dir = path.dirname(require.resolve('@emulatorjs/emulatorjs/package.json'));
  const source = readFileSync(path.join(dir, 'data', 'src', 'emulator.js'), 'utf8');
  const match = /getCores\(\)\s*\{\s*let rv = (\{[\s\S]*?\});/.exec(source);
  if (match?.[1] === undefined) throw new Error('getCores() not found in emulator.js');
  return JSON.parse(match[1]) as Record<string, string[]>;
}

describe('EMULATORJS_SYSTEM_BY_CORE', () => {
  it("matches the installed EmulatorJS's own core → system derivation", () => {
    const table = installedSystemTable();
    for (const core of EMULATOR_CORES) {
      const system = Object.keys(table).find((key) => table[key]?.includes(core)) ?? core;
      expect(getEmulatorJsSystem(core), core).toBe(system);
    }
  });
});
