import { describe, expect, it } from 'vitest';

import { EnvSchema } from '../src/config/env.js';
import { readRepoFile } from './container-files.js';

interface DocumentedVariable {
  names: string[];
  defaultCell: string;
}

/** The rows of every README table whose first column is headed "Variable". */
function documentedVariables(readme: string): DocumentedVariable[] {
  const rows: DocumentedVariable[] = [];
  let inVariableTable = false;
  for (const line of readme.split('\n')) {
    if (!line.startsWith('|')) {
      inVariableTable = false;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (cells[0] === 'Variable') {
      inVariableTable = true;
      continue;
    }
    if (!inVariableTable || /^-+$/.test(cells[0] ?? '')) continue;
    const names = [...(cells[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]);
    rows.push({ names: names.filter((name) => name !== undefined), defaultCell: cells[1] ?? '' });
  }
  return rows;
}

const readme = readRepoFile('README.md');
const rows = documentedVariables(readme);
const schema: Record<string, { parse(value: undefined): unknown }> = EnvSchema.shape;

describe("README's configuration tables", () => {
  it('document every environment variable the server reads, and no other', () => {
    const documented = rows.flatMap((row) => row.names);
    const known = Object.keys(schema);
    expect(documented.filter((name) => !known.includes(name))).toEqual([]);
    expect(known.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("give the server's own default wherever they name one value", () => {
    const checked = rows.flatMap(({ names, defaultCell }) => {
      const literal = /^`([^`]*)`$/.exec(defaultCell)?.[1];
      const [name] = names;
      if (names.length !== 1 || literal === undefined || name === undefined) return [];
      const fallback = schema[name]?.parse(undefined);
      // null: the default is derived from another setting (the data folder, the build), said in words.
      if (fallback === null) return [];
      const actual = typeof fallback === 'string' ? fallback : JSON.stringify(fallback);
      return [{ name, documented: literal, actual }];
    });
    expect(checked.length).toBeGreaterThan(30);
    expect(checked.filter((row) => row.documented !== row.actual)).toEqual([]);
  });
});
