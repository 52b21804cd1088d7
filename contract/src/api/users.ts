import { z } from 'zod';

import {
  EMAIL_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../auth.js';

export const RoleSchema = z.enum(ROLES);

export const UsernameSchema = z
  .string()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, 'Username may only contain letters, digits, "_" and "-"');

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .regex(/^[\x20-\x7E]+$/, 'Password may only contain printable ASCII characters');

export const EmailSchema = z.string().regex(EMAIL_PATTERN, 'Enter a valid e-mail address');

/** A user as the API shows it (RomM UserSchema fields). */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  enabled: z.boolean(),
  role: RoleSchema,
  oauth_scopes: z.array(z.string()),
  avatar_path: z.string(),
  last_login: z.string().nullable(),
  last_active: z.string().nullable(),
  ra_username: z.string().nullable(),
  ra_progression: z.record(z.string(), z.unknown()).nullable(),
  ui_settings: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** POST /api/users (first admin during setup, or an administrator adding someone). */
export const CreateUserBodySchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  email: z.union([EmailSchema, z.literal('')]).nullish(),
  role: RoleSchema.default('viewer'),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;
