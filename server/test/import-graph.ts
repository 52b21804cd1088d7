import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

/** Which files each file imports (relative imports only; type-only and re-exports count). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The import graph of the non-test `.ts` files under `root`, keyed by path relative to it. */
export function importGraphOf(root: string): ImportGraph {
  const files = readdirSync(root, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'),
    )
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    const imported = ts
      .preProcessFile(source, true, true)
      .importedFiles.map((reference) => reference.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) =>
        path.join(path.dirname(file), specifier).replace(/\.js$/, '.ts').split(path.sep).join('/'),
      )
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(imported)]);
  }
  return graph;
}

/** Every group of files that import each other in a circle (Tarjan's strongly connected parts). */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const cycle: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      cycle.push(member);
    } while (member !== file);
    if (cycle.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(cycle.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The server module (`modules/<name>/…`) a file belongs to, or null outside the modules. */
function moduleOf(file: string): string | null {
  const [top, name] = file.split('/');
  return top === 'modules' && name !== undefined ? name : null;
}

/** The imports between server modules, as `from -> to` with one example file each. */
export function moduleArrows(graph: ImportGraph): Map<string, string> {
  const arrows = new Map<string, string>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = moduleOf(file);
      const to = moduleOf(target);
      if (from === null || to === null || from === to) continue;
      if (!arrows.has(`${from} -> ${to}`)) arrows.set(`${from} -> ${to}`, `${file} -> ${target}`);
    }
  }
  return arrows;
}

/**
 * The arrows running back up: imports from a module to one listed above it in `layers`
 * (top first). Each comes with an example import, for the message.
 */
export function arrowsUp(
  arrows: ReadonlyMap<string, string>,
  layers: readonly string[],
): Map<string, string> {
  const up = new Map<string, string>();
  for (const [arrow, example] of arrows) {
    const [from = '', to = ''] = arrow.split(' -> ');
    if (layers.indexOf(from) > layers.indexOf(to)) up.set(arrow, example);
  }
  return up;
}
