import { useLanguageStore } from './stores/language-store';

/** Size units of SPEC §9: bytes up to yottabytes, base 1024. */
export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

const EMPTY = '-';

/**
 * A byte count for people: base 1024, two decimals from KB up (`1536` → `1.50 KB`), whole bytes
 * below 1 KB (`512` → `512 B`). Missing or invalid values give a dash.
 */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return EMPTY;
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 1023.999 KB rounds to "1024.00 KB"; show it as the next unit instead.
  if (Number(value.toFixed(2)) >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit] ?? 'YB'}`;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The UI language as Intl reads it (`fr_FR` → `fr-FR`). */
export function uiLocale(): string {
  return useLanguageStore.getState().selectedLanguage.replace('_', '-');
}

function dateFormatter(
  locale: string,
  timeZone: string | undefined,
  withTime: boolean,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${String(withTime)}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface DateFormatOptions {
  timeZone?: string;
  /** Defaults to the UI language (`en_US`, `de_DE`…). */
  locale?: string;
}

/**
 * A date in the UI language's own order (`11/22/2026` in en_US, `22/11/2026` in en_GB,
 * `22.11.2026` in de_DE); a dash when empty or invalid. Every date of the app goes through here.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  options: DateFormatOptions = {},
): string {
  const date = toDate(value);
  const locale = options.locale?.replace('_', '-') ?? uiLocale();
  return date ? dateFormatter(locale, options.timeZone, false).format(date) : EMPTY;
}

/** Date and time in the UI language's format (`22/11/2026, 14:05` in en_GB); a dash when empty. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  options: DateFormatOptions = {},
): string {
  const date = toDate(value);
  const locale = options.locale?.replace('_', '-') ?? uiLocale();
  return date ? dateFormatter(locale, options.timeZone, true).format(date) : EMPTY;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment of today as its time alone (`14:05` in en_GB, `2:05 PM` in en_US), an older one with
 * its date too; a dash when empty.
 */
export function formatTimeToday(
  value: string | number | Date | null | undefined,
  options: DateFormatOptions & { now?: Date } = {},
): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  const locale = options.locale?.replace('_', '-') ?? uiLocale();
  const day = (moment: Date) => formatDate(moment, { locale, timeZone: options.timeZone });
  if (day(date) !== day(options.now ?? new Date())) return formatDateTime(date, options);
  const key = `${locale}|${options.timeZone ?? ''}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    });
    timeFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** A moment as a clock time with seconds (`14:05:09` in en_GB), for log lines; a dash when empty. */
export function formatClockTime(
  value: string | number | Date | null | undefined,
  options: DateFormatOptions = {},
): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  const locale = options.locale?.replace('_', '-') ?? uiLocale();
  const key = `${locale}|${options.timeZone ?? ''}`;
  let formatter = clockFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    });
    clockFormatters.set(key, formatter);
  }
  return formatter.format(date);
}
