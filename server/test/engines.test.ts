import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../src/config/paths.js';

interface Semver {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
}
// semver ships with npm's own tree here; only its two range functions are needed.
const semver = createRequire(import.meta.url)('semver') as Semver;

interface LockFile {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'));
}

describe('supported Node version', () => {
  const rootEngines = (readJson('package.json') as { engines: { node: string } }).engines.node;
  const oldestNode = semver.minVersion(rootEngines)?.version ?? '';

  it('is the one README promises', () => {
    const [major, minor] = oldestNode.split('.');
    expect(fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).toContain(
      `Node.js ${String(major)}.${String(minor)} or newer`,
    );
  });

  it('is accepted by every installed package, so npm ci prints no EBADENGINE warning', () => {
    const { packages } = readJson('package-lock.json') as LockFile;
    const refusing = Object.entries(packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(oldestNode, range) ? [`${name} wants node ${range}`] : [];
      });
    expect(oldestNode).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });
});
