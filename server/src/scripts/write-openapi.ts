/**
 * Writes the OpenAPI document to openapi.json at the repository root (`npm run gen`).
 * With `--check` it writes nothing and fails when the committed copy differs from what the
 * code produces (`npm run check:openapi`, part of `npm test`).
 * Builds the app on a throw-away data folder so no real data is touched.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { buildApp } from '../app.js';
import { parseEnv } from '../config/env.js';
import { REPO_ROOT } from '../config/paths.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'romshelf-openapi-'));
try {
  const config = parseEnv(
    { ROMSHELF_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    { cwd: dataDir, repoRoot: REPO_ROOT },
  );
  const app = await buildApp({ config });
  const document = app.swagger();
  await app.close();
  const target = path.join(REPO_ROOT, 'openapi.json');
  const content = `${JSON.stringify(document, null, 2)}\n`;
  if (process.argv.includes('--check')) {
    const committed = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (committed !== content) {
      process.stderr.write(
        'openapi.json is out of date: run `npm run gen` and commit the result.\n',
      );
      process.exitCode = 1;
    } else {
      process.stdout.write('openapi.json is up to date.\n');
    }
  } else {
    writeFileSync(target, content);
    process.stdout.write(`Wrote ${target}\n`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
