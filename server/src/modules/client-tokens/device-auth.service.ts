import { randomBytes, randomUUID } from 'node:crypto';

import type {
  DeviceAuthApproveBody,
  DeviceAuthInit,
  DeviceAuthInitBody,
  DeviceAuthPending,
  DeviceAuthToken,
} from '@romshelf/contract';
import {
  DEVICE_AUTH_POLL_INTERVAL_SECONDS,
  DEVICE_AUTH_TTL_SECONDS,
  DEVICE_VERIFICATION_PATH,
} from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import { toIsoUtc } from '../../lib/time.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { ClientTokensService, TokenManager } from './client-tokens.service.js';
import type { ExpiringCodes, ShortLivedState, WindowLimiter } from '../../lib/expiring-codes.js';
import {
  countRequest,
  memoryShortLivedState,
  newPairCode,
  normalizeCode,
} from '../../lib/expiring-codes.js';

/**
 * Requests per client address per minute: starting a flow and polling for its token (RomM's),
 * and looking up or answering a user code (the code is short, so lookups are counted too).
 */
export const DEVICE_AUTH_LIMITS = { init: 10, poll: 60, lookup: 20, answer: 10, windowMs: 60_000 };
/** A denied request is remembered this long so the device's next poll learns of it. */
const DENIED_TTL_SECONDS = 60;
const UNKNOWN_CODE = 'Unknown or expired code';

type DeviceRequest =
  | { status: 'pending'; userCode: string; info: DeviceAuthInitBody; lastPollAt: number | null }
  | { status: 'approved'; token: DeviceAuthToken }
  | { status: 'denied' };

/** A device error as RFC 8628 names it, in `{detail}` with status 400. */
const deviceError = (code: string) => new HttpError(400, code);

/**
 * RomM's device authorisation flow (RFC 8628 style): a device with no credentials asks for a
 * code, shows the short user code, and polls; a signed-in person approves it in the web app
 * (choosing scopes within their own), which creates a token bound to a device id that the next
 * poll hands over once. Pending requests live ten minutes, in memory.
 */
export class DeviceAuthService {
  private readonly requests: ExpiringCodes<DeviceRequest>;
  /** user code → device code, while the request is pending. */
  private readonly userCodes: ExpiringCodes<string>;
  private readonly inits: WindowLimiter;
  private readonly polls: WindowLimiter;
  private readonly lookups: WindowLimiter;
  private readonly answers: WindowLimiter;

  constructor(
    private readonly clientTokens: ClientTokensService,
    private readonly now: () => number = Date.now,
    private readonly devices: DevicesService | null = null,
    state: ShortLivedState = memoryShortLivedState(now),
  ) {
    this.requests = state.codes('device-request');
    this.userCodes = state.codes('device-user-code');
    const { init, poll, lookup, answer, windowMs } = DEVICE_AUTH_LIMITS;
    this.inits = state.windows('device-init', init, windowMs);
    this.polls = state.windows('device-poll', poll, windowMs);
    this.lookups = state.windows('device-lookup', lookup, windowMs);
    this.answers = state.windows('device-answer', answer, windowMs);
  }

  async init(info: DeviceAuthInitBody, clientAddress: string): Promise<DeviceAuthInit> {
    if (!(await this.inits.allow(clientAddress))) {
      throw new HttpError(429, 'Too many authorize attempts. Try again later.');
    }
    const deviceCode = randomBytes(32).toString('hex');
    const userCode = newPairCode();
    const request: DeviceRequest = { status: 'pending', userCode, info, lastPollAt: null };
    await this.requests.set(deviceCode, request, DEVICE_AUTH_TTL_SECONDS);
    await this.userCodes.set(userCode, deviceCode, DEVICE_AUTH_TTL_SECONDS);
    return {
      device_code: deviceCode,
      user_code: userCode,
      verification_path: DEVICE_VERIFICATION_PATH,
      verification_path_complete: `${DEVICE_VERIFICATION_PATH}?user_code=${userCode}`,
      expires_in: DEVICE_AUTH_TTL_SECONDS,
      interval: DEVICE_AUTH_POLL_INTERVAL_SECONDS,
    };
  }

  /** What the device asked for, and which of it the calling credential may grant. */
  async pending(
    userCode: string,
    manager: TokenManager,
    clientAddress: string,
  ): Promise<DeviceAuthPending> {
    await countRequest(this.lookups, clientAddress);
    const { deviceCode, info } = await this.pendingRequest(userCode);
    const requested = [...new Set(info.requested_scopes)].sort();
    const held = new Set<string>(manager.scopes);
    return {
      client_device_identifier: info.client_device_identifier,
      name: info.name,
      client: info.client,
      platform: info.platform ?? null,
      client_version: info.client_version ?? null,
      requested_scopes: requested,
      allowed_scopes: requested.filter((scope) => held.has(scope)),
      expires_at: toIsoUtc(new Date((await this.requests.expiresAt(deviceCode)) ?? this.now())),
    };
  }

  /** Approves within the scopes the device asked for and the calling credential holds. */
  async approve(
    body: DeviceAuthApproveBody,
    manager: TokenManager,
    clientAddress: string,
  ): Promise<{ device_id: string; device_name: string }> {
    await countRequest(this.answers, clientAddress);
    const { user } = manager;
    const { deviceCode, info } = await this.pendingRequest(body.user_code);
    const held = new Set<string>(manager.scopes);
    const allowed = new Set<string>(info.requested_scopes.filter((scope) => held.has(scope)));
    const approved = [...new Set(body.approved_scopes)].sort();
    if (approved.length === 0 || !approved.every((scope) => allowed.has(scope))) {
      throw new HttpError(403, "Approved scopes exceed what's allowed for this user");
    }
    const deviceName = body.device_name?.trim() || info.name;
    const deviceId =
      (await this.clientTokens.deviceIdOf(user.id, info.client_device_identifier)) ?? randomUUID();
    const { row, raw } = await this.clientTokens.issue(user.id, {
      name: deviceName,
      scopes: approved,
      expiresIn: body.expires_in,
      device: { id: deviceId, clientDeviceIdentifier: info.client_device_identifier },
    });
    // The approved device is registered, so it is listed and can sync at once.
    await this.devices?.ensureApproved(user.id, deviceId, {
      name: deviceName,
      platform: info.platform ?? null,
      client: info.client,
      client_version: info.client_version ?? null,
    });
    await this.requests.update(deviceCode, {
      status: 'approved',
      token: {
        access_token: raw,
        device_id: deviceId,
        scopes: approved,
        expires_at: row.expires_at,
      },
    });
    await this.userCodes.delete(normalizeCode(body.user_code));
    return { device_id: deviceId, device_name: deviceName };
  }

  async deny(userCode: string, clientAddress: string): Promise<void> {
    await countRequest(this.answers, clientAddress);
    const { deviceCode } = await this.pendingRequest(userCode);
    await this.requests.set(deviceCode, { status: 'denied' }, DENIED_TTL_SECONDS);
    await this.userCodes.delete(normalizeCode(userCode));
  }

  /**
   * The device's poll: `authorization_pending` (or `slow_down` when it polls faster than the
   * interval), `access_denied`, `expired_token`, or the token, handed over once.
   */
  async poll(deviceCode: string, clientAddress: string): Promise<DeviceAuthToken> {
    if (!(await this.polls.allow(clientAddress))) {
      throw new HttpError(429, 'Too many polling attempts. Try again later.');
    }
    const request = await this.requests.get(deviceCode);
    if (request === undefined) throw deviceError('expired_token');
    if (request.status === 'denied') throw deviceError('access_denied');
    if (request.status === 'approved') {
      // Handed over once: only the poll that takes the approved request gets the token.
      const taken = await this.requests.take(deviceCode);
      if (taken?.status !== 'approved') throw deviceError('expired_token');
      return taken.token;
    }
    const now = this.now();
    const previous = request.lastPollAt;
    await this.requests.update(deviceCode, { ...request, lastPollAt: now });
    if (previous !== null && now - previous < DEVICE_AUTH_POLL_INTERVAL_SECONDS * 1000) {
      throw deviceError('slow_down');
    }
    throw deviceError('authorization_pending');
  }

  private async pendingRequest(
    userCode: string,
  ): Promise<{ deviceCode: string; info: DeviceAuthInitBody }> {
    const deviceCode = await this.userCodes.get(normalizeCode(userCode));
    const request = deviceCode === undefined ? undefined : await this.requests.get(deviceCode);
    if (deviceCode === undefined || request === undefined) throw new HttpError(404, UNKNOWN_CODE);
    if (request.status !== 'pending') throw new HttpError(410, `Code already ${request.status}`);
    return { deviceCode, info: request.info };
  }
}
