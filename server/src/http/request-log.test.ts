import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { LeanRequestLog } from './request-log.js';

const SLOW_MS = 40;

/** The request lines a request to `url` writes at `level`. */
async function loggedLines(
  level: 'info' | 'debug',
  url = '/api/things?x=1',
): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(line) } },
    logController: new LeanRequestLog(SLOW_MS),
  });
  app.get('/api/things', () => ({ ok: true }));
  app.get('/api/client-tokens/pair/:code/status', () => null);
  app.get('/api/auth/device/pending/:user_code', () => null);
  app.get('/api/missing', (_request, reply) => reply.code(404).send({ detail: 'Not found' }));
  app.get('/api/broken', (_request, reply) => reply.code(503).send({ detail: 'Unavailable' }));
  app.get('/api/slow', () => {
    const start = performance.now();
    while (performance.now() - start < SLOW_MS + 10) {
      // A handler kept busy past the threshold (a timer here would be a fixed sleep).
    }
    return { ok: true };
  });
  await app.inject({ url, headers: { authorization: 'Basic c2VjcmV0' } });
  await app.close();
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => String(entry.msg).includes('request'));
}

describe('LeanRequestLog', () => {
  it('writes nothing for a quick successful request at info', async () => {
    expect(await loggedLines('info')).toEqual([]);
  });

  it('writes a refused request at info as a warning: method, url, status and time only', async () => {
    const [line, ...rest] = await loggedLines('info', '/api/missing?x=1');
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      level: 40,
      msg: 'request refused',
      method: 'GET',
      url: '/api/missing?x=1',
      statusCode: 404,
    });
    expect(typeof line?.responseTime).toBe('number');
    expect(Object.keys(line ?? {}).sort()).toEqual([
      'hostname',
      'level',
      'method',
      'msg',
      'pid',
      'reqId',
      'responseTime',
      'statusCode',
      'time',
      'url',
    ]);
  });

  it('writes a failed request at info as an error', async () => {
    const lines = await loggedLines('info', '/api/broken');
    expect(lines).toMatchObject([{ level: 50, msg: 'request failed', statusCode: 503 }]);
  });

  it('writes a slow request at info as a warning', async () => {
    const lines = await loggedLines('info', '/api/slow');
    expect(lines).toMatchObject([{ level: 40, msg: 'slow request', statusCode: 200 }]);
    expect(Number(lines[0]?.responseTime)).toBeGreaterThanOrEqual(SLOW_MS);
  });

  it('writes every request, with its incoming line, at debug', async () => {
    const lines = await loggedLines('debug');
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
  });

  it('never writes pairing codes, device user codes or secret query parameters', async () => {
    const urls = [
      '/api/client-tokens/pair/ABCD2345/status',
      '/api/auth/device/pending/WXYZ6789',
      '/api/things?user_code=WXYZ6789&x=1',
      '/api/things?token=reset-secret&Code=oidc-code&device_code=abc',
    ];
    const logged: unknown[] = [];
    for (const url of urls) {
      for (const line of await loggedLines('debug', url)) logged.push(line.url);
    }
    expect(logged).toEqual([
      '/api/client-tokens/pair/[redacted]/status',
      '/api/client-tokens/pair/[redacted]/status',
      '/api/auth/device/pending/[redacted]',
      '/api/auth/device/pending/[redacted]',
      '/api/things?user_code=[redacted]&x=1',
      '/api/things?user_code=[redacted]&x=1',
      '/api/things?token=[redacted]&Code=[redacted]&device_code=[redacted]',
      '/api/things?token=[redacted]&Code=[redacted]&device_code=[redacted]',
    ]);
  });
});
