import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../config/paths.js';

/**
 * Runs in a fresh node (a test worker's young generation has long grown): allocates a burst of
 * short-lived objects while held, then again once released, and prints the young generation's
 * resident size after each burst, in MiB.
 */
const PROBE = `
import { getHeapSpaceStatistics } from 'node:v8';
const { holdYoungGeneration, releaseYoungGeneration } = await import(process.env.MODULE_URL);
const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').physical_space_size / 1048576;
const burst = () => { let kept = []; for (let i = 0; i < 2_000_000; i++) { kept.push({ i, name: 'rom ' + i }); if (kept.length > 50_000) kept = []; } };
holdYoungGeneration(); burst(); const held = young();
releaseYoungGeneration(); burst(); burst(); const released = young();
process.stdout.write(JSON.stringify({ held, released }));
`;

describe('holding the young generation during start-up', () => {
  it('keeps it at its initial size while held, and lets it grow once released', () => {
    execFileSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsc'),
      ['-b', 'contract', 'server'],
      {
        cwd: REPO_ROOT,
        stdio: 'pipe',
      },
    );
    const moduleUrl = pathToFileURL(
      path.join(REPO_ROOT, 'server', 'dist', 'lib', 'start-up-heap.js'),
    );
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE], {
      env: { PATH: process.env.PATH, MODULE_URL: moduleUrl.href },
      encoding: 'utf8',
    });
    const { held, released } = JSON.parse(output) as { held: number; released: number };
    expect(held).toBeLessThanOrEqual(2);
    expect(released).toBeGreaterThanOrEqual(16);
  }, 120_000);
});
