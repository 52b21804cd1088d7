import cronstrue from 'cronstrue/i18n';
import { describe, expect, it, vi } from 'vitest';

import { CRON_ERROR_KEYS, cronstrueLocale, describeCron, validateCron } from './cron';

describe('validateCron', () => {
  it.each([
    '* * * * *',
    '*/5 * * * *',
    '0 3 * * *',
    '0 0 1 1 *',
    '59 23 31 12 6',
    '0 0 * * 0',
    '0-59 0-23 1-31 1-12 0-6',
    '0,15,30,45 8-18/2 * * 1-5',
    '5/10 * * * *',
    '0 4 * JAN-MAR sun',
    '0 4 * * MON,wed,FRI',
    '0 0 15W * *',
    '0 0 1W * ?',
    '0 0 31w * *',
    '0 12 ? * 1',
    '30 0 3 * * *',
    '0 0 12 * * ? 2030',
    '0 0 12 * * ? 2025-2030',
    '  0   3 * *\t*  ',
    '*/60 * * * *',
  ])('accepts %j', (expression) => {
    expect(validateCron(expression)).toEqual({ valid: true });
  });

  it.each([
    '@yearly',
    '@annually',
    '@monthly',
    '@weekly',
    '@daily',
    '@midnight',
    '@hourly',
    '@DAILY',
    ' @hourly ',
  ])('accepts the shortcut %j', (expression) => {
    expect(validateCron(expression)).toEqual({ valid: true });
  });

  it.each([
    ['', 'too_few_parts'],
    ['   ', 'too_few_parts'],
    ['daily', 'too_few_parts'],
    ['@every', 'too_few_parts'],
    ['@daily *', 'too_few_parts'],
    ['* * * *', 'too_few_parts'],
    ['* * * * * * * *', 'too_many_parts'],
    ['0 0 0 * * * * 1', 'too_many_parts'],
  ])('refuses %j: %s', (expression, reason) => {
    expect(validateCron(expression)).toEqual({ valid: false, reason });
  });

  it.each([
    ['60 * * * *', 'minute'],
    ['-1 * * * *', 'minute'],
    ['* 24 * * *', 'hour'],
    ['* * 0 * *', 'dayOfMonth'],
    ['* * 32 * *', 'dayOfMonth'],
    ['* * * 0 *', 'month'],
    ['* * * 13 *', 'month'],
    ['* * * * 7', 'dayOfWeek'],
    ['* * * * MON-FOO', 'dayOfWeek'],
    ['60 * * * * *', 'second'],
    ['0 60 * * * *', 'minute'],
    ['0 0 0 * * * 1969', 'year'],
    ['0 0 0 * * * 2100', 'year'],
    ['* * 1-5W * *', 'dayOfMonth'],
    ['* * 1,15W * *', 'dayOfMonth'],
    ['* * */5W * *', 'dayOfMonth'],
    ['* * W * *', 'dayOfMonth'],
    ['* * 32W * *', 'dayOfMonth'],
    ['* * * * 1W', 'dayOfWeek'],
    ['? * * * *', 'minute'],
    ['* * * ? *', 'month'],
    ['* * ?,1 * *', 'dayOfMonth'],
    ['5-1 * * * *', 'minute'],
    ['*/0 * * * *', 'minute'],
    ['*/61 * * * *', 'minute'],
    ['1-2-3 * * * *', 'minute'],
    ['*/2/2 * * * *', 'minute'],
    ['1,,2 * * * *', 'minute'],
    ['1, * * * *', 'minute'],
    ['a * * * *', 'minute'],
    ['* * L * *', 'dayOfMonth'],
    ['* * * * 5L', 'dayOfWeek'],
    ['* * * * 5#3', 'dayOfWeek'],
    ['1.5 * * * *', 'minute'],
    ['@daily * * * *', 'minute'],
  ])('refuses %j in the %s field', (expression, field) => {
    expect(validateCron(expression)).toEqual({ valid: false, reason: 'invalid_value', field });
  });
});

describe('describeCron', () => {
  it('describes in English, verbose, first letter lower-cased', () => {
    expect(describeCron('*/5 * * * *', 'en_US')).toEqual({
      ok: true,
      description: 'every 5 minutes, every hour, every day',
    });
    expect(describeCron('0 3 * * *', 'en_GB')).toEqual({
      ok: true,
      description: 'at 03:00 AM, every day',
    });
    expect(describeCron('@weekly', 'en_US')).toEqual({
      ok: true,
      description: 'at 12:00 AM, only on Sunday',
    });
    expect(describeCron('0 0 15W * *', 'en_US')).toEqual({
      ok: true,
      description: 'at 12:00 AM, on the weekday nearest day 15 of the month',
    });
  });

  it('describes in French', () => {
    expect(describeCron('0 3 * * *', 'fr_FR')).toEqual({
      ok: true,
      description: 'à 03:00, tous les jours',
    });
    expect(describeCron('@hourly', 'fr_FR')).toEqual({
      ok: true,
      description: 'toutes les heures, tous les jours',
    });
  });

  it('returns the keys of the SPEC messages', () => {
    expect(describeCron('* * * *', 'en_US')).toEqual({ ok: false, errorKey: 'cron.too-few-parts' });
    expect(describeCron('* * * * * * * *', 'en_US')).toEqual({
      ok: false,
      errorKey: 'cron.too-many-parts',
    });
    expect(describeCron('61 * * * *', 'fr_FR')).toEqual({
      ok: false,
      errorKey: 'cron.invalid-value',
      field: 'minute',
      fieldKey: 'cron.field-minute',
    });
    expect(CRON_ERROR_KEYS.description).toBe('cron.description-error');
  });

  it('maps UI locales to cronstrue locales', () => {
    expect(cronstrueLocale('en_US')).toBe('en');
    expect(cronstrueLocale('fr_FR')).toBe('fr');
    expect(cronstrueLocale('pt_BR')).toBe('pt_BR');
    expect(cronstrueLocale('zh_TW')).toBe('zh_TW');
    expect(cronstrueLocale('de-DE')).toBe('de');
    expect(cronstrueLocale('ko_KR')).toBe('ko');
    expect(cronstrueLocale('xx_YY')).toBe('en');
    expect(cronstrueLocale('')).toBe('en');
  });
});

describe('describeCron when cronstrue fails', () => {
  it('returns the generic description error key', () => {
    const spy = vi.spyOn(cronstrue, 'toString').mockImplementation(() => {
      throw new Error('boom');
    });
    try {
      expect(describeCron('0 3 * * *', 'en_US')).toEqual({
        ok: false,
        errorKey: 'cron.description-error',
      });
    } finally {
      spy.mockRestore();
    }
  });
});
