/** Pino's numeric levels, as words. */
const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every entry carries, which a reader on a terminal does not need. */
const HIDDEN_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

interface LogError {
  stack?: string;
  message?: string;
}

function clockTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(11, 19);
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/**
 * Turns one pino JSON line into `HH:MM:SS LEVEL message key=value…` (UTC time), with an error's
 * stack on the following lines. Lines that are not JSON pass through unchanged.
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = LEVEL_NAMES[Number(entry.level)] ?? 'LOG';
  const time = typeof entry.time === 'number' ? clockTime(entry.time) : '--:--:--';
  const fields = Object.entries(entry)
    .filter(([key]) => !HIDDEN_FIELDS.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  const head = [time, level.padEnd(5), message, ...fields].join(' ').trimEnd();
  const error = entry.err as LogError | undefined;
  const detail = error?.stack ?? error?.message;
  return detail === undefined ? `${head}\n` : `${head}\n  ${detail.split('\n').join('\n  ')}\n`;
}

/** A destination for pino that writes readable lines to `out` (a terminal). */
export function prettyLogStream(out: { write(text: string): unknown }): {
  write(line: string): void;
} {
  return {
    write(line: string) {
      out.write(formatLogLine(line));
    },
  };
}
