import type { LogEntry } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { capturingLogStream, logEntryOf } from './log-entry.js';
import { LogRing } from './log-ring.js';

const entry = (message: string): LogEntry => ({ ts: 1, level: 'INFO', module: 'x', message });

describe('logEntryOf', () => {
  it('names the level as RomM does, the module from its binding, the message with its fields', () => {
    const line = JSON.stringify({
      level: 60,
      time: 1700000000123,
      pid: 1,
      hostname: 'h',
      module: 'Scan',
      msg: '\u001b[31mboom\u001b[0m',
      platform: 'nes',
      count: 3,
      err: { message: 'disk full', stack: 'Error: disk full\n at x' },
    });
    expect(logEntryOf(line)).toEqual({
      ts: 1700000000123,
      level: 'CRITICAL',
      module: 'scan',
      message: 'boom platform=nes count=3 error="disk full"',
    });
  });

  it('takes the module from a request id or a message prefix, else the server', () => {
    const of = (fields: object) => logEntryOf(JSON.stringify({ level: 40, time: 5, ...fields }));
    expect(of({ reqId: 'req-1', msg: 'request refused' })?.module).toBe('http');
    expect(of({ msg: 'metadata: igdb timed out' })).toEqual({
      ts: 5,
      level: 'WARNING',
      module: 'metadata',
      message: 'metadata: igdb timed out',
    });
    expect(of({ msg: 'listening' })?.module).toBe('romshelf');
  });

  it('ignores text that is not a pino line', () => {
    expect(logEntryOf('plain text')).toBeNull();
    expect(logEntryOf('42')).toBeNull();
    expect(logEntryOf(JSON.stringify({ level: 35, msg: 'odd level' }))).toBeNull();
  });

  it('a capturing stream writes every line through and keeps the entries', () => {
    const written: string[] = [];
    const kept: LogEntry[] = [];
    const stream = capturingLogStream({ write: (text: string) => written.push(text) }, (e) =>
      kept.push(e),
    );
    stream.write('{"level":30,"time":2,"msg":"hello"}\n');
    stream.write('not json\n');
    expect(written).toEqual(['{"level":30,"time":2,"msg":"hello"}\n', 'not json\n']);
    expect(kept).toEqual([{ ts: 2, level: 'INFO', module: 'romshelf', message: 'hello' }]);
  });
});

describe('LogRing', () => {
  it('keeps the newest lines, answers them oldest first, and feeds listeners', () => {
    const ring = new LogRing(3);
    const heard: string[] = [];
    const unsubscribe = ring.subscribe((e) => heard.push(e.message));
    for (const message of ['a', 'b', 'c', 'd']) ring.push(entry(message));
    unsubscribe();
    ring.push(entry('e'));
    expect(ring.recent(10).map((e) => e.message)).toEqual(['c', 'd', 'e']);
    expect(ring.recent(2).map((e) => e.message)).toEqual(['d', 'e']);
    expect(ring.recent(0)).toEqual([]);
    expect(heard).toEqual(['a', 'b', 'c', 'd']);
  });
});
