import { useUploadStore } from '@/shared/stores/upload-store';

import { cancellableUpload, uploadEnded } from './upload-cancel';

/** Sends one file; reports bytes sent and stops on the signal. */
export type TraySend<T> = (
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
) => Promise<T>;

/**
 * Sends a file the way the upload tray shows it: an item with its progress and rate, finished
 * or failed with the reason `describe` gives, and a cancel button while it runs. Resolves the answer, or rejects
 * with the error the item shows.
 */
export async function uploadThroughTray<T>(
  fileName: string,
  send: TraySend<T>,
  describe: (error: unknown) => string,
): Promise<T> {
  const store = useUploadStore.getState;
  const id = store().add(fileName);
  const signal = cancellableUpload(id);
  const started = performance.now();
  try {
    const answer = await send((loaded, total) => {
      const seconds = (performance.now() - started) / 1000;
      store().update(id, {
        fraction: total > 0 ? loaded / total : undefined,
        total,
        loaded,
        rate: seconds > 0 ? loaded / seconds : 0,
      });
    }, signal);
    store().complete(id);
    return answer;
  } catch (error) {
    store().fail(id, describe(error));
    throw error;
  } finally {
    uploadEnded(id);
  }
}
