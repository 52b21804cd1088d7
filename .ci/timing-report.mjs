// Prints the CI timing table: each step's duration (from `.ci/run`'s steps file) and the slowest
// test files (from the Vitest and Playwright JSON reports written beside it).
// Usage: node .ci/timing-report.mjs <report dir>
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SLOWEST_FILES = 20;
const reportDir = process.argv[2];
if (reportDir === undefined) throw new Error('usage: timing-report.mjs <report dir>');
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const seconds = (ms) => (ms / 1000).toFixed(1);
const relative = (file) => path.relative(repoRoot, file) || file;

/** Steps as `.ci/run` recorded them: one `name<TAB>milliseconds<TAB>status` line each. */
function readSteps() {
  const file = path.join(reportDir, 'steps.tsv');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [name, duration, status] = line.split('\t');
      return { name, seconds: Number(duration) / 1000, status };
    });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null; // a step that died before writing its report
  }
}

/** Per-file times `.ci/vitest-file-times.mjs` wrote (`vitest-<project>.jsonl`). */
function vitestFiles(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const entry = JSON.parse(line);
      return { ...entry, file: relative(entry.file) };
    });
}

/** Per-spec-file time from Playwright's JSON report: the sum of its tests' attempts. */
function playwrightFiles(file) {
  const report = readJson(file);
  if (report === null) return [];
  const byFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? { ms: 0, tests: 0 };
      for (const test of spec.tests) {
        entry.tests += 1;
        for (const result of test.results) entry.ms += result.duration;
      }
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...byFile].map(([name, entry]) => ({
    file: path.join('web/e2e', name),
    project: 'journeys',
    ...entry,
  }));
}

function table(rows, columns) {
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => String(row[index]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, index) =>
        index === 0 ? String(cell).padEnd(widths[index]) : String(cell).padStart(widths[index]),
      )
      .join('  ');
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

const WALL_CLOCK = 'wall clock';
const steps = readSteps();
// Steps may run side by side: their sum can exceed the wall clock, recorded last.
const total = steps
  .filter((step) => step.name !== WALL_CLOCK)
  .reduce((sum, step) => sum + step.seconds, 0);
console.log('\n== CI timing: steps ==');
console.log(
  table(
    [
      ...steps
        .filter((step) => step.name !== WALL_CLOCK)
        .map((step) => [step.name, step.seconds.toFixed(0), step.status]),
      ['sum of steps', total.toFixed(0), ''],
      ...steps
        .filter((step) => step.name === WALL_CLOCK)
        .map((step) => [step.name, step.seconds.toFixed(0), '']),
    ],
    ['step', 'seconds', 'status'],
  ),
);

const reports = existsSync(reportDir) ? readdirSync(reportDir) : [];
const files = [
  ...reports
    .filter((name) => /^vitest-.+\.jsonl$/.test(name))
    .flatMap((name) => vitestFiles(path.join(reportDir, name))),
  ...(reports.includes('playwright.json')
    ? playwrightFiles(path.join(reportDir, 'playwright.json'))
    : []),
];
if (files.length > 0) {
  const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_FILES);
  console.log(`\n== CI timing: the ${String(slowest.length)} slowest test files ==`);
  console.log(
    table(
      slowest.map((entry) => [entry.file, entry.project, entry.tests, seconds(entry.ms)]),
      ['file', 'project', 'tests', 'seconds'],
    ),
  );
  const byProject = new Map();
  for (const entry of files) {
    const sum = byProject.get(entry.project) ?? { files: 0, ms: 0 };
    sum.files += 1;
    sum.ms += entry.ms;
    byProject.set(entry.project, sum);
  }
  console.log('\n== CI timing: test files per project (sum of file times) ==');
  console.log(
    table(
      [...byProject].map(([project, sum]) => [project, sum.files, seconds(sum.ms)]),
      ['project', 'files', 'seconds'],
    ),
  );
}
