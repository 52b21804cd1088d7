import { beforeEach, describe, expect, it } from 'vitest';

import {
  applyFailure,
  applyProgress,
  createUploadItem,
  isDone,
  useUploadStore,
} from '@/shared/stores/upload-store';

describe('upload item (SPEC §3/§4)', () => {
  it('is created with zeros, an empty reason and false flags', () => {
    expect(createUploadItem(1, 'Game.sfc')).toEqual({
      id: 1,
      filename: 'Game.sfc',
      progress: 0,
      total: 0,
      loaded: 0,
      rate: 0,
      finished: false,
      failed: false,
      failureReason: '',
      retry: null,
      assembling: false,
    });
  });

  it('sets progress to fraction × 100 when given, and total, loaded and rate', () => {
    const item = applyProgress(createUploadItem(1, 'a'), {
      fraction: 0.25,
      total: 400,
      loaded: 100,
      rate: 50,
    });
    expect(item).toMatchObject({
      progress: 25,
      total: 400,
      loaded: 100,
      rate: 50,
      finished: false,
    });
  });

  it('keeps the progress when no fraction is given', () => {
    const started = applyProgress(createUploadItem(1, 'a'), {
      fraction: 0.5,
      total: 10,
      loaded: 5,
      rate: 1,
    });
    const next = applyProgress(started, { total: 10, loaded: 6, rate: 2 });
    expect(next).toMatchObject({ progress: 50, loaded: 6, rate: 2 });
  });

  it('is not finished when every byte is sent: only once the server stored the file', () => {
    const item = applyProgress(createUploadItem(1, 'a'), {
      fraction: 1,
      total: 10,
      loaded: 10,
      rate: 5,
    });
    expect(item.finished).toBe(false);
    expect(item.progress).toBe(100);
  });

  it('a failure marks it failed with the reason', () => {
    const item = applyFailure(createUploadItem(1, 'a'), 'File already exists');
    expect(item).toMatchObject({ failed: true, failureReason: 'File already exists' });
    expect(isDone(item)).toBe(true);
  });
});

describe('upload store', () => {
  beforeEach(() => {
    useUploadStore.getState().reset();
  });

  it('adds items, updates them, and clears the finished and failed ones', () => {
    const store = useUploadStore.getState;
    const a = store().add('a.sfc');
    const b = store().add('b.sfc');
    const c = store().add('c.sfc');
    expect(new Set([a, b, c]).size).toBe(3);
    store().update(a, { fraction: 1, total: 4, loaded: 4, rate: 4 });
    store().complete(a);
    store().fail(b, 'too large');
    store().update(c, { fraction: 0.5, total: 4, loaded: 2, rate: 1 });
    expect(store().items.map((item) => [item.finished, item.failed])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
    expect(store().items[1]?.failureReason).toBe('too large');
    store().clearFinished();
    expect(store().items.map((item) => item.filename)).toEqual(['c.sfc']);
  });

  it('complete() finishes an item and counts the upload', () => {
    const store = useUploadStore.getState;
    const before = store().uploadedCount;
    const id = store().add('a.sfc');
    store().update(id, { fraction: 0.9, total: 10, loaded: 9, rate: 1 });
    store().complete(id);
    expect(store().items[0]).toMatchObject({ finished: true, progress: 100, loaded: 10 });
    expect(store().uploadedCount).toBe(before + 1);
  });

  it('shows a coming retry until the connection works again, then the final step', () => {
    const store = useUploadStore.getState;
    const id = store().add('a.sfc');
    store().retrying(id, { attempt: 2, delayMs: 2000 });
    expect(store().items[0]?.retry).toEqual({ attempt: 2, delayMs: 2000 });
    store().retrying(id, null);
    expect(store().items[0]?.retry).toBeNull();
    store().retrying(id, { attempt: 1, delayMs: 1000 });
    store().assembling(id);
    expect(store().items[0]).toMatchObject({ assembling: true, retry: null, finished: false });
  });

  it('reset empties the list', () => {
    useUploadStore.getState().add('a');
    useUploadStore.getState().reset();
    expect(useUploadStore.getState().items).toEqual([]);
  });

  it('opens the dialog with a preset platform', () => {
    useUploadStore.getState().openDialog(7);
    expect(useUploadStore.getState()).toMatchObject({ dialogOpen: true, dialogPlatformId: 7 });
    useUploadStore.getState().closeDialog();
    expect(useUploadStore.getState().dialogOpen).toBe(false);
  });
});
