import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../src/config/paths.js';

interface LockedPackage {
  hasInstallScript?: boolean;
}

const readJson = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, name), 'utf8'));

describe('install scripts', () => {
  it('has a decision in allowScripts for every locked package with one, so npm install stays quiet', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };
    const { allowScripts } = readJson('package.json') as { allowScripts: Record<string, boolean> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, locked]) => locked.hasInstallScript === true)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect([...new Set(withScripts)].sort()).toEqual(Object.keys(allowScripts).sort());
  });
});
