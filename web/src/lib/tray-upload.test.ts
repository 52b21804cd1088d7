import { afterEach, describe, expect, it } from 'vitest';

import { useUploadStore } from '@/shared/stores/upload-store';

import { ApiError, NO_RESPONSE } from './api-client';
import { uploadThroughTray } from './tray-upload';
import { cancelUpload } from './upload-cancel';

const describeError = (error: unknown) => `failed: ${(error as Error).message}`;

afterEach(() => useUploadStore.getState().reset());

describe('uploadThroughTray', () => {
  it('shows the file in the tray with its progress, then finished, and resolves the answer', async () => {
    const answer = await uploadThroughTray(
      'booklet.pdf',
      (onProgress) => {
        onProgress(512, 2048);
        const [item] = useUploadStore.getState().items;
        expect(item).toMatchObject({
          filename: 'booklet.pdf',
          progress: 25,
          loaded: 512,
          total: 2048,
        });
        return Promise.resolve({ id: 7 });
      },
      describeError,
    );
    expect(answer).toEqual({ id: 7 });
    expect(useUploadStore.getState().items).toMatchObject([
      { filename: 'booklet.pdf', finished: true, failed: false, progress: 100 },
    ]);
  });

  it('fails the item with the described reason, and the tray’s cancel stops the upload', async () => {
    const upload = uploadThroughTray(
      'slow.pdf',
      (_onProgress, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new ApiError(NO_RESPONSE, 'aborted')));
        }),
      describeError,
    );
    const [item] = useUploadStore.getState().items;
    if (item === undefined) throw new Error('no tray item');
    cancelUpload(item.id);
    await expect(upload).rejects.toThrow('aborted');
    expect(useUploadStore.getState().items).toMatchObject([
      { filename: 'slow.pdf', failed: true, failureReason: 'failed: aborted' },
    ]);
  });
});
