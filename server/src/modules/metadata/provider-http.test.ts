import { describe, expect, it } from 'vitest';

import { startFake } from '../../../test/fakes/fake-server.js';
import { ProviderError, ProviderHttp, redactUrl } from './provider-http.js';

describe('ProviderHttp', () => {
  it('spaces requests, caps those in flight and retries 429 then 5xx', async () => {
    let open = 0;
    let peak = 0;
    const fake = await startFake(async () => {
      open += 1;
      peak = Math.max(peak, open);
      // eslint-disable-next-line no-restricted-syntax -- a slow provider's latency, not a wait
      await new Promise((resolve) => setTimeout(resolve, 20));
      open -= 1;
      return { body: '{"ok":true}' };
    });
    const http = new ProviderHttp({
      source: 'test',
      minIntervalMs: 10,
      timeoutMs: 1000,
      retries: 2,
      backoffMs: 5,
      maxConcurrent: 1,
    });
    const started = Date.now();
    await Promise.all([1, 2, 3, 4].map(() => http.json(`${fake.origin}/x`)));
    expect(peak).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(30);

    fake.enqueue({ status: 429, headers: { 'retry-after': '0' } }, { status: 502 });
    expect(await http.json(`${fake.origin}/x`)).toEqual({ ok: true });
    fake.enqueue({ status: 500 }, { status: 500 }, { status: 500 });
    const error = await http.json(`${fake.origin}/x?api_key=secret`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toBe(`test: ${fake.origin}/x HTTP 500`);
  });

  it('redacts query strings', () => {
    expect(redactUrl('https://api.example.com/games?api_key=k&y=z')).toBe(
      'https://api.example.com/games',
    );
  });
});
