import { z } from 'zod';

/** Readers of single environment values shared by the variable groups. */

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];

/** Parses a boolean environment value; `undefined` when the text is not a known word. */
export function parseBooleanWord(value: string): boolean | undefined {
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return undefined;
}

/** An unset or blank variable counts as absent. */
export function present(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

export function boolVar(name: string, fallback = false) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!present(value)) return fallback;
      const parsed = parseBooleanWord(value);
      if (parsed === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a boolean: true/false, 1/0 or yes/no (got "${value}")`,
        });
        return z.NEVER;
      }
      return parsed;
    });
}
