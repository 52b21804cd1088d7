import { describe, expect, it } from 'vitest';

import { addressToOpen, startupLine } from './startup-line.js';

describe('addressToOpen', () => {
  it('names localhost when listening on every interface', () => {
    expect(addressToOpen({ host: '0.0.0.0', port: 3000, baseUrl: null })).toBe(
      'http://localhost:3000',
    );
    expect(addressToOpen({ host: '::', port: 8080, baseUrl: null })).toBe('http://localhost:8080');
  });

  it('names the listening host, with brackets for IPv6', () => {
    expect(addressToOpen({ host: '192.168.1.20', port: 3000, baseUrl: null })).toBe(
      'http://192.168.1.20:3000',
    );
    expect(addressToOpen({ host: '::1', port: 3000, baseUrl: null })).toBe('http://[::1]:3000');
  });

  it('prefers the configured public address', () => {
    expect(
      addressToOpen({ host: '0.0.0.0', port: 3000, baseUrl: 'https://games.example.org' }),
    ).toBe('https://games.example.org');
  });
});

describe('startupLine', () => {
  it('asks to finish setup while no admin exists', () => {
    expect(startupLine('http://localhost:3000', true)).toBe(
      'RomShelf is running: open http://localhost:3000 and finish setup there.',
    );
    expect(startupLine('http://localhost:3000', false)).toBe(
      'RomShelf is running: open http://localhost:3000',
    );
  });
});
