import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../src/config/paths.js';
import { makeTempDir } from './build-test-app.js';

describe('node server/dist/main.js', () => {
  it('stops with exit code 1 and one line on stderr for a bad environment value', () => {
    execFileSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsc'),
      ['-b', 'contract', 'server'],
      {
        cwd: REPO_ROOT,
        stdio: 'pipe',
      },
    );
    const dataDir = makeTempDir();
    const result = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, 'server', 'dist', 'main.js')],
      {
        cwd: dataDir,
        env: { PATH: process.env.PATH, ROMSHELF_DATA_DIR: dataDir, PORT: 'abc' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")\n',
    );
    expect(result.stdout).toBe('');
  }, 120_000);
});
