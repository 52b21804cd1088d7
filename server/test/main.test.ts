import { execFileSync, spawn, spawnSync } from 'node:child_process';
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

  it('prints one human line with the address and the setup hint, keeping stdout as JSON logs', async () => {
    const run = await startUntilAnnounced({ LOG_FORMAT: 'json' });
    expect(run.announcement).toBe(
      `RomShelf is running: open http://127.0.0.1:${String(TEST_PORT)} and finish setup there.`,
    );
    const lines = run.stdout.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(lines.some((line) => line.includes('"msg":"Server listening at'))).toBe(true);
  }, 120_000);

  it('writes readable log lines with LOG_FORMAT=pretty', async () => {
    const run = await startUntilAnnounced({ LOG_FORMAT: 'pretty' });
    expect(run.stdout).toMatch(
      new RegExp(
        `^\\d\\d:\\d\\d:\\d\\d INFO  Server listening at http://127\\.0\\.0\\.1:${String(TEST_PORT)}$`,
        'm',
      ),
    );
    expect(run.stdout).not.toContain('{"level"');
  }, 120_000);
});

/** A port from the range reserved for this project's test servers. */
const TEST_PORT = 3862;

/** Starts the built server until it announces itself, then stops it; returns what it printed. */
function startUntilAnnounced(
  env: Record<string, string>,
): Promise<{ announcement: string; stdout: string }> {
  const dataDir = makeTempDir();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'server', 'dist', 'main.js')], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      ROMSHELF_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(TEST_PORT),
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  return new Promise((resolve, reject) => {
    let announcement: string | undefined;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      announcement ??= stderr.split('\n').find((line) => line.startsWith('RomShelf is'));
      if (announcement !== undefined) child.kill('SIGTERM');
    });
    child.once('close', (code) => {
      if (announcement === undefined)
        reject(new Error(`server exited (${String(code)}): ${stderr}`));
      else resolve({ announcement, stdout });
    });
  });
}
