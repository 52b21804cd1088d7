import type { QueryClient } from '@tanstack/react-query';

import { ApiError, NO_RESPONSE, errorMessage } from '@/lib/api-client';
import { libraryChanged } from '@/shared/api/library-changed';
import { useUploadStore } from '@/shared/stores/upload-store';
import { uploadRomFile } from './api/upload-rom-file';
import type { UploadOptions } from './api/upload-rom-file';

export interface UploadJob {
  id: number;
  file: File;
}

/** The failure text shown for a file: the server's detail, or why no answer came. */
export function failureText(
  error: unknown,
  timeoutSeconds: number,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (error instanceof ApiError && error.status === NO_RESPONSE) {
    if (error.message === 'timeout')
      return translate('upload.timed-out', { seconds: timeoutSeconds });
    if (error.message === 'aborted') return translate('upload.cancelled');
    return translate('upload.network-error');
  }
  return errorMessage(error);
}

/**
 * Uploads files one request each, one after another (SPEC §7), reporting progress to the upload
 * store; each accepted file refreshes galleries and rails at once (no rescan needed).
 */
export async function runUploads(
  jobs: readonly UploadJob[],
  options: {
    platformId: number;
    timeoutMs: number;
    queryClient: QueryClient;
    translate: (key: string, options?: Record<string, unknown>) => string;
    upload?: typeof uploadRomFile;
    xhr?: UploadOptions['createXhr'];
  },
): Promise<{ uploaded: number; failed: number }> {
  const store = useUploadStore.getState;
  const upload = options.upload ?? uploadRomFile;
  let uploaded = 0;
  let failed = 0;
  for (const job of jobs) {
    try {
      await upload(job.file, {
        platformId: options.platformId,
        timeoutMs: options.timeoutMs,
        onProgress: (progress) => store().update(job.id, progress),
        createXhr: options.xhr,
      });
      store().complete(job.id);
      libraryChanged(options.queryClient);
      uploaded++;
    } catch (error) {
      store().fail(job.id, failureText(error, options.timeoutMs / 1000, options.translate));
      failed++;
    }
  }
  return { uploaded, failed };
}
