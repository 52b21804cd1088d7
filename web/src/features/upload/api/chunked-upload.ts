import {
  CSRF_COOKIE,
  CSRF_HEADER,
  UPLOAD_CHUNK_INDEX_HEADER,
  UPLOAD_FILENAME_HEADER,
  UPLOAD_PLATFORM_HEADER,
  UPLOAD_TOTAL_CHUNKS_HEADER,
  UPLOAD_TOTAL_SIZE_HEADER,
} from '@romshelf/contract';
import type { UploadStartResponse, UploadStatus } from '@romshelf/contract';

import { API_BASE, ApiError, NO_RESPONSE } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';
import type { UploadProgress } from '@/shared/stores/upload-store';

/** Size of the pieces a file is sent in. */
export const CHUNK_BYTES = 8 * 1024 * 1024;
/** Failed attempts in a row before giving up on a file. */
export const MAX_ATTEMPTS = 8;
/** A piece that makes no progress for this long is retried, whatever UPLOAD_TIMEOUT says. */
const MIN_CHUNK_TIMEOUT_MS = 60_000;

/** The minimal XMLHttpRequest surface the upload needs (a fake in tests). */
export type UploadXhr = Pick<
  XMLHttpRequest,
  | 'open'
  | 'send'
  | 'setRequestHeader'
  | 'abort'
  | 'status'
  | 'responseText'
  | 'timeout'
  | 'withCredentials'
  | 'onload'
  | 'onerror'
  | 'ontimeout'
  | 'onabort'
> & { upload: Pick<XMLHttpRequestUpload, 'onprogress'> };

/** A failed attempt about to be retried: which one, and after how long. */
export interface RetryNotice {
  attempt: number;
  delayMs: number;
}

export interface ChunkedUploadOptions {
  platformId: number;
  /** UPLOAD_TIMEOUT in ms; each request gets at least a minute. */
  timeoutMs: number;
  onProgress?: (progress: UploadProgress) => void;
  /** A retry is coming (null: the connection works again). */
  onRetry?: (notice: RetryNotice | null) => void;
  /** All pieces arrived; the server is adding the file to the library. */
  onAssembling?: () => void;
  signal?: AbortSignal;
  chunkBytes?: number;
  /** Injected in tests. */
  createXhr?: () => UploadXhr;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export { uploadTimeoutMs } from '@/lib/upload-timeout';

/** How long one request may take: UPLOAD_TIMEOUT, at least a minute. */
export function chunkTimeoutMs(timeoutMs: number): number {
  return Math.max(timeoutMs, MIN_CHUNK_TIMEOUT_MS);
}

/** Wait before the n-th retry: 1 s, 2 s, 4 s … at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 30_000);
}

function detailOf(status: number, text: string): string {
  try {
    const payload = JSON.parse(text) as unknown;
    if (payload && typeof payload === 'object' && 'detail' in payload) {
      const detail: unknown = payload.detail;
      if (typeof detail === 'string') return detail;
    }
  } catch {
    // Not JSON: fall through.
  }
  return text.trim() || `HTTP ${String(status)}`;
}

/** Worth trying again: no answer (not a cancel), a server error, or "slow down". */
function retriable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === NO_RESPONSE) return error.message !== 'aborted';
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(new ApiError(NO_RESPONSE, 'aborted'));
    }
    signal?.addEventListener('abort', onAbort);
  });
}

interface Request {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: Blob;
  onSent?: (loaded: number) => void;
}

/**
 * One file through RomM's chunked upload (`/api/roms/upload/*`): start, send each piece, then
 * complete. When the connection drops or the server fails, it waits (1 s, 2 s, 4 s … 30 s),
 * asks the server which pieces it holds and sends only the others. Cancelling (the signal)
 * cancels the upload on the server. Resolves with the stored ROM; rejects with an ApiError
 * carrying the server's detail.
 */
export async function uploadRomFileChunked<T = unknown>(
  file: File,
  options: ChunkedUploadOptions,
): Promise<T> {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? defaultSleep;
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  const totalChunks = Math.max(1, Math.ceil(file.size / chunkBytes));
  const timeout = chunkTimeoutMs(options.timeoutMs);
  const started = now();
  let sentThisSession = 0;

  const request = (spec: Request) => send(spec, timeout, options);
  let failures = 0;
  /** Runs `step`, retrying what may pass next time; `recover` runs before each retry. */
  const withRetry = async <R>(step: () => Promise<R>, recover?: () => Promise<void>) => {
    for (;;) {
      try {
        const result = await step();
        if (failures > 0) options.onRetry?.(null);
        failures = 0;
        return result;
      } catch (error) {
        if (!retriable(error) || failures + 1 >= MAX_ATTEMPTS) throw error;
        failures++;
        const delayMs = backoffMs(failures);
        options.onRetry?.({ attempt: failures, delayMs });
        await sleep(delayMs, options.signal);
        try {
          await recover?.();
        } catch (recoverError) {
          if (!retriable(recoverError)) throw recoverError;
        }
      }
    }
  };

  const start = await withRetry(
    async () =>
      JSON.parse(
        await request({
          method: 'POST',
          path: '/roms/upload/start',
          headers: {
            [UPLOAD_PLATFORM_HEADER]: String(options.platformId),
            [UPLOAD_FILENAME_HEADER]: encodeURIComponent(file.name),
            [UPLOAD_TOTAL_SIZE_HEADER]: String(file.size),
            [UPLOAD_TOTAL_CHUNKS_HEADER]: String(totalChunks),
          },
        }),
      ) as UploadStartResponse,
  );
  const uploadPath = `/roms/upload/${start.upload_id}`;
  const held = new Set<number>();
  const sizeOf = (index: number) => Math.min(chunkBytes, file.size - index * chunkBytes);
  const heldBytes = () => [...held].reduce((sum, index) => sum + sizeOf(index), 0);
  const report = (inFlight: number) => {
    const loaded = heldBytes() + inFlight;
    const seconds = Math.max((now() - started) / 1000, 0.001);
    options.onProgress?.({
      fraction: file.size > 0 ? loaded / file.size : undefined,
      total: file.size,
      loaded,
      rate: (sentThisSession + inFlight) / seconds,
    });
  };
  const refresh = async () => {
    const status = JSON.parse(await request({ method: 'GET', path: uploadPath })) as UploadStatus;
    held.clear();
    for (const index of status.received_chunks) held.add(index);
    report(0);
  };

  try {
    for (;;) {
      const next = Array.from({ length: totalChunks }, (_, index) => index).find(
        (index) => !held.has(index),
      );
      if (next === undefined) break;
      await withRetry(async () => {
        // A retry after the status check showed the piece arrived after all.
        if (held.has(next)) return;
        try {
          await request({
            method: 'PUT',
            path: uploadPath,
            headers: {
              [UPLOAD_CHUNK_INDEX_HEADER]: String(next),
              'content-type': 'application/octet-stream',
            },
            body: file.slice(next * chunkBytes, next * chunkBytes + sizeOf(next)),
            onSent: report,
          });
        } catch (error) {
          // The answer to an earlier attempt was lost but the piece arrived: carry on.
          if (error instanceof ApiError && /already received/.test(error.message)) {
            await refresh();
            return;
          }
          throw error;
        }
        held.add(next);
        sentThisSession += sizeOf(next);
        report(0);
      }, refresh);
    }
    options.onAssembling?.();
    const rom = await withRetry(() => request({ method: 'POST', path: `${uploadPath}/complete` }));
    return JSON.parse(rom) as T;
  } catch (error) {
    // Nothing to resume from: let the server drop the pieces now rather than in a day.
    void send({ method: 'POST', path: `${uploadPath}/cancel` }, timeout, {
      ...options,
      signal: undefined,
    }).catch(() => undefined);
    throw error;
  }
}

/** One request through XMLHttpRequest (fetch reports no upload progress); resolves its text. */
function send(
  spec: Request,
  timeoutMs: number,
  options: Pick<ChunkedUploadOptions, 'createXhr' | 'signal'>,
): Promise<string> {
  const xhr = options.createXhr ? options.createXhr() : new XMLHttpRequest();
  return new Promise<string>((resolve, reject) => {
    if (options.signal?.aborted === true) {
      reject(new ApiError(NO_RESPONSE, 'aborted'));
      return;
    }
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort);
    const finish = (action: () => void) => {
      options.signal?.removeEventListener('abort', onAbort);
      action();
    };
    xhr.open(spec.method, `${API_BASE}${spec.path}`);
    xhr.withCredentials = true;
    xhr.timeout = timeoutMs;
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf !== null) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(spec.headers ?? {})) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => spec.onSent?.(event.loaded);
    xhr.onload = () =>
      finish(() => {
        if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.responseText || 'null');
        else reject(new ApiError(xhr.status, detailOf(xhr.status, xhr.responseText)));
      });
    xhr.onerror = () => finish(() => reject(new ApiError(NO_RESPONSE, 'Network error')));
    xhr.ontimeout = () => finish(() => reject(new ApiError(NO_RESPONSE, 'timeout')));
    xhr.onabort = () => finish(() => reject(new ApiError(NO_RESPONSE, 'aborted')));
    xhr.send(spec.body ?? null);
  });
}
