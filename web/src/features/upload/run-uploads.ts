import type { QueryClient } from '@tanstack/react-query';

import { ApiError, NO_RESPONSE, errorMessage } from '@/lib/api-client';
import { cancellableUpload, uploadEnded } from '@/lib/upload-cancel';
import { libraryChanged } from '@/shared/api/library-changed';
import { useUploadStore } from '@/shared/stores/upload-store';
import { chunkTimeoutMs, MAX_ATTEMPTS, uploadRomFileChunked } from './api/chunked-upload';
import type { ChunkedUploadOptions } from './api/chunked-upload';

export interface UploadJob {
  id: number;
  file: File;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The failure text shown for a file: the server's detail, or why no answer came. */
export function failureText(error: unknown, timeoutSeconds: number, translate: Translate): string {
  if (error instanceof ApiError && error.status === NO_RESPONSE) {
    if (error.message === 'aborted') return translate('upload.cancelled');
    if (error.message === 'timeout')
      return translate('upload.timed-out', { seconds: timeoutSeconds, attempts: MAX_ATTEMPTS });
    return translate('upload.network-error', { attempts: MAX_ATTEMPTS });
  }
  if (error instanceof ApiError && error.status >= 500) {
    return translate('upload.server-error', { detail: errorMessage(error) });
  }
  return errorMessage(error);
}

/**
 * Uploads files one after another through the chunked upload, reporting progress, retries and
 * the final step to the upload store; each accepted file refreshes galleries and rails at once
 * (no rescan needed).
 */
export async function runUploads(
  jobs: readonly UploadJob[],
  options: {
    platformId: number;
    timeoutMs: number;
    queryClient: QueryClient;
    translate: Translate;
    upload?: typeof uploadRomFileChunked;
    xhr?: ChunkedUploadOptions['createXhr'];
  },
): Promise<{ uploaded: number; failed: number }> {
  const store = useUploadStore.getState;
  const upload = options.upload ?? uploadRomFileChunked;
  const signals = new Map(jobs.map((job) => [job.id, cancellableUpload(job.id)]));
  let uploaded = 0;
  let failed = 0;
  for (const job of jobs) {
    const signal = signals.get(job.id);
    try {
      if (signal?.aborted === true) throw new ApiError(NO_RESPONSE, 'aborted');
      await upload(job.file, {
        platformId: options.platformId,
        timeoutMs: options.timeoutMs,
        signal,
        onProgress: (progress) => store().update(job.id, progress),
        onRetry: (notice) => store().retrying(job.id, notice),
        onAssembling: () => store().assembling(job.id),
        createXhr: options.xhr,
      });
      store().complete(job.id);
      libraryChanged(options.queryClient);
      uploaded++;
    } catch (error) {
      store().fail(
        job.id,
        failureText(error, chunkTimeoutMs(options.timeoutMs) / 1000, options.translate),
      );
      failed++;
    } finally {
      uploadEnded(job.id);
    }
  }
  return { uploaded, failed };
}
