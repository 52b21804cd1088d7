import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { LeanRequestLog } from './request-log.js';

async function loggedLines(
  level: 'info' | 'debug',
  url = '/api/things?x=1',
): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(line) } },
    logController: new LeanRequestLog(),
  });
  app.get('/api/things', () => ({ ok: true }));
  app.get('/api/client-tokens/pair/:code/status', () => null);
  app.get('/api/auth/device/pending/:user_code', () => null);
  await app.inject({ url, headers: { authorization: 'Basic c2VjcmV0' } });
  await app.close();
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => String(entry.msg).includes('request'));
}

describe('LeanRequestLog', () => {
  it('writes one line per request at info: method, url, status and time only', async () => {
    const [line, ...rest] = await loggedLines('info');
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/things?x=1',
      statusCode: 200,
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

  it('adds the incoming line at debug', async () => {
    const lines = await loggedLines('debug');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
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
