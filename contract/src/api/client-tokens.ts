import { z } from 'zod';

import { FULL_SCOPES } from '../auth.js';

/** RomM's prefix of a raw client API token (`rmm_` + 64 hex digits). */
export const CLIENT_TOKEN_PREFIX = 'rmm_';
/** Tokens one user may hold at once (RomM). */
export const MAX_CLIENT_TOKENS_PER_USER = 25;
/** Lifetime choices of a new token (RomM's `expires_in`). */
export const CLIENT_TOKEN_EXPIRIES = ['30d', '90d', '1y', 'never'] as const;
export type ClientTokenExpiry = (typeof CLIENT_TOKEN_EXPIRIES)[number];
/** Seconds a pairing code stays valid (RomM: 60). */
export const PAIR_CODE_TTL_SECONDS = 60;
/** Pairing and device codes: 8 characters from an alphabet without look-alikes (RomM). */
export const PAIR_CODE_LENGTH = 8;
export const PAIR_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Seconds a device authorisation request waits for approval (RomM: 10 minutes). */
export const DEVICE_AUTH_TTL_SECONDS = 600;
/** Seconds a device should wait between two polls of `POST /api/auth/device/token`. */
export const DEVICE_AUTH_POLL_INTERVAL_SECONDS = 5;
/** The web page where a signed-in person approves a device (RomM's verification path). */
export const DEVICE_VERIFICATION_PATH = '/pair/device';

const ScopeNameSchema = z.enum(FULL_SCOPES);

/** A client API token as listed (RomM `ClientTokenSchema`); the raw token is never shown again. */
export const ClientTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.string()),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
  user_id: z.number().int(),
  /** The device a token approved through the device flow was issued to; null otherwise. */
  device_id: z.string().nullable(),
});
export type ClientToken = z.infer<typeof ClientTokenSchema>;

/** A token just created, regenerated or exchanged: the only answer that carries `raw_token`. */
export const ClientTokenCreatedSchema = ClientTokenSchema.extend({ raw_token: z.string() });
export type ClientTokenCreated = z.infer<typeof ClientTokenCreatedSchema>;

/** Everyone's tokens, for administrators (RomM `ClientTokenAdminSchema`). */
export const ClientTokenAdminSchema = ClientTokenSchema.extend({
  username: z.string(),
  user_avatar_path: z.string(),
  user_updated_at: z.string(),
});
export type ClientTokenAdmin = z.infer<typeof ClientTokenAdminSchema>;

export const ClientTokenListSchema = z.array(ClientTokenSchema);
export const ClientTokenAdminListSchema = z.array(ClientTokenAdminSchema);

export const CreateClientTokenBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(255),
  scopes: z.array(ScopeNameSchema).min(1, 'Choose at least one scope'),
  expires_in: z.enum(CLIENT_TOKEN_EXPIRIES).nullish(),
});
export type CreateClientTokenBody = z.infer<typeof CreateClientTokenBodySchema>;

export const ClientTokenIdParamsSchema = z.object({ token_id: z.coerce.number().int().min(1) });

/** `POST /api/client-tokens/{id}/pair`: a short code a device exchanges for the token. */
export const ClientTokenPairSchema = z.object({
  code: z.string(),
  expires_in: z.number().int(),
});
export type ClientTokenPair = z.infer<typeof ClientTokenPairSchema>;

export const PairCodeParamsSchema = z.object({ code: z.string().min(1).max(32) });

export const ExchangePairCodeBodySchema = z.object({ code: z.string().min(1).max(32) });

/** `POST /api/auth/device/init`: a device asks to be paired (RomM `DeviceAuthInitPayload`). */
export const DeviceAuthInitBodySchema = z.object({
  client_device_identifier: z.string().min(1).max(255),
  name: z.string().min(1).max(255),
  client: z.string().min(1).max(50),
  platform: z.string().max(50).nullish(),
  client_version: z.string().max(50).nullish(),
  requested_scopes: z.array(ScopeNameSchema).min(1).max(FULL_SCOPES.length),
});
export type DeviceAuthInitBody = z.infer<typeof DeviceAuthInitBodySchema>;

export const DeviceAuthInitSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_path: z.string(),
  verification_path_complete: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});
export type DeviceAuthInit = z.infer<typeof DeviceAuthInitSchema>;

export const UserCodeParamsSchema = z.object({ user_code: z.string().min(1).max(32) });

/** A pending request, for the approval page (RomM `DeviceAuthPendingSchema`). */
export const DeviceAuthPendingSchema = z.object({
  client_device_identifier: z.string(),
  name: z.string(),
  client: z.string(),
  platform: z.string().nullable(),
  client_version: z.string().nullable(),
  requested_scopes: z.array(z.string()),
  allowed_scopes: z.array(z.string()),
  expires_at: z.string(),
});
export type DeviceAuthPending = z.infer<typeof DeviceAuthPendingSchema>;

export const DeviceAuthApproveBodySchema = z.object({
  user_code: z.string().min(1).max(32),
  approved_scopes: z.array(z.string()).min(1),
  device_name: z.string().max(255).nullish(),
  expires_in: z.enum(CLIENT_TOKEN_EXPIRIES).nullish(),
});
export type DeviceAuthApproveBody = z.infer<typeof DeviceAuthApproveBodySchema>;

export const DeviceAuthApproveSchema = z.object({
  device_id: z.string(),
  device_name: z.string().nullable(),
});

export const DeviceAuthDenyBodySchema = z.object({ user_code: z.string().min(1).max(32) });

export const DeviceAuthTokenBodySchema = z.object({ device_code: z.string().min(1).max(128) });

/** What a device's poll gets once approved (RomM `DeviceAuthTokenResponse`). */
export const DeviceAuthTokenSchema = z.object({
  access_token: z.string(),
  device_id: z.string(),
  scopes: z.array(z.string()),
  expires_at: z.string().nullable(),
});
export type DeviceAuthToken = z.infer<typeof DeviceAuthTokenSchema>;
