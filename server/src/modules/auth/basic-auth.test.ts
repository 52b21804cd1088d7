import { describe, expect, it } from 'vitest';

import { isBasicAuthHeader, parseBasicAuth } from './basic-auth.js';

const encode = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('parseBasicAuth', () => {
  it('splits at the first colon so passwords may contain colons', () => {
    expect(parseBasicAuth(encode('admin:pa:ss'))).toEqual({ username: 'admin', password: 'pa:ss' });
  });

  it('accepts any case of the scheme name', () => {
    expect(parseBasicAuth(`basic ${Buffer.from('a:b').toString('base64')}`)).toEqual({
      username: 'a',
      password: 'b',
    });
  });

  it('rejects other schemes, missing colons and empty usernames', () => {
    expect(parseBasicAuth(undefined)).toBeNull();
    expect(parseBasicAuth('Bearer abc')).toBeNull();
    expect(parseBasicAuth(encode('nocolon'))).toBeNull();
    expect(parseBasicAuth(encode(':password'))).toBeNull();
    expect(parseBasicAuth('Basic')).toBeNull();
  });

  it('recognises Basic headers', () => {
    expect(isBasicAuthHeader('Basic xyz')).toBe(true);
    expect(isBasicAuthHeader('Basic')).toBe(true);
    expect(isBasicAuthHeader('Bearer xyz')).toBe(false);
  });
});
