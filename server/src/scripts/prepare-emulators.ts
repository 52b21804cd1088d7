/**
 * Build step: lays out EmulatorJS (with its cores) and Ruffle under server/dist/emulators, the
 * folder the server serves at /emulatorjs/ and /ruffle/. Run by the root `build` script.
 */
import path from 'node:path';

import { REPO_ROOT } from '../config/paths.js';
import { prepareEmulators } from '../modules/emulation/emulator-layout.js';

const target = process.argv[2] ?? path.join(REPO_ROOT, 'server', 'dist', 'emulators');
const started = Date.now();
const report = prepareEmulators(target);
const missing =
  report.missingCores.length > 0 ? ` (missing: ${report.missingCores.join(', ')})` : '';
console.log(
  `emulators: EmulatorJS ${report.emulatorjsVersion} with ${report.cores.length} cores${missing}` +
    `, Ruffle ${report.ruffle ? 'yes' : 'missing'} → ${target} in ${Date.now() - started} ms`,
);
