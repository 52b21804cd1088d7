import type { LogEntry, LogEntryLevel } from '@romshelf/contract';

/** Pino's numeric levels, named as RomM's logs viewer names them. */
const LEVELS: Record<number, LogEntryLevel> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARNING',
  50: 'ERROR',
  60: 'CRITICAL',
};

/** Fields every line carries, or that become the entry's own fields. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'err', 'module']);

// eslint-disable-next-line no-control-regex
const ANSI_ESCAPES = /\u001b\[[0-9;]*m/g;

/** A message like `scan: skipped …` names its part of the server before the colon. */
const MESSAGE_MODULE = /^([a-z][a-z-]{1,20}): /;

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

function moduleOf(line: Record<string, unknown>, message: string): string {
  if (typeof line.module === 'string') return line.module.toLowerCase();
  if ('reqId' in line) return 'http';
  return MESSAGE_MODULE.exec(message)?.[1] ?? 'romshelf';
}

/**
 * One serialised pino line (already redacted by the logger, as written to the log files) as a
 * logs viewer entry: the message with its extra fields as `key=value`, and an error's message.
 * Null for text that is not a pino line.
 */
export function logEntryOf(text: string): LogEntry | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const line = parsed as Record<string, unknown>;
  const level = LEVELS[Number(line.level)];
  if (level === undefined) return null;
  const message = typeof line.msg === 'string' ? line.msg : '';
  const fields = Object.entries(line)
    .filter(([key]) => !OWN_FIELDS.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const error = line.err as { message?: unknown } | undefined;
  const detail = typeof error?.message === 'string' ? [`error=${fieldText(error.message)}`] : [];
  return {
    ts: typeof line.time === 'number' ? line.time : Date.now(),
    level,
    module: moduleOf(line, message),
    message: [message, ...fields, ...detail].join(' ').replace(ANSI_ESCAPES, '').trim(),
  };
}

/**
 * A pino destination that hands every line to `target` (stdout or the pretty printer) and keeps
 * it for the logs viewer.
 */
export function capturingLogStream(
  target: { write(line: string): unknown },
  keep: (entry: LogEntry) => void,
): { write(line: string): void } {
  return {
    write(line: string) {
      target.write(line);
      const entry = logEntryOf(line);
      if (entry !== null) keep(entry);
    },
  };
}
