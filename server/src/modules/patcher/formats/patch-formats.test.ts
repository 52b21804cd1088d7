import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import {
  hacked,
  makeApsGba,
  makeApsN64,
  makeBps,
  makeIps,
  makePpf2,
  makePpf3,
  makeRup,
  makeUps,
  romBytes,
} from '../../../../test/patches/patch-makers.js';
import { patchApplier } from '../patch-formats.js';
import { PatchFormatError, PatchMismatchError, PatchTooLargeError } from './patch-errors.js';

const LIMIT = 64 * 1024 * 1024;
const base = romBytes(200_000, 7);
const other = romBytes(200_000, 8);
const apply = (source: Buffer, patch: Buffer, limit = LIMIT) =>
  patchApplier(patch)(source, patch, limit);

describe('patch formats: good patches give the exact target, wrong bases are refused', () => {
  const grown = hacked(base, 0x100, 'Translated by RomShelf', 70_000);
  const sameSize = hacked(base, 0x9400, 'PPF edit');
  const cases = [
    { name: 'IPS', target: grown, patch: makeIps(base, grown), verified: false },
    { name: 'UPS', target: grown, patch: makeUps(base, grown), verified: true },
    { name: 'BPS', target: grown, patch: makeBps(base, grown), verified: true },
    {
      name: 'PPF3',
      target: sameSize,
      patch: makePpf3(base, sameSize, { blockCheck: true, undo: false }),
      verified: true,
    },
    { name: 'PPF2', target: sameSize, patch: makePpf2(base, sameSize), verified: true },
    { name: 'APS GBA', target: grown, patch: makeApsGba(base, grown), verified: true },
    { name: 'APS N64', target: grown, patch: makeApsN64(base, grown), verified: true },
    { name: 'RUP', target: grown, patch: makeRup(base, grown), verified: true },
  ];

  for (const { name, target, patch, verified } of cases) {
    it(`${name}: applies to its base with the target's CRC32`, () => {
      const result = apply(base, patch);
      expect(crc32(result.output)).toBe(crc32(target));
      expect(result.output.equals(target)).toBe(true);
      expect(result.verified).toBe(verified);
    });
    if (verified) {
      it(`${name}: a ROM it was not made for is refused with a mismatch`, () => {
        expect(() => apply(other, patch)).toThrow(PatchMismatchError);
      });
    }
  }

  it('xdelta3: a patch made by xdelta3 3.0.11 applies and verifies its Adler-32', () => {
    const source = romBytes(256 * 1024, 7);
    const patch = readFileSync(new URL('../../../../test/patches/hack.xdelta', import.meta.url));
    const result = apply(source, patch);
    expect(result.output.length).toBe(256 * 1024 + 3000);
    expect(result.output.toString('latin1', 0x1234, 0x1234 + 20)).toBe('RomShelf xdelta hack');
    expect(crc32(result.output)).toBe(crc32(hacked(source, 0x1234, 'RomShelf xdelta hack', 3000)));
    expect(result.verified).toBe(true);
    expect(() => apply(romBytes(256 * 1024, 8), patch)).toThrow(
      'This xdelta patch is for another ROM (the patched data fails its checksum)',
    );
    expect(() => apply(source.subarray(0, 1000), patch)).toThrow(PatchMismatchError);
  });

  it('BPS and UPS name both checksums when the base is wrong', () => {
    expect(() => apply(other, makeBps(base, grown))).toThrow(
      `This BPS patch is for another ROM (it expects 200000 bytes with CRC32 ${crc32(base).toString(16).padStart(8, '0')}; ` +
        `this ROM is 200000 bytes with CRC32 ${crc32(other).toString(16).padStart(8, '0')})`,
    );
  });

  it('IPS: a run-length record and truncation', () => {
    const shorter = Buffer.from(base.subarray(0, 150_000));
    shorter.fill(0xaa, 10, 40);
    const result = apply(base, makeIps(base, shorter, { offset: 10, length: 30, value: 0xaa }));
    expect(result.output.equals(shorter)).toBe(true);
  });

  it('PPF3 undo data is checked against the image', () => {
    const patch = makePpf3(base, sameSize, { blockCheck: false, undo: true });
    expect(apply(base, patch)).toEqual({ output: sameSize, verified: true });
    expect(() => apply(other, patch)).toThrow(
      'This PPF patch is for another disc image (its undo data does not match)',
    );
    expect(
      apply(other, makePpf3(base, sameSize, { blockCheck: false, undo: false })).verified,
    ).toBe(false);
  });

  it('damaged, truncated and unknown patches are format errors', () => {
    const bps = makeBps(base, grown);
    const flipped = Buffer.from(bps);
    flipped[20] = (flipped[20] ?? 0) ^ 0xff;
    expect(() => apply(base, flipped)).toThrow(
      'The BPS patch is damaged (its own checksum does not match)',
    );
    expect(() => apply(base, makeIps(base, grown).subarray(0, 40))).toThrow(
      'The IPS patch is truncated',
    );
    expect(() => apply(base, Buffer.from('not a patch at all'))).toThrow(PatchFormatError);
  });

  it('a patch asking for more than the limit is refused before building it', () => {
    expect(() => apply(base, makeBps(base, grown), 250_000)).toThrow(PatchTooLargeError);
    expect(() => apply(base, makeIps(base, grown), 250_000)).toThrow(
      /^The patched ROM would be too large \(\d+ bytes, max 250000\)$/,
    );
  });
});
