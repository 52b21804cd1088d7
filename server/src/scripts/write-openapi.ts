/**
 * Writes the OpenAPI document to openapi.json at the repository root (`npm run gen`).
 * Builds the app on a throw-away data folder so no real data is touched.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`Wrote ${target}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
