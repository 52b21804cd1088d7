import { z } from 'zod';

import type { Role } from '../auth.js';
import {
  EMAIL_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../auth.js';
import { UiSettingsInputSchema } from '../ui-settings.js';

export const RoleSchema = z.enum(ROLES);

/** RomM 5's role of everyone who is not an admin (its permission groups say what they may do). */
export const ROMM_USER_ROLE = 'user';

/** A role as RomM's clients send it: RomShelf's three, or RomM 5's `user`. */
export const RommRoleSchema = z.enum([...ROLES, ROMM_USER_ROLE]);
export type RommRole = z.infer<typeof RommRoleSchema>;

/**
 * The role of a new account: RomM 5's `user` is a viewer (the default permission group), RomM 4's
 * `viewer` and `editor` and both versions' `admin` are taken as they are.
 */
export const RoleInputSchema = RommRoleSchema.transform((role): Role =>
  role === ROMM_USER_ROLE ? 'viewer' : role,
);

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
  /** RomShelf's: the sign-in before the current one; null until the user has signed in twice. */
  previous_login: z.string().nullable(),
  last_active: z.string().nullable(),
  ra_username: z.string().nullable(),
  ra_progression: z.record(z.string(), z.unknown()).nullable(),
  ui_settings: z.record(z.string(), z.unknown()).nullable(),
  /** The user's permission group (`GET /api/permissions/groups`); null: the default group. */
  permission_group_id: z.number().int().nullable(),
  /** RomM's current device of a session; RomShelf does not track one, so always null. */
  current_device_id: z.string().nullable(),
  /** RomShelf's: whether others see this user's play activity (time played per game). */
  share_activity: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * A permission group id as forms send it (text); empty or "null" means none (RomM 5 sends
 * `role: "user"` with the group it picked).
 */
const FormGroupIdSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '' || text === 'null') return null;
  return /^\d+$/.test(text) ? Number(text) : value;
}, z.number().int().positive().nullable());

/** POST /api/users (first admin during setup, or an administrator adding someone). */
export const CreateUserBodySchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  email: z.union([EmailSchema, z.literal('')]).nullish(),
  role: RoleInputSchema.default('viewer'),
  /** The new user's permission group (RomM 5.2); their role follows from it. */
  permission_group_id: FormGroupIdSchema.optional(),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/** Form booleans arrive as text ("true"/"false"); JSON sends real booleans. */
const FormBooleanSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(word)) return true;
  if (['false', '0', 'no', 'off'].includes(word)) return false;
  return value;
}, z.boolean());

/**
 * PUT /api/users/{id} fields (multipart form, url-encoded form or JSON; the avatar is a file part
 * named `avatar`). All optional. `current_password` is required when users change their own
 * password. `ui_settings` may be a JSON object or its JSON text.
 */
export const UpdateUserBodySchema = z.object({
  username: UsernameSchema.optional(),
  /** Empty means unchanged: RomM's client always sends the field. */
  password: z.preprocess((value) => (value === '' ? undefined : value), PasswordSchema.optional()),
  current_password: z.string().max(PASSWORD_MAX).optional(),
  email: z.union([EmailSchema, z.literal('')]).nullish(),
  enabled: FormBooleanSchema.optional(),
  /** RomM 5's `user` means "not an admin": an admin becomes a viewer, others keep their role. */
  role: RommRoleSchema.optional(),
  /** RomM 5.2: the user's permission group; their role follows from it. */
  permission_group_id: FormGroupIdSchema.optional(),
  ra_username: z.string().max(USERNAME_MAX).nullish(),
  /** RomShelf's: whether others see your play activity (time played per game). */
  share_activity: FormBooleanSchema.optional(),
  ui_settings: z
    .preprocess((value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }, UiSettingsInputSchema.nullable())
    .optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/** POST /api/users/invite-link answer. */
export const InviteLinkSchema = z.object({ token: z.string(), url: z.string() });
export type InviteLink = z.infer<typeof InviteLinkSchema>;

/** POST /api/users/register (public, with an invite token). */
export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  email: z.union([EmailSchema, z.literal('')]).nullish(),
  password: PasswordSchema,
  token: z.string().min(1).max(512),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** POST /api/forgot-password (always answers 200). */
export const ForgotPasswordBodySchema = z.object({ username: z.string().max(USERNAME_MAX) });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** POST /api/reset-password. */
export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(512),
  new_password: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** Error `detail` texts of the account flows, for the web app to recognise. */
export const ACCOUNT_ERRORS = {
  inviteInvalid: 'Invalid invite link',
  inviteUsed: 'This invite link has already been used',
  inviteExpired: 'This invite link has expired',
  resetInvalid: 'Invalid reset link',
  resetUsed: 'This reset link has already been used',
  resetExpired: 'This reset link has expired',
  wrongCurrentPassword: 'Current password is incorrect',
  currentPasswordRequired:
    "Current password is required to change your password. RomM's apps do not send it: change it on RomShelf's profile page",
  selfRole: 'You cannot change your own role',
  selfDisable: 'You cannot disable your own account',
  selfDelete: 'You cannot delete your own account',
  lastAdmin: 'The last admin cannot be removed, disabled or demoted',
  userNotFound: 'User not found',
} as const;

/** Values of `?error=` on /login after a failed single sign-on (GET /api/oauth/openid). */
export const OIDC_LOGIN_ERRORS = [
  'oidc_failed',
  'oidc_email_unverified',
  'oidc_no_role',
  'oidc_registration_disabled',
  'oidc_username_taken',
  'oidc_disabled_user',
  'oidc_cancelled',
  'oidc_unavailable',
] as const;
export type OidcLoginError = (typeof OIDC_LOGIN_ERRORS)[number];

/**
 * POST /api/logout's answer (RomM's shape): where to send the browser to end the provider's session
 * too, with OIDC_RP_INITIATED_LOGOUT on and a session from single sign-on; null otherwise.
 */
export const LogoutResponseSchema = z.object({ oidc_logout_url: z.string() }).nullable();
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;

/** An administrator kept so although the provider gave a lower role (the last admin). */
export const OidcRoleKeptSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  provider_role: RoleSchema,
  kept_at: z.string(),
});
export const OidcRoleKeptListSchema = z.array(OidcRoleKeptSchema);
export type OidcRoleKept = z.infer<typeof OidcRoleKeptSchema>;
