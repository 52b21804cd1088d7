import { applyAps } from './formats/aps.js';
import { applyBps } from './formats/bps.js';
import { applyIps } from './formats/ips.js';
import type { PatchApplier } from './formats/patch-errors.js';
import { PatchFormatError } from './formats/patch-errors.js';
import { applyPpf } from './formats/ppf.js';
import { applyRup } from './formats/rup.js';
import { applyUps } from './formats/ups.js';
import { applyVcdiff } from './formats/vcdiff.js';

/** The patch formats applied here: each one's file name extensions and leading bytes. */
const FORMATS: { name: string; extensions: string[]; magic: Buffer; apply: PatchApplier }[] = [
  { name: 'IPS', extensions: ['.ips'], magic: Buffer.from('PATCH'), apply: applyIps },
  { name: 'UPS', extensions: ['.ups'], magic: Buffer.from('UPS1'), apply: applyUps },
  { name: 'BPS', extensions: ['.bps'], magic: Buffer.from('BPS1'), apply: applyBps },
  { name: 'PPF', extensions: ['.ppf'], magic: Buffer.from('PPF'), apply: applyPpf },
  { name: 'APS', extensions: ['.aps'], magic: Buffer.from('APS1'), apply: applyAps },
  { name: 'RUP', extensions: ['.rup'], magic: Buffer.from('NINJA2'), apply: applyRup },
  {
    name: 'xdelta',
    extensions: ['.xdelta', '.vcdiff'],
    magic: Buffer.from([0xd6, 0xc3, 0xc4]),
    apply: applyVcdiff,
  },
];

/** Lower-case file name extensions of the patches this server applies. */
export const PATCH_EXTENSIONS: readonly string[] = FORMATS.flatMap((format) => format.extensions);

/** Whether a file name is a patch's, by its extension. */
export function isPatchFileName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return PATCH_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** The applier for a patch, recognised by its leading bytes (a misnamed patch still applies). */
export function patchApplier(patch: Buffer): PatchApplier {
  const format = FORMATS.find(({ magic }) => patch.subarray(0, magic.length).equals(magic));
  if (format === undefined) throw new PatchFormatError('Unrecognised or damaged patch file');
  return format.apply;
}
