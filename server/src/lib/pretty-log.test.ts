import { describe, expect, it } from 'vitest';

import { formatLogLine, prettyLogStream } from './pretty-log.js';

const time = Date.UTC(2026, 0, 2, 3, 4, 5);

describe('formatLogLine', () => {
  it('writes time, level, message and the remaining fields on one line', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 42,
      hostname: 'nas',
      reqId: 'req-1',
      msg: 'request completed',
      responseTime: 3.5,
      url: '/api/roms?search=super mario',
    });
    expect(formatLogLine(line)).toBe(
      '03:04:05 INFO  request completed reqId=req-1 responseTime=3.5 url="/api/roms?search=super mario"\n',
    );
  });

  it('puts an error stack on indented lines below', () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'scan failed',
      err: { message: 'boom', stack: 'Error: boom\n    at scan (scan.js:1:1)' },
    });
    expect(formatLogLine(line)).toBe(
      '03:04:05 ERROR scan failed\n  Error: boom\n      at scan (scan.js:1:1)\n',
    );
  });

  it('passes text that is not JSON through', () => {
    expect(formatLogLine('plain words')).toBe('plain words\n');
  });
});

describe('prettyLogStream', () => {
  it('writes each formatted entry to its output', () => {
    const written: string[] = [];
    const stream = prettyLogStream({ write: (text: string) => written.push(text) });
    stream.write(`${JSON.stringify({ level: 40, time, msg: 'slow disk' })}\n`);
    expect(written).toEqual(['03:04:05 WARN  slow disk\n']);
  });
});
