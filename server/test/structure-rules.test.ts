import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../src/config/paths.js';
import { arrowsUp, importCycles, importGraphOf, moduleArrows } from './import-graph.js';
import { POSTGRES_API_MODULES } from './postgres-test-files.js';

/**
 * The structure rules of eslint.config.js, proved on fixtures: module boundaries on the server,
 * feature boundaries on the web, and size limits. Type information is switched off so fixtures
 * need not exist on disk (the rules under test do not use it).
 */
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });
});

/** The messages `ruleId` reports for `code` as if it lived at `filePath`. */
async function reports(filePath: string, code: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result?.messages.filter((message) => message.fatal === true) ?? [];
  expect(fatal).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}

const RESTRICTED = 'no-restricted-imports';
const REPOSITORY_MESSAGE =
  "Modules must not import another module's repository; call that module's service (or a shared lower module).";

describe('server module boundaries', () => {
  const file = 'server/src/modules/x/x.service.ts';

  it("refuses another module's repository, with or without .js", async () => {
    const withJs = `import type { YRepository } from '../y/y.repository.js';\nexport type A = YRepository;\n`;
    const withoutJs = `import type { YRepository } from '../y/y.repository';\nexport type A = YRepository;\n`;
    expect(await reports(file, withJs, RESTRICTED)).toEqual([
      `'../y/y.repository.js' import is restricted from being used by a pattern. ${REPOSITORY_MESSAGE}`,
    ]);
    expect(await reports(file, withoutJs, RESTRICTED)).toHaveLength(1);
    const nested = `import type { YRepository } from '../../y/y.repository.js';\nexport type A = YRepository;\n`;
    expect(await reports('server/src/modules/x/sub/z.ts', nested, RESTRICTED)).toHaveLength(1);
  });

  it("accepts the module's own repository and another module's service", async () => {
    const code = [
      "import type { XRepository } from './x.repository.js';",
      "import type { YService } from '../y/y.service.js';",
      'export type A = [XRepository, YService];',
      '',
    ].join('\n');
    expect(await reports(file, code, RESTRICTED)).toEqual([]);
    const parent = `import type { XRepository } from '../x.repository.js';\nexport type A = XRepository;\n`;
    expect(await reports('server/src/modules/x/sub/z.ts', parent, RESTRICTED)).toEqual([]);
  });

  it("accepts a repository of the module's own sub-folder, refuses one beyond the module", async () => {
    const sibling = `import type { WRepository } from '../writes/w.repository.js';\nexport type A = WRepository;\n`;
    expect(await reports('server/src/modules/x/list/z.ts', sibling, RESTRICTED)).toEqual([]);
    const deep = 'server/src/modules/x/providers/p/z.ts';
    expect(await reports(deep, sibling.replace('../', '../../'), RESTRICTED)).toEqual([]);
    const other = `import type { YRepository } from '../../../y/y.repository.js';\nexport type A = YRepository;\n`;
    expect(await reports(deep, other, RESTRICTED)).toHaveLength(1);
  });

  it('leaves tests free to set up data through any repository', async () => {
    const code = `import type { YRepository } from '../y/y.repository.js';\nexport type A = YRepository;\n`;
    expect(await reports('server/src/modules/x/x.api.test.ts', code, RESTRICTED)).toEqual([]);
  });
});

describe('web feature boundaries', () => {
  it('refuses imports of another feature, relative or through the alias', async () => {
    const file = 'web/src/features/a/components/a-panel.tsx';
    const relative = `import { BPanel } from '../../b/components/b-panel';\nexport const A = BPanel;\n`;
    const aliased = `import { BPanel } from '@/features/b/components/b-panel';\nexport const A = BPanel;\n`;
    expect(await reports(file, relative, RESTRICTED)).toHaveLength(1);
    expect(await reports(file, aliased, RESTRICTED)).toHaveLength(1);
    const shared = `import { Button } from '@/components/ui/button';\nexport const A = Button;\n`;
    expect(await reports(file, shared, RESTRICTED)).toEqual([]);
  });

  it('refuses a sibling feature from any depth and allows its own folders', async () => {
    const deep = 'web/src/features/a/components/match/a-dialog.tsx';
    const sibling = `import { BPanel } from '../../../b/panel';\nexport const A = BPanel;\n`;
    const own = `import { useA } from '../../hooks/use-a';\nexport const A = useA;\n`;
    expect(await reports(deep, sibling, RESTRICTED)).toHaveLength(1);
    expect(await reports(deep, own, RESTRICTED)).toEqual([]);
    const top = 'web/src/features/a/a-rules.ts';
    const fromTop = `import { rule } from '../b/b-rules';\nexport const A = rule;\n`;
    expect(await reports(top, fromTop, RESTRICTED)).toHaveLength(1);
  });

  it('refuses features in shared code', async () => {
    const code = `import { BPanel } from '@/features/b/components/b-panel';\nexport const A = BPanel;\n`;
    expect(await reports('web/src/lib/helper.ts', code, RESTRICTED)).toHaveLength(1);
    expect(await reports('web/src/components/widget.tsx', code, RESTRICTED)).toHaveLength(1);
    expect(await reports('web/src/shared/api/thing.ts', code, RESTRICTED)).toHaveLength(1);
    expect(await reports('web/src/app/router.tsx', code, RESTRICTED)).toEqual([]);
  });
});

describe('server size limits', () => {
  /** A function of exactly `lines` lines, blank and comment lines included. */
  function functionOf(lines: number): string {
    const body = Array.from({ length: lines - 3 }, (_, index) =>
      index % 3 === 0 ? '' : index % 3 === 1 ? '  // note' : `  total += ${index};`,
    );
    return [
      'export function long(total: number): number {',
      ...body,
      '  return total;',
      '}',
      '',
    ].join('\n');
  }

  it('refuses a function over 80 lines, counting blank and comment lines', async () => {
    const file = 'server/src/modules/x/long.ts';
    expect(await reports(file, functionOf(81), 'max-lines-per-function')).toEqual([
      "Function 'long' has too many lines (81). Maximum allowed is 80.",
    ]);
    expect(await reports(file, functionOf(80), 'max-lines-per-function')).toEqual([]);
    expect(
      await reports('server/src/modules/x/long.test.ts', functionOf(81), 'max-lines-per-function'),
    ).toEqual([]);
  });

  it('refuses a server file over 500 lines', async () => {
    const file = 'server/src/lib/big.ts';
    const lines = (count: number) =>
      Array.from({ length: count }, (_, index) => `export const v${index} = ${index};`).join('\n') +
      '\n';
    expect(await reports(file, lines(501), 'max-lines')).toEqual([
      'File has too many lines (501). Maximum allowed is 500.',
    ]);
    expect(await reports(file, lines(500), 'max-lines')).toEqual([]);
  });
});

describe('no fixed sleeps in tests', () => {
  const SLEEP = 'No fixed sleeps in tests: await the event, or poll the condition (expect.poll).';

  it('refuses setTimeout and timers/promises in tests and their helpers', async () => {
    const timeout = 'await new Promise((resolve) => setTimeout(resolve, 100));\n';
    const timers = "import { setTimeout as sleep } from 'node:timers/promises';\nawait sleep(5);\n";
    for (const file of ['server/src/modules/x/x.api.test.ts', 'server/test/helper.ts']) {
      expect(await reports(file, timeout, 'no-restricted-syntax')).toEqual([SLEEP]);
      expect(await reports(file, timers, 'no-restricted-syntax')).toEqual([SLEEP]);
    }
    expect(await reports('server/src/lib/x.ts', timeout, 'no-restricted-syntax')).toEqual([]);
  });

  it("refuses Playwright's waitForTimeout in journeys, not their time limits", async () => {
    const wait =
      'export async function f(page: { waitForTimeout(ms: number): Promise<void> }) {\n  await page.waitForTimeout(500);\n}\n';
    expect(await reports('web/e2e/x.spec.ts', wait, 'no-restricted-syntax')).toEqual([
      'No fixed sleeps in journeys: wait for the element or state (expect, expect.poll).',
    ]);
    const limit =
      'declare const test: { setTimeout(ms: number): void };\ntest.setTimeout(60_000);\n';
    expect(await reports('web/e2e/x.spec.ts', limit, 'no-restricted-syntax')).toEqual([]);
  });
});

describe('PostgreSQL test selection', () => {
  /** SQL whose meaning can change with the engine (see server/test/postgres-test-files.ts). */
  const ENGINE_SQL = /\bsql`|\bsql<|\bengineOf\(|queriedJsonType\(|dialect-sql\.js'/;

  function sourcesOf(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter(
        (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'),
      )
      .map((entry) => path.join(entry.parentPath, entry.name));
  }

  it('runs the API tests of every module with engine-dependent SQL on PostgreSQL', () => {
    const modulesDir = path.join(REPO_ROOT, 'server/src/modules');
    const withEngineSql = readdirSync(modulesDir).filter((module) =>
      sourcesOf(path.join(modulesDir, module)).some((file) =>
        ENGINE_SQL.test(readFileSync(file, 'utf8')),
      ),
    );
    expect(withEngineSql.length).toBeGreaterThan(0);
    expect(withEngineSql.filter((module) => !POSTGRES_API_MODULES.includes(module))).toEqual([]);
  });
});

/**
 * Server modules, top first: a module imports the ones below it. Placing a new module here is
 * deciding what it may use (README, "Code layout").
 */
const SERVER_MODULE_LAYERS = [
  'retroarch-sync',
  'setup',
  'feeds',
  'jobs',
  'tasks',
  'dats',
  'exports',
  'patcher',
  'uploads',
  'dat-verification',
  'scan',
  'platforms',
  'firmware',
  'sync',
  'play-sessions',
  'activity',
  'play-assets',
  'webdav',
  'collections',
  'system',
  'download-links',
  'logs',
  'client-tokens',
  'devices',
  'metadata',
  'netplay',
  'completeness',
  'roms',
  'users',
  'permissions',
  'realtime',
  'auth',
  'library',
  'hashing',
  'emulation',
  'stats',
  'hidden-items',
  'web',
];

/** The arrows still running back up between modules: known debts, at most six, never more. */
const KNOWN_ARROWS_UP = [
  'auth -> users',
  'firmware -> platforms',
  'platforms -> scan',
  'users -> metadata',
];

describe('server import graph', () => {
  const graph = importGraphOf(path.join(REPO_ROOT, 'server/src'));

  it('finds files importing each other in a circle, and nothing in a straight line', () => {
    const walker = 'modules/library/library-walker.ts';
    const sheets = 'modules/library/sheet-groups.ts';
    const discs = 'modules/library/disc-sheets.ts';
    const circle = new Map([
      [walker, [sheets]],
      [sheets, [discs, walker]],
      [discs, []],
    ]);
    expect(importCycles(circle)).toEqual([[walker, sheets]]);
    expect(importCycles(new Map([...circle, [sheets, [discs]]]))).toEqual([]);
  });

  it('reads type-only imports and re-exports as imports', () => {
    expect(graph.get('modules/library/sheet-groups.ts')).toContain(
      'modules/library/walked-files.ts',
    );
    expect(graph.get('api-routes.ts')).toContain('modules/roms/roms.routes.ts');
  });

  it('has no import cycle between server files', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('places every server module in the layer order', () => {
    const modules = readdirSync(path.join(REPO_ROOT, 'server/src/modules')).sort();
    expect([...SERVER_MODULE_LAYERS].sort()).toEqual(modules);
  });

  it('counts an import towards a module listed above as an arrow up', () => {
    const arrows = new Map([
      ['a -> b', 'modules/a/x.ts -> modules/b/y.ts'],
      ['b -> a', 'modules/b/y.ts -> modules/a/z.ts'],
    ]);
    expect([...arrowsUp(arrows, ['a', 'b'])]).toEqual([
      ['b -> a', 'modules/b/y.ts -> modules/a/z.ts'],
    ]);
  });

  it('lets at most six arrows run back up between server modules, each a known one', () => {
    const up = arrowsUp(moduleArrows(graph), SERVER_MODULE_LAYERS);
    console.info(
      `Arrows running back up between server modules (${up.size}):\n` +
        [...up].map(([arrow, example]) => `  ${arrow}   (${example})`).join('\n'),
    );
    expect(KNOWN_ARROWS_UP.length).toBeLessThanOrEqual(6);
    expect([...up.keys()].sort()).toEqual(KNOWN_ARROWS_UP);
  });
});
