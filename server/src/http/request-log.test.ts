import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { LeanRequestLog } from './request-log.js';

async function loggedLines(level: 'info' | 'debug'): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(line) } },
    logController: new LeanRequestLog(),
  });
  app.get('/api/things', () => ({ ok: true }));
  await app.inject({ url: '/api/things?x=1', headers: { authorization: 'Basic c2VjcmV0' } });
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
});
