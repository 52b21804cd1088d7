/**
 * Cron expressions of scheduled tasks: the SPEC §5 rules, shared by the server (which refuses an
 * invalid `SCHEDULED_*_CRON` at start-up) and the web app (which describes the expression).
 *
 * Accepted syntax (decisions where the SPEC is silent):
 * - 5 parts `minute hour day-of-month month day-of-week`, 6 parts with leading seconds, 7 parts
 *   with a trailing year (1970-2099), as cronstrue reads them.
 * - Ranges: seconds and minutes 0-59, hours 0-23, day of month 1-31, month 1-12 (or JAN-DEC),
 *   day of week 0-6 (or SUN-SAT; 7 is refused).
 * - Each field is `*`, or a list of `value`, `a-b` (a ≤ b), `*∕n`, `a∕n` or `a-b∕n` (n ≥ 1, at
 *   most the field's span). `?` stands alone, in day of month or day of week only.
 * - The `W` flag only follows a single day of month (`15W`), never a range, list, step or `*`.
 *   The other Quartz flags (`L`, `#`) are refused: the SPEC does not list them.
 * - Shortcuts need their `@` and stand alone: @yearly, @annually, @monthly, @weekly, @daily,
 *   @midnight, @hourly (case-insensitive). A bare `daily` is one part, hence too few parts.
 */

export const CRON_SHORTCUTS = [
  '@yearly',
  '@annually',
  '@monthly',
  '@weekly',
  '@daily',
  '@midnight',
  '@hourly',
] as const;

export type CronField =
  'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek' | 'year';

export type CronValidation =
  | { readonly valid: true }
  | {
      readonly valid: false;
      readonly reason: 'too_few_parts' | 'too_many_parts' | 'invalid_value';
      readonly field?: CronField;
    };

interface FieldSpec {
  readonly field: CronField;
  readonly min: number;
  readonly max: number;
  readonly names?: readonly string[];
  readonly question?: boolean;
  readonly weekday?: boolean;
}

const MONTH_NAMES = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

const SECOND: FieldSpec = { field: 'second', min: 0, max: 59 };
const MINUTE: FieldSpec = { field: 'minute', min: 0, max: 59 };
const HOUR: FieldSpec = { field: 'hour', min: 0, max: 23 };
const DAY_OF_MONTH: FieldSpec = {
  field: 'dayOfMonth',
  min: 1,
  max: 31,
  question: true,
  weekday: true,
};
const MONTH: FieldSpec = { field: 'month', min: 1, max: 12, names: MONTH_NAMES };
const DAY_OF_WEEK: FieldSpec = {
  field: 'dayOfWeek',
  min: 0,
  max: 6,
  names: DAY_NAMES,
  question: true,
};
const YEAR: FieldSpec = { field: 'year', min: 1970, max: 2099 };

const LAYOUTS: Readonly<Record<number, readonly FieldSpec[]>> = {
  5: [MINUTE, HOUR, DAY_OF_MONTH, MONTH, DAY_OF_WEEK],
  6: [SECOND, MINUTE, HOUR, DAY_OF_MONTH, MONTH, DAY_OF_WEEK],
  7: [SECOND, MINUTE, HOUR, DAY_OF_MONTH, MONTH, DAY_OF_WEEK, YEAR],
};

function isShortcut(expression: string): boolean {
  return (CRON_SHORTCUTS as readonly string[]).includes(expression.toLowerCase());
}

/** A single value of the field (number or name) within its range, or null. */
function parseValue(text: string, spec: FieldSpec): number | null {
  if (/^\d{1,4}$/.test(text)) {
    const value = Number(text);
    return value >= spec.min && value <= spec.max ? value : null;
  }
  const index = spec.names?.indexOf(text.toUpperCase()) ?? -1;
  return index >= 0 ? spec.min + index : null;
}

function isValidItem(item: string, spec: FieldSpec): boolean {
  const [base = '', step, extra] = item.split('/');
  if (extra !== undefined) return false;
  if (step !== undefined) {
    if (!/^\d{1,4}$/.test(step)) return false;
    const n = Number(step);
    if (n < 1 || n > spec.max - spec.min + 1) return false;
  }
  if (base === '*') return true;
  const [from = '', to, more] = base.split('-');
  if (more !== undefined) return false;
  const start = parseValue(from, spec);
  if (start === null) return false;
  if (to === undefined) return true;
  const end = parseValue(to, spec);
  return end !== null && start <= end;
}

function isValidField(text: string, spec: FieldSpec): boolean {
  if (text === '?') return spec.question === true;
  if (spec.weekday === true && /w$/i.test(text)) {
    // W: nearest weekday to ONE day of the month.
    const day = text.slice(0, -1);
    return /^\d{1,2}$/.test(day) && parseValue(day, spec) !== null;
  }
  const items = text.split(',');
  return items.every((item) => item !== '' && isValidItem(item, spec));
}

/** SPEC §5 cron rules. */
export function validateCron(expression: string): CronValidation {
  const trimmed = expression.trim();
  if (isShortcut(trimmed)) return { valid: true };
  const parts = trimmed === '' ? [] : trimmed.split(/\s+/);
  if (parts.length < 5) return { valid: false, reason: 'too_few_parts' };
  if (parts.length > 7) return { valid: false, reason: 'too_many_parts' };
  const layout = LAYOUTS[parts.length] ?? [];
  for (const [index, spec] of layout.entries()) {
    if (!isValidField(parts[index] ?? '', spec)) {
      return { valid: false, reason: 'invalid_value', field: spec.field };
    }
  }
  return { valid: true };
}
