import { readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../src/config/paths.js';
import { importGraphOf } from './import-graph.js';

/**
 * Packages a server that does not use their feature must not hold in memory: they are loaded on
 * first use (`await import(...)`), so a static value import in a file the server's start reaches
 * would load them at start (the worker process, `worker-process.ts`, is another start).
 */
const LOADED_ON_FIRST_USE = [
  'sharp',
  'pg',
  'ioredis',
  'bullmq',
  '@socket.io/redis-adapter',
  'nodemailer',
  'openid-client',
  'ssh2',
];

const SERVER_SRC = path.join(REPO_ROOT, 'server', 'src');

/** The packages a file imports statically for their values (type-only imports left out). */
function valueImportsOf(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false);
  return file.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) {
      return [];
    }
    if (statement.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword) return [];
    return [statement.moduleSpecifier.text];
  });
}

/** The files `entry` imports, directly or not (type-only imports followed too). */
function reachedFrom(entry: string): string[] {
  const graph = importGraphOf(SERVER_SRC);
  const reached = new Set([entry]);
  for (const file of reached) for (const target of graph.get(file) ?? []) reached.add(target);
  return [...reached];
}

describe('packages loaded on first use', () => {
  it('reads type-only imports apart from value imports', () => {
    expect(
      valueImportsOf(
        "import type { Client } from 'ssh2';\nimport { Client as C } from 'ssh2';\nimport x from 'pg';",
      ),
    ).toEqual(['ssh2', 'pg']);
  });

  it('are never imported statically by a file the server start reaches', () => {
    // main.ts only holds the young generation, then loads start.ts.
    const files = reachedFrom('start.ts');
    const offenders = files.flatMap((name) =>
      valueImportsOf(readFileSync(path.join(SERVER_SRC, name), 'utf8'))
        .filter((specifier) => LOADED_ON_FIRST_USE.includes(specifier))
        .map((specifier) => `${name}: ${specifier}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
