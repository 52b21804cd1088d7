import { describe, expect, it } from 'vitest';

import { publicAddressesOnly } from './safe-fetch.js';

describe('publicAddressesOnly', () => {
  it('refuses internal IPv4 ranges and allows public ones', () => {
    for (const address of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '100.127.255.255',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(publicAddressesOnly(address, 4), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '93.184.216.34']) {
      expect(publicAddressesOnly(address, 4), address).toBe(true);
    }
  });

  it('refuses internal IPv6 ranges, including IPv4-mapped and NAT64 forms of internal IPv4', () => {
    for (const address of [
      '::',
      '::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::10.0.0.1',
      '::127.0.0.1',
      '2001:db8::1',
    ]) {
      expect(publicAddressesOnly(address, 6), address).toBe(false);
    }
    for (const address of ['2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8']) {
      expect(publicAddressesOnly(address, 6), address).toBe(true);
    }
  });
});
