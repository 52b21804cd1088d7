import { z } from 'zod';

/** Every API error: `{ "detail": ... }` (a list of issues for validation errors). */
export const ErrorBodySchema = z.object({
  detail: z.union([
    z.string(),
    z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number()])),
        msg: z.string(),
        type: z.string(),
      }),
    ),
  ]),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MessageSchema = z.object({ msg: z.string() });

/** `GET /api/<things>/identifiers`: the ids of every item the caller can see (RomM). */
export const IdentifiersSchema = z.array(z.number().int());

/**
 * A yes/no query parameter as RomM's clients send it (`true`, `1`, `True`, or their opposites);
 * `fallback` when it is absent.
 */
export const queryBoolean = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'True', 'False'])
    .optional()
    .transform((value) =>
      value === undefined ? fallback : value === 'true' || value === '1' || value === 'True',
    );
