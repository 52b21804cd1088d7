import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { hashesOf } from '../../../test/library-fixtures.js';
import { HashPool, SPLIT_HASH_THRESHOLD } from './hash-pool.js';

/**
 * Compiles the worker and the modules it imports into a temporary folder, as the build does
 * into server/dist, so the worker-thread path runs before (and without) a build.
 */
function compileWorker(): URL {
  const outDir = makeTempDir('romshelf-hash-worker-');
  const entry = fileURLToPath(new URL('./hash.worker.ts', import.meta.url));
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    verbatimModuleSyntax: true,
    noLib: true,
    types: [],
    rootDir: path.dirname(entry),
    outDir,
  });
  const emitted = program.emit();
  if (emitted.emitSkipped) throw new Error('the hash worker did not compile');
  writeFileSync(path.join(outDir, 'package.json'), '{ "type": "module" }');
  return pathToFileURL(path.join(outDir, 'hash.worker.js'));
}

const pools: HashPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

function fixture() {
  const dir = makeTempDir('romshelf-hash-');
  const small = Buffer.from('small file');
  const big = Buffer.alloc(SPLIT_HASH_THRESHOLD + 12345);
  for (let index = 0; index < big.length; index += 4096) big[index] = index % 251;
  writeFileSync(path.join(dir, 'small.bin'), small);
  writeFileSync(path.join(dir, 'big.bin'), big);
  writeFileSync(path.join(dir, 'empty.bin'), '');
  // A byteswapped (.v64) N64 ROM and its big-endian bytes, which its RA hash covers.
  const z64 = Buffer.from([0x80, 0x37, 0x12, 0x40, 1, 2, 3, 4, 5, 6, 7, 8]);
  writeFileSync(path.join(dir, 'game.v64'), Buffer.from(z64).swap16());
  return { dir, small, big, z64 };
}

async function checkPool(pool: HashPool) {
  const { dir, small, big, z64 } = fixture();
  expect(await pool.hashFile(path.join(dir, 'small.bin'), small.length)).toEqual({
    ...hashesOf(small),
    ra: null,
    size: small.length,
  });
  expect(await pool.hashFile(path.join(dir, 'big.bin'), big.length)).toEqual({
    ...hashesOf(big),
    ra: null,
    size: big.length,
  });
  expect(await pool.hashFile(path.join(dir, 'empty.bin'), 0)).toEqual({
    ...hashesOf(''),
    ra: null,
    size: 0,
  });
  // RA hashes come from the same read; a file needing no change reuses its md5 (split or not).
  const v64 = await pool.hashFile(path.join(dir, 'game.v64'), z64.length, 'n64');
  expect(v64.ra).toBe(hashesOf(z64).md5);
  expect(v64.md5).not.toBe(v64.ra);
  expect((await pool.hashFile(path.join(dir, 'big.bin'), big.length, 'snes')).ra).toBe(
    hashesOf(big).md5,
  );
  const combined = await pool.run({
    paths: [path.join(dir, 'small.bin'), path.join(dir, 'empty.bin'), path.join(dir, 'small.bin')],
    algorithms: ['crc32', 'md5', 'sha1'],
    combined: true,
  });
  expect(combined.combined).toEqual({
    ...hashesOf(Buffer.concat([small, small])),
    ra: null,
    size: small.length * 2,
  });
  await expect(pool.hashFile(path.join(dir, 'gone.bin'), 1)).rejects.toThrow(/ENOENT/);
  // Still usable after a failure.
  expect((await pool.hashFile(path.join(dir, 'small.bin'), small.length)).md5).toBe(
    hashesOf(small).md5,
  );
  // Sizes and times for the library walk, in order, a file that cannot be read saying why.
  const statuses = await pool.statFiles([
    path.join(dir, 'small.bin'),
    path.join(dir, 'gone.bin'),
    path.join(dir, 'empty.bin'),
  ]);
  expect(statuses).toEqual([
    { size: small.length, mtimeMs: statSync(path.join(dir, 'small.bin')).mtimeMs },
    { error: expect.stringMatching(/ENOENT/) as unknown },
    { size: 0, mtimeMs: statSync(path.join(dir, 'empty.bin')).mtimeMs },
  ]);
}

describe('HashPool', () => {
  it('hashes in this thread when no compiled worker exists (TypeScript sources)', async () => {
    const pool = new HashPool(2);
    pools.push(pool);
    expect(pool.mode).toBe('in-thread');
    await checkPool(pool);
  });

  it('hashes on worker threads with the compiled worker, splitting big files', async () => {
    const pool = new HashPool(2, compileWorker());
    pools.push(pool);
    expect(pool.mode).toBe('workers');
    await checkPool(pool);
  });

  it('ends its idle workers and starts new ones for the next task', async () => {
    const pool = new HashPool(2, compileWorker(), 50);
    pools.push(pool);
    await checkPool(pool);
    expect(pool.workerCount).toBeGreaterThan(0);
    await vi.waitFor(() => expect(pool.workerCount).toBe(0), { timeout: 5_000, interval: 20 });
    await checkPool(pool);
  });
});
