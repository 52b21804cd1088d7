import { describe, expect, it } from 'vitest';

import {
  KNOWN_BIOS_ENTRY_COUNT,
  KNOWN_BIOS_FILES,
  getKnownBios,
  knownBiosKey,
  verifyFirmware,
} from './known-bios.js';

const SCPH1001 = {
  platformSlug: 'psx',
  fileName: 'scph1001.bin',
  size: 524288,
  crc: '37157331',
  md5: '924e392ed05558ffdb115408c263dccf',
  sha1: '10155d8d6e6e832d6ea66db9bc098321fb5e8ebf',
};

const PLUTONIA = {
  platformSlug: 'doom',
  fileName: 'PLUTONIA.WAD',
  size: 17531493,
  crc: '650b998d',
  md5: '24037397056e919961005e08611623f4',
  sha1: '816c7c6b0098f66c299c9253f62bd908456efb63',
};

describe('known BIOS data', () => {
  it('holds the 374 entries of 53 slugs', () => {
    const keys = Object.keys(KNOWN_BIOS_FILES);
    expect(keys).toHaveLength(374);
    expect(KNOWN_BIOS_ENTRY_COUNT).toBe(374);
    const slugs = new Set(keys.map((key) => key.slice(0, key.indexOf(':'))));
    expect(slugs.size).toBe(53);
    expect(keys.filter((key) => key.startsWith('ps2:'))).toHaveLength(70);
    expect(keys.filter((key) => key.startsWith('zxs:'))).toHaveLength(47);
    expect(keys.filter((key) => key.startsWith('doom:'))).toHaveLength(16);
  });

  it('has well-formed values', () => {
    for (const entry of Object.values(KNOWN_BIOS_FILES)) {
      expect(Number.isSafeInteger(entry.size)).toBe(true);
      expect(entry.size).toBeGreaterThan(0);
      expect(entry.crc).toMatch(/^[0-9a-f]{8}$/);
      expect(entry.md5).toMatch(/^[0-9a-f]{32}$/);
      expect(entry.sha1.trim()).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('has exact entries', () => {
    expect(getKnownBios('psx', 'scph1001.bin')).toEqual({
      size: 524288,
      crc: '37157331',
      md5: '924e392ed05558ffdb115408c263dccf',
      sha1: '10155d8d6e6e832d6ea66db9bc098321fb5e8ebf',
    });
    expect(KNOWN_BIOS_FILES['gb:dmg_boot.bin']).toEqual({
      size: 256,
      crc: '59c8598e',
      md5: '32fbbd84168d3482956eb3c5051637f5',
      sha1: '4ed31ec6b0b175bb109c0eb5fd3d193da823339f',
    });
    expect(KNOWN_BIOS_FILES['3do:3do_arcade_saot.bin']?.size).toBe(524288);
    expect(KNOWN_BIOS_FILES['zxs:trdos.rom']?.md5).toBe('0da70a5d2a0e733398e005b96b7e4ba6');
  });

  it('keeps the PLUTONIA sha1 as RomM stores it, with its leading space', () => {
    expect(KNOWN_BIOS_FILES['doom:PLUTONIA.WAD']?.sha1).toBe(
      ' 816c7c6b0098f66c299c9253f62bd908456efb63',
    );
    const padded = Object.entries(KNOWN_BIOS_FILES).filter(
      ([, entry]) => entry.sha1 !== entry.sha1.trim(),
    );
    expect(padded.map(([key]) => key)).toEqual(['doom:PLUTONIA.WAD']);
  });

  it('looks keys up exactly', () => {
    expect(knownBiosKey('psx', 'scph1001.bin')).toBe('psx:scph1001.bin');
    expect(getKnownBios('psx', 'SCPH1001.BIN')).toBeUndefined();
    expect(getKnownBios('PSX', 'scph1001.bin')).toBeUndefined();
    expect(getKnownBios('doom', 'plutonia.wad')).toBeUndefined();
    expect(getKnownBios('psx', 'nope.bin')).toBeUndefined();
    expect(getKnownBios('constructor', '')).toBeUndefined();
    expect(getKnownBios('__proto__', '')).toBeUndefined();
  });
});

describe('verifyFirmware', () => {
  it('verifies on size and all hashes', () => {
    expect(verifyFirmware(SCPH1001)).toBe(true);
  });

  it('needs the same size', () => {
    expect(verifyFirmware({ ...SCPH1001, size: 524287 })).toBe(false);
  });

  it('accepts any one matching hash', () => {
    const none = { crc: 'ffffffff', md5: '0'.repeat(32), sha1: '0'.repeat(40) };
    expect(verifyFirmware({ ...SCPH1001, ...none })).toBe(false);
    expect(verifyFirmware({ ...SCPH1001, ...none, md5: SCPH1001.md5 })).toBe(true);
    expect(verifyFirmware({ ...SCPH1001, ...none, sha1: SCPH1001.sha1 })).toBe(true);
    expect(verifyFirmware({ ...SCPH1001, ...none, crc: SCPH1001.crc })).toBe(true);
  });

  it('treats missing or empty hashes as non-matching', () => {
    const { platformSlug, fileName, size } = SCPH1001;
    expect(verifyFirmware({ platformSlug, fileName, size })).toBe(false);
    expect(verifyFirmware({ platformSlug, fileName, size, crc: '', md5: null, sha1: '  ' })).toBe(
      false,
    );
  });

  it('compares trimmed lower-case hex', () => {
    expect(
      verifyFirmware({
        platformSlug: 'psx',
        fileName: 'scph1001.bin',
        size: 524288,
        md5: ' 924E392ED05558FFDB115408C263DCCF\n',
      }),
    ).toBe(true);
  });

  it('does not verify unknown files', () => {
    expect(verifyFirmware({ ...SCPH1001, fileName: 'SCPH1001.BIN' })).toBe(false);
    expect(verifyFirmware({ ...SCPH1001, platformSlug: 'ps2' })).toBe(false);
  });

  it('verifies PLUTONIA.WAD on sha1 alone despite the stored leading space', () => {
    const sha1Only = { ...PLUTONIA, crc: null, md5: null };
    expect(verifyFirmware(sha1Only)).toBe(true);
    expect(verifyFirmware({ ...sha1Only, sha1: ` ${PLUTONIA.sha1}` })).toBe(true);
    expect(verifyFirmware({ ...PLUTONIA, sha1: null, crc: null })).toBe(true);
    expect(verifyFirmware({ ...sha1Only, size: PLUTONIA.size + 1 })).toBe(false);
  });
});
