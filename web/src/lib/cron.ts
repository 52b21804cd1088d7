/**
 * Cron expressions of scheduled tasks in words (reference §8: cronstrue, verbose, first letter
 * lower-cased; SPEC §8 error messages). The SPEC §5 validation lives in the contract, shared
 * with the server.
 *
 * `describeCron` is pure and returns i18n KEYS of the `settings` namespace (`cron.*`) for
 * errors; the UI translates them.
 */
import type { CronField } from '@romshelf/contract';
import { validateCron } from '@romshelf/contract';
import cronstrueImport from 'cronstrue/i18n';

export { CRON_SHORTCUTS, validateCron } from '@romshelf/contract';

/**
 * The describer with its locales. cronstrue's i18n build is CommonJS with `__esModule`: the dev
 * server and tests hand its `default` export to a default import, the production bundle the
 * whole `module.exports` (whose `default` it then is).
 */
const cronstrue: typeof cronstrueImport =
  'locales' in cronstrueImport
    ? cronstrueImport
    : (cronstrueImport as unknown as { default: typeof cronstrueImport }).default;
export type { CronField, CronValidation } from '@romshelf/contract';

/** i18n keys (namespace `settings`) of the describer's messages. */
export const CRON_ERROR_KEYS = {
  too_few_parts: 'cron.too-few-parts',
  too_many_parts: 'cron.too-many-parts',
  invalid_value: 'cron.invalid-value',
  description: 'cron.description-error',
} as const;

/** i18n keys (namespace `settings`) naming each field, for `cron.invalid-value`'s `{{field}}`. */
export const CRON_FIELD_KEYS: Readonly<Record<CronField, string>> = {
  second: 'cron.field-second',
  minute: 'cron.field-minute',
  hour: 'cron.field-hour',
  dayOfMonth: 'cron.field-day-of-month',
  month: 'cron.field-month',
  dayOfWeek: 'cron.field-day-of-week',
  year: 'cron.field-year',
};

export type CronErrorKey = (typeof CRON_ERROR_KEYS)[keyof typeof CRON_ERROR_KEYS];

export type CronDescription =
  | { readonly ok: true; readonly description: string }
  | {
      readonly ok: false;
      readonly errorKey: CronErrorKey;
      /** For `cron.invalid-value`: the field, and the key of its translated name. */
      readonly field?: CronField;
      readonly fieldKey?: string;
    };

/** cronstrue's locale for one of ours (`fr_FR` → `fr`, `pt_BR` → `pt_BR`); English otherwise. */
export function cronstrueLocale(locale: string): string {
  const available = cronstrue.locales;
  const normalized = locale.replace('-', '_');
  if (Object.hasOwn(available, normalized)) return normalized;
  const language = normalized.split('_')[0]?.toLowerCase() ?? '';
  return Object.hasOwn(available, language) ? language : 'en';
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The expression in words in the given UI locale (e.g. `en_US`, `fr_FR`), first letter
 * lower-cased so that it reads after a label; or the key of the message explaining the error.
 */
export function describeCron(expression: string, locale: string): CronDescription {
  const validation = validateCron(expression);
  if (!validation.valid) {
    const errorKey = CRON_ERROR_KEYS[validation.reason];
    return validation.field === undefined
      ? { ok: false, errorKey }
      : {
          ok: false,
          errorKey,
          field: validation.field,
          fieldKey: CRON_FIELD_KEYS[validation.field],
        };
  }
  try {
    const description = cronstrue.toString(expression.trim(), {
      verbose: true,
      locale: cronstrueLocale(locale),
      throwExceptionOnParseError: true,
    });
    return { ok: true, description: lowerFirst(description) };
  } catch {
    return { ok: false, errorKey: CRON_ERROR_KEYS.description };
  }
}
