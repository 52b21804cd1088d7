import { CSRF_COOKIE, CSRF_HEADER } from '@romshelf/contract';

import { API_BASE, ApiError, NO_RESPONSE } from './api-client';
import { readCookie } from './cookies';

export interface XhrUploadOptions {
  method?: 'POST' | 'PUT';
  /** The request fails with ApiError(NO_RESPONSE, 'timeout') after this long. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bytes sent so far of the whole body. */
  onProgress?: (loaded: number, total: number) => void;
  createXhr?: () => XMLHttpRequest;
}

function detailOf(status: number, text: string): string {
  try {
    const payload = JSON.parse(text) as { detail?: unknown } | null;
    if (typeof payload?.detail === 'string') return payload.detail;
  } catch {
    // Not JSON: the text itself, or the status.
  }
  return text.trim() || `HTTP ${String(status)}`;
}

/**
 * One multipart request through XMLHttpRequest (fetch reports no upload progress), with the
 * CSRF header, a timeout and cancellation. Resolves the parsed JSON answer (null when empty);
 * rejects with an ApiError carrying the server's detail, or NO_RESPONSE with `timeout`,
 * `aborted` or `Network error`.
 */
export function xhrUpload<T>(path: string, body: FormData, options: XhrUploadOptions): Promise<T> {
  const xhr = options.createXhr ? options.createXhr() : new XMLHttpRequest();
  return new Promise<T>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted === true) {
      reject(new ApiError(NO_RESPONSE, 'aborted'));
      return;
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const finish = (action: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      action();
    };
    xhr.open(options.method ?? 'POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs;
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf !== null) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total);
    xhr.onload = () =>
      finish(() => {
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(new ApiError(xhr.status, detailOf(xhr.status, xhr.responseText)));
          return;
        }
        try {
          resolve(JSON.parse(xhr.responseText || 'null') as T);
        } catch {
          reject(new ApiError(xhr.status, 'The server sent an unreadable answer'));
        }
      });
    xhr.onerror = () => finish(() => reject(new ApiError(NO_RESPONSE, 'Network error')));
    xhr.ontimeout = () => finish(() => reject(new ApiError(NO_RESPONSE, 'timeout')));
    xhr.onabort = () => finish(() => reject(new ApiError(NO_RESPONSE, 'aborted')));
    xhr.send(body);
  });
}
