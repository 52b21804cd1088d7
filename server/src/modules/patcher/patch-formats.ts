import { applyAps } from './formats/aps.js';
import { applyBps } from './formats/bps.js';
import { applyIps } from './formats/ips.js';
import type { PatchApplier } from './formats/patch-errors.js';
import { PatchFormatError } from './formats/patch-errors.js';
import { applyPpf } from './formats/ppf.js';
import { applyRup } from './formats/rup.js';
import { applyUps } from './formats/ups.js';
import { applyVcdiff } from './formats/vcdiff.js';

/** The patch formats applied here, each by its leading bytes (extensions: PATCH_FILE_EXTENSIONS). */
const FORMATS: { magic: Buffer; apply: PatchApplier }[] = [
  { magic: Buffer.from('PATCH'), apply: applyIps },
  { magic: Buffer.from('UPS1'), apply: applyUps },
  { magic: Buffer.from('BPS1'), apply: applyBps },
  { magic: Buffer.from('PPF'), apply: applyPpf },
  { magic: Buffer.from('APS1'), apply: applyAps },
  { magic: Buffer.from('NINJA2'), apply: applyRup },
  { magic: Buffer.from([0xd6, 0xc3, 0xc4]), apply: applyVcdiff },
];

/** The applier for a patch, recognised by its leading bytes (a misnamed patch still applies). */
export function patchApplier(patch: Buffer): PatchApplier {
  const format = FORMATS.find(({ magic }) => patch.subarray(0, magic.length).equals(magic));
  if (format === undefined) throw new PatchFormatError('Unrecognised or damaged patch file');
  return format.apply;
}
