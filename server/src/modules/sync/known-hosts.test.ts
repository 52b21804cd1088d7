import { createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { isKnownHostKey } from './known-hosts.js';

const KEY = Buffer.from('host-key-blob');
const OTHER = Buffer.from('another-key');
const blob = KEY.toString('base64');

function hashed(name: string): string {
  const salt = Buffer.from('0123456789abcdefghij');
  const hash = createHmac('sha1', salt).update(name).digest('base64');
  return `|1|${salt.toString('base64')}|${hash}`;
}

describe('isKnownHostKey', () => {
  it('vouches for a listed key of the host, by plain or hashed name, port 22 or another', () => {
    expect(isKnownHostKey(`rg35xx.lan,10.0.0.5 ssh-ed25519 ${blob}\n`, '10.0.0.5', 22, KEY)).toBe(
      true,
    );
    expect(isKnownHostKey(`[10.0.0.5]:2222 ssh-ed25519 ${blob}`, '10.0.0.5', 2222, KEY)).toBe(true);
    expect(
      isKnownHostKey(`${hashed('rg35xx.lan')} ssh-ed25519 ${blob}`, 'rg35xx.lan', 22, KEY),
    ).toBe(true);
  });

  it('refuses another key, another host or port, a revoked line and comments', () => {
    const line = `rg35xx.lan ssh-ed25519 ${blob}`;
    expect(isKnownHostKey(line, 'rg35xx.lan', 22, OTHER)).toBe(false);
    expect(isKnownHostKey(line, 'miyoo.lan', 22, KEY)).toBe(false);
    expect(isKnownHostKey(line, 'rg35xx.lan', 2222, KEY)).toBe(false);
    expect(isKnownHostKey(`@revoked ${line}`, 'rg35xx.lan', 22, KEY)).toBe(false);
    expect(isKnownHostKey(`# ${line}`, 'rg35xx.lan', 22, KEY)).toBe(false);
    expect(isKnownHostKey('', 'rg35xx.lan', 22, KEY)).toBe(false);
  });
});
