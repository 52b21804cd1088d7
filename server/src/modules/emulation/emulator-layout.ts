import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { EMULATOR_CORES } from '@romshelf/contract';

/**
 * The order EmulatorJS's loader.js lists its source files in; `emulator.min.js` is their
 * concatenation (npm ships the sources but not the minified bundle).
 */
export const EMULATORJS_SOURCES = [
  'emulator.js',
  'nipplejs.js',
  'shaders.js',
  'storage.js',
  'gamepad.js',
  'GameManager.js',
  'socket.io.min.js',
  'compression.js',
] as const;

const require = createRequire(import.meta.url);

/** Where EmulatorJS asks whether a newer version exists (on localhost, or when debugging). */
const UPDATE_CHECK_URL = '"https://cdn.emulatorjs.org/stable/data/version.json"';
/**
 * The same question put to this server: its own copy of the package's version.json, so the
 * check stays inside the content security policy (no blocked request and console error offline)
 * and, the versions being equal, prints nothing.
 */
export const LOCAL_UPDATE_CHECK_URL = '/emulatorjs/version.json';

/** The update check of `emulator.js` pointed at {@link LOCAL_UPDATE_CHECK_URL}. */
function withLocalUpdateCheck(source: string): string {
  if (!source.includes(UPDATE_CHECK_URL)) {
    throw new Error(`EmulatorJS no longer checks ${UPDATE_CHECK_URL}: update emulator-layout.ts`);
  }
  return source.replaceAll(UPDATE_CHECK_URL, JSON.stringify(LOCAL_UPDATE_CHECK_URL));
}

/** EmulatorJS 4.2.3 shows its netplay button only in debug mode (which also loads `src/`). */
const NETPLAY_GATE =
  'this.netplayEnabled = (window.EJS_DEBUG_XX === true) && (window.EJS_EXPERIMENTAL_NETPLAY === true);';
/** The gate without debug mode: the player sets `EJS_EXPERIMENTAL_NETPLAY` when netplay is on. */
export const NETPLAY_FLAG_GATE =
  'this.netplayEnabled = (window.EJS_EXPERIMENTAL_NETPLAY === true);';

/** The netplay gate of `emulator.js` opened by {@link NETPLAY_FLAG_GATE} alone. */
function withNetplayFlag(source: string): string {
  if (!source.includes(NETPLAY_GATE)) {
    throw new Error('EmulatorJS gates netplay differently: update emulator-layout.ts');
  }
  return source.replace(NETPLAY_GATE, NETPLAY_FLAG_GATE);
}

function packageDir(name: string): string | null {
  try {
    return path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

/** Hard-links a file (same disk: instant, no space), falling back to a copy. */
function place(source: string, target: string): void {
  rmSync(target, { force: true });
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}

function placeTree(sourceDir: string, targetDir: string): number {
  mkdirSync(targetDir, { recursive: true });
  let count = 0;
  for (const entry of readdirSync(sourceDir, { withFileTypes: true })) {
    const source = path.join(sourceDir, entry.name);
    const target = path.join(targetDir, entry.name);
    if (entry.isDirectory()) count += placeTree(source, target);
    else if (entry.isFile()) {
      place(source, target);
      count += 1;
    }
  }
  return count;
}

/** Package files that are not core files EmulatorJS asks for. */
const CORE_PACKAGE_EXTRAS =
  /^(package\.json|readme(\.md)?|license(\.md|\.txt)?|changelog(\.md)?)$/i;

/**
 * The files of an `@emulatorjs/core-<name>` package that EmulatorJS requests from `cores/`: the
 * `.data` builds and anything else shipped beside them (e.g. `ppsspp-assets.zip`, the PSP's fonts
 * and dialogs, fetched when PPSSPP starts).
 */
function coreFilesShipped(coreDir: string): string[] {
  return readdirSync(coreDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !CORE_PACKAGE_EXTRAS.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

export interface EmulatorLayoutReport {
  emulatorjsVersion: string;
  cores: string[];
  missingCores: string[];
  ruffle: boolean;
}

/** Marker written last: a folder holding it is a complete layout. */
export const LAYOUT_MARKER = 'layout.json';

/**
 * Lays out the self-hosted emulators under `targetDir`:
 * - `emulatorjs/`: EmulatorJS's `data/` folder, every file of each `@emulatorjs/core-<name>`
 *   package of the platform map in `cores/` (see {@link coreFilesShipped}) and its
 *   `cores/reports/<core>.json`,
 *   plus `emulator.min.js` / `emulator.min.css` built from the sources (the loader asks for them
 *   first; without them it logs an error before falling back to `src/`), the bundle's update
 *   check asking this server instead of EmulatorJS's CDN and its netplay shown without debug mode.
 * - `ruffle/`: the `@ruffle-rs/ruffle` package files.
 */
export function prepareEmulators(targetDir: string): EmulatorLayoutReport {
  const ejsPackage = packageDir('@emulatorjs/emulatorjs');
  if (ejsPackage === null) throw new Error('@emulatorjs/emulatorjs is not installed');
  const ejsDir = path.join(targetDir, 'emulatorjs');
  rmSync(ejsDir, { recursive: true, force: true });
  placeTree(path.join(ejsPackage, 'data'), ejsDir);

  const sources = EMULATORJS_SOURCES.map((file) => {
    const source = readFileSync(path.join(ejsDir, 'src', file), 'utf8');
    return file === 'emulator.js' ? withNetplayFlag(withLocalUpdateCheck(source)) : source;
  });
  writeFileSync(path.join(ejsDir, 'emulator.min.js'), sources.join('\n;\n'));
  copyFileSync(path.join(ejsDir, 'emulator.css'), path.join(ejsDir, 'emulator.min.css'));

  const coresDir = path.join(ejsDir, 'cores');
  mkdirSync(path.join(coresDir, 'reports'), { recursive: true });
  const cores: string[] = [];
  const missingCores: string[] = [];
  for (const core of EMULATOR_CORES) {
    const dir = packageDir(`@emulatorjs/core-${core}`);
    if (dir === null) {
      missingCores.push(core);
      continue;
    }
    for (const file of coreFilesShipped(dir))
      place(path.join(dir, file), path.join(coresDir, file));
    const reports = path.join(dir, 'reports');
    if (existsSync(reports)) {
      for (const file of readdirSync(reports)) {
        if (file.endsWith('.json'))
          place(path.join(reports, file), path.join(coresDir, 'reports', file));
      }
    }
    cores.push(core);
  }

  const rufflePackage = packageDir('@ruffle-rs/ruffle');
  const ruffleDir = path.join(targetDir, 'ruffle');
  rmSync(ruffleDir, { recursive: true, force: true });
  if (rufflePackage !== null) {
    mkdirSync(ruffleDir, { recursive: true });
    for (const file of readdirSync(rufflePackage)) {
      if (/\.(js|wasm)$/.test(file) && statSync(path.join(rufflePackage, file)).isFile()) {
        place(path.join(rufflePackage, file), path.join(ruffleDir, file));
      }
    }
  }

  const version = (
    JSON.parse(readFileSync(path.join(ejsPackage, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const report: EmulatorLayoutReport = {
    emulatorjsVersion: version,
    cores,
    missingCores,
    ruffle: rufflePackage !== null,
  };
  writeFileSync(path.join(targetDir, LAYOUT_MARKER), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

/** True when `targetDir` holds a complete layout. */
export function hasEmulatorLayout(targetDir: string): boolean {
  return existsSync(path.join(targetDir, LAYOUT_MARKER));
}
