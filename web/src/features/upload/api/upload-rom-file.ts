import {
  CSRF_COOKIE,
  CSRF_HEADER,
  DEFAULT_UPLOAD_TIMEOUT_SECONDS,
  UPLOAD_FILENAME_HEADER,
  UPLOAD_PLATFORM_HEADER,
} from '@romshelf/contract';
import type { Heartbeat } from '@romshelf/contract';

import { API_BASE, ApiError, NO_RESPONSE } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';
import type { UploadProgress } from '@/shared/stores/upload-store';

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

export interface UploadOptions {
  platformId: number;
  timeoutMs: number;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Injected in tests. */
  createXhr?: () => UploadXhr;
  now?: () => number;
}

/** The upload timeout (SPEC §7): heartbeat FRONTEND.UPLOAD_TIMEOUT seconds, default 20. */
export function uploadTimeoutMs(heartbeat: Heartbeat | null): number {
  const seconds = heartbeat?.FRONTEND.UPLOAD_TIMEOUT;
  return (
    (typeof seconds === 'number' && seconds > 0 ? seconds : DEFAULT_UPLOAD_TIMEOUT_SECONDS) * 1000
  );
}

function detailOf(status: number, text: string): string {
  try {
    const payload = JSON.parse(text) as unknown;
    if (payload && typeof payload === 'object' && 'detail' in payload) {
      const detail: unknown = payload.detail;
      if (typeof detail === 'string') return detail;
      if (Array.isArray(detail)) {
        return detail
          .map((issue: unknown) =>
            issue && typeof issue === 'object' && 'msg' in issue ? String(issue.msg) : '',
          )
          .filter(Boolean)
          .join('; ');
      }
    }
  } catch {
    // Not JSON: fall through.
  }
  return text.trim() || `HTTP ${String(status)}`;
}

/**
 * POST /api/roms with one file (SPEC §7): multipart, the platform and file name in headers, the
 * CSRF header, a timeout, and upload progress (XMLHttpRequest; fetch has none). Resolves with the
 * created ROM; rejects with an ApiError carrying the server's detail.
 */
export function uploadRomFile<T = unknown>(file: File, options: UploadOptions): Promise<T> {
  const xhr = options.createXhr ? options.createXhr() : new XMLHttpRequest();
  const now = options.now ?? (() => performance.now());
  const started = now();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort);
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', `${API_BASE}/roms`);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs;
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf !== null) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(UPLOAD_PLATFORM_HEADER, String(options.platformId));
    xhr.setRequestHeader(UPLOAD_FILENAME_HEADER, encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => {
      const seconds = Math.max((now() - started) / 1000, 0.001);
      options.onProgress?.({
        fraction:
          event.lengthComputable && event.total > 0 ? event.loaded / event.total : undefined,
        total: event.lengthComputable ? event.total : file.size,
        loaded: event.loaded,
        rate: event.loaded / seconds,
      });
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          resolve(null as T);
        }
      } else {
        reject(new ApiError(xhr.status, detailOf(xhr.status, xhr.responseText)));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(NO_RESPONSE, 'Network error'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError(NO_RESPONSE, 'timeout'));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError(NO_RESPONSE, 'aborted'));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
