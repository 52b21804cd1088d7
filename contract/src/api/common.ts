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
