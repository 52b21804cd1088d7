import {
  API_TIMEOUT_MS,
  CSRF_COOKIE,
  CSRF_HEADER,
  HeartbeatSchema,
  SESSION_COOKIE,
  SIGNED_IN_COOKIE,
} from '@romshelf/contract';

import { readCookie, removeCookie } from './cookies';
import { navigateTo } from './navigator';
import { requestEnded, requestStarted } from './network-tracker';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

export const API_BASE = '/api';
export const LOGIN_PATH = '/login';

/** One entry of a validation error list (`422 {detail: [...]}`). */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** Any failed call: the HTTP status (0 when no answer came) and the server's `detail`. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | ValidationIssue[];

  constructor(status: number, detail: string | ValidationIssue[]) {
    super(typeof detail === 'string' ? detail : detail.map((issue) => issue.msg).join('; '));
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }

  /** A one-line explanation suitable for showing to the user. */
  get detailText(): string {
    return this.message;
  }
}

/** Status used when the request never got an answer (offline, aborted, timed out). */
export const NO_RESPONSE = 0;

/**
 * Where to send the user after a 403 (SPEC §2): keep an existing `next`, else the current path,
 * else `/` when already on the login page.
 */
export function computeLoginNext(pathname: string, search: string): string {
  const existing = new URLSearchParams(search).get('next');
  if (existing) return existing;
  if (pathname === LOGIN_PATH) return '/';
  return pathname + search;
}

export function loginPathWithNext(next: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ next }).toString()}`;
}

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON with the matching content type. */
  json?: unknown;
  /** Sent as is (FormData, Blob…); wins over `json`. */
  body?: BodyInit;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * A 401 answer normally means the session ended (logged out elsewhere, password changed, user
   * disabled or deleted) and sends the signed-in user to login. Calls whose 401 is an ordinary
   * answer (the auth pages' own calls) set this to skip that.
   */
  allowUnauthorized?: boolean;
  /**
   * A GET the page's HTML may already have started (`<link rel="preload">`, see the contract's
   * page-preloads.ts): sent without the Accept and CSRF headers, as the browser hands a preloaded
   * answer only to a request with the same headers. A safe method needs no CSRF token.
   */
  preloadable?: boolean;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = API_BASE + (path.startsWith('/') ? path : `/${path}`);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

function toDetail(payload: unknown, fallback: string): string | ValidationIssue[] {
  if (payload && typeof payload === 'object' && 'detail' in payload) {
    const detail: unknown = payload.detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) return detail as ValidationIssue[];
  }
  return fallback;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The raw call: CSRF header, timeout, JSON, typed errors. No 403 handling. */
async function send(path: string, options: RequestOptions): Promise<unknown> {
  const headers = new Headers(options.headers);
  const plain = options.preloadable === true && (options.method ?? 'GET') === 'GET';
  const csrf = plain ? null : readCookie(CSRF_COOKIE);
  if (csrf !== null) headers.set(CSRF_HEADER, csrf);
  let body: BodyInit | undefined = options.body;
  if (body === undefined && options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  if (!plain && !headers.has('accept')) headers.set('accept', 'application/json');

  const controller = new AbortController();
  const state = { timedOut: false };
  const timer = setTimeout(() => {
    state.timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const onAbort = (): void => controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  requestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: body ?? null,
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (cause) {
      const detail = state.timedOut
        ? 'The server took too long to answer'
        : cause instanceof Error
          ? cause.message
          : 'Network error';
      throw new ApiError(NO_RESPONSE, detail);
    }
    const payload = await readBody(response);
    if (!response.ok) {
      throw new ApiError(
        response.status,
        toDetail(payload, response.statusText || `HTTP ${response.status}`),
      );
    }
    return payload;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    requestEnded();
  }
}

/**
 * The 403 flow (SPEC §8): forget the session cookies, refresh the heartbeat, and go to login
 * carrying `next`. Returns once the heartbeat call has settled.
 */
export async function handleForbidden(): Promise<void> {
  removeCookie(SESSION_COOKIE);
  removeCookie(CSRF_COOKIE);
  removeCookie(SIGNED_IN_COOKIE);
  try {
    const heartbeat = HeartbeatSchema.parse(await send('/heartbeat', {}));
    useHeartbeatStore.getState().setHeartbeat(heartbeat);
  } catch (error) {
    console.error('Heartbeat after 403 failed', error);
  }
  const next = computeLoginNext(window.location.pathname, window.location.search);
  navigateTo(loginPathWithNext(next));
}

/** Calls whose 401 answer is about the credentials just sent, never about an ended session. */
export const CREDENTIAL_PATHS: readonly string[] = ['/login', '/token', '/logout'];

/**
 * True when a 401 on this call means "your session is over": someone is signed in (so start-up
 * and the signed-out pages never bounce), the call is not a credential check, and it did not opt
 * out.
 */
export function isSessionEnded(path: string, status: number, options: RequestOptions): boolean {
  if (status !== 401 || options.allowUnauthorized) return false;
  if (useAuthStore.getState().user === null) return false;
  const bare = (path.startsWith('/') ? path : `/${path}`).split('?')[0] ?? path;
  return !CREDENTIAL_PATHS.includes(bare);
}

/**
 * A 401 on a signed-in call: the server ended the session. Same flow as a 403 (cookies, heartbeat,
 * login with `next`), then the signed-in user is forgotten so the app shows no stale account.
 */
export async function handleSessionEnded(): Promise<void> {
  await handleForbidden();
  useAuthStore.getState().reset();
}

/**
 * Calls the API; on 403, or on a 401 meaning the session ended, runs the login flow and still
 * rejects with the ApiError.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  try {
    return (await send(path, options)) as T;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      await handleForbidden();
    } else if (error instanceof ApiError && isSessionEnded(path, error.status, options)) {
      await handleSessionEnded();
    }
    throw error;
  }
}

export const api = {
  get: <T = unknown>(path: string, options: Omit<RequestOptions, 'method'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, options: Omit<RequestOptions, 'method'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST' }),
  put: <T = unknown>(path: string, options: Omit<RequestOptions, 'method'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT' }),
  delete: <T = unknown>(path: string, options: Omit<RequestOptions, 'method'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A message for any thrown value: the server's detail for API errors. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
