import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { REPO_ROOT } from '../../config/paths.js';
import { SECRET_KEY_FILE, loadSecretKey } from './secret-key.js';

const decode = (key: Uint8Array) => new TextDecoder().decode(key);

/**
 * A process that says "ready", blocks reading its stdin until the test writes a line (or goes
 * away: no spinning process outlives a failed test), loads the key of `dataDir` and prints it:
 * several of them released at once race to create the key.
 */
const RACER = `
import { readSync } from 'node:fs';
const [modulePath, dataDir] = process.argv.slice(1);
const { loadSecretKey } = await import(modulePath);
process.stdout.write('ready\\n');
readSync(0, Buffer.alloc(1));
process.stdout.write(new TextDecoder().decode(loadSecretKey(dataDir, null)) + '\\n');
`;

function startRacer(modulePath: string, dataDir: string) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', RACER, modulePath, dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.startsWith('ready\n')) resolve();
    });
  });
  const key = new Promise<string>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(output.slice('ready\n'.length).trim());
      else reject(new Error(`racer exited with ${String(code)}`));
    });
  });
  return { ready, key, go: () => child.stdin.end('go\n') };
}

describe('loadSecretKey', () => {
  it('generates a key once and reads the same key back', () => {
    const dataDir = makeTempDir();
    const first = decode(loadSecretKey(dataDir, null));
    expect(first.length).toBe(64);
    expect(decode(loadSecretKey(dataDir, null))).toBe(first);
    expect(readFileSync(path.join(dataDir, SECRET_KEY_FILE), 'utf8')).toBe(`${first}\n`);
  });

  it('prefers ROMSHELF_AUTH_SECRET_KEY and replaces a key file too short to be one', () => {
    const dataDir = makeTempDir();
    expect(decode(loadSecretKey(dataDir, 'configured-key'))).toBe('configured-key');
    writeFileSync(path.join(dataDir, SECRET_KEY_FILE), 'short\n');
    const generated = decode(loadSecretKey(dataDir, null));
    expect(generated.length).toBe(64);
    expect(readFileSync(path.join(dataDir, SECRET_KEY_FILE), 'utf8')).toBe(`${generated}\n`);
  });

  it('gives processes that start together on one data folder the same key', async () => {
    execFileSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsc'),
      ['-b', 'contract', 'server'],
      {
        cwd: REPO_ROOT,
        stdio: 'pipe',
      },
    );
    const modulePath = pathToFileURL(
      path.join(REPO_ROOT, 'server', 'dist', 'modules', 'auth', 'secret-key.js'),
    ).href;
    for (let round = 0; round < 5; round += 1) {
      const dataDir = makeTempDir();
      const racers = Array.from({ length: 4 }, () => startRacer(modulePath, dataDir));
      await Promise.all(racers.map((racer) => racer.ready));
      for (const racer of racers) racer.go();
      const keys = await Promise.all(racers.map((racer) => racer.key));
      const stored = readFileSync(path.join(dataDir, SECRET_KEY_FILE), 'utf8').trim();
      expect(keys).toEqual([stored, stored, stored, stored]);
    }
  }, 120_000);
});
