import { create } from 'zustand';

/** One file being uploaded (SPEC §3 upload progress item) plus a key for lists. */
export interface UploadItem {
  id: number;
  filename: string;
  /** Percent, 0–100. */
  progress: number;
  total: number;
  loaded: number;
  /** Bytes per second. */
  rate: number;
  finished: boolean;
  failed: boolean;
  failureReason: string;
  /** The connection failed: attempt n is retried after `delayMs` (null while it works). */
  retry: { attempt: number; delayMs: number } | null;
  /** Every byte arrived; the server is adding the file to the library. */
  assembling: boolean;
}

/** What an XHR progress event tells (`fraction` = loaded / total when the total is known). */
export interface UploadProgress {
  fraction?: number;
  total: number;
  loaded: number;
  rate: number;
}

/** A new item: zeros, an empty reason and false flags (SPEC §3). */
export function createUploadItem(id: number, filename: string): UploadItem {
  return {
    id,
    filename,
    progress: 0,
    total: 0,
    loaded: 0,
    rate: 0,
    finished: false,
    failed: false,
    failureReason: '',
    retry: null,
    assembling: false,
  };
}

/**
 * SPEC §4: progress = fraction × 100 when given; total, loaded and rate always. Unlike SPEC §4,
 * all bytes sent is not "finished": a chunked upload is finished once the server stored the
 * file (`complete`).
 */
export function applyProgress(item: UploadItem, update: UploadProgress): UploadItem {
  return {
    ...item,
    progress: update.fraction === undefined ? item.progress : update.fraction * 100,
    total: update.total,
    loaded: update.loaded,
    rate: update.rate,
  };
}

export function applyFailure(item: UploadItem, reason: string): UploadItem {
  return { ...item, failed: true, failureReason: reason, retry: null, assembling: false };
}

/** Finished or failed items leave with "clear finished". */
export function isDone(item: Pick<UploadItem, 'finished' | 'failed'>): boolean {
  return item.finished || item.failed;
}

export interface UploadState {
  items: UploadItem[];
  /** The upload dialog and the platform it opens with. */
  dialogOpen: boolean;
  dialogPlatformId: number | null;
  /** Bumped each time the server accepted a file, so galleries and rails reload. */
  uploadedCount: number;
  nextId: number;

  add: (filename: string) => number;
  update: (id: number, progress: UploadProgress) => void;
  /** The server accepted the file: it is finished even when no last progress event came. */
  complete: (id: number) => void;
  fail: (id: number, reason: string) => void;
  retrying: (id: number, retry: UploadItem['retry']) => void;
  assembling: (id: number) => void;
  clearFinished: () => void;
  reset: () => void;
  openDialog: (platformId?: number | null) => void;
  closeDialog: () => void;
}

function patch(items: UploadItem[], id: number, change: (item: UploadItem) => UploadItem) {
  return items.map((item) => (item.id === id ? change(item) : item));
}

/** The upload store (SPEC §3/§4). */
export const useUploadStore = create<UploadState>()((set, get) => ({
  items: [],
  dialogOpen: false,
  dialogPlatformId: null,
  uploadedCount: 0,
  nextId: 1,

  add: (filename) => {
    const id = get().nextId;
    set({ items: [...get().items, createUploadItem(id, filename)], nextId: id + 1 });
    return id;
  },
  update: (id, progress) =>
    set({ items: patch(get().items, id, (item) => applyProgress(item, progress)) }),
  complete: (id) =>
    set({
      items: patch(get().items, id, (item) => ({
        ...item,
        progress: 100,
        loaded: item.total,
        finished: true,
        retry: null,
        assembling: false,
      })),
      uploadedCount: get().uploadedCount + 1,
    }),
  fail: (id, reason) =>
    set({ items: patch(get().items, id, (item) => applyFailure(item, reason)) }),
  retrying: (id, retry) => set({ items: patch(get().items, id, (item) => ({ ...item, retry })) }),
  assembling: (id) =>
    set({ items: patch(get().items, id, (item) => ({ ...item, assembling: true, retry: null })) }),
  clearFinished: () => set({ items: get().items.filter((item) => !isDone(item)) }),
  reset: () => set({ items: [] }),
  openDialog: (platformId = null) => set({ dialogOpen: true, dialogPlatformId: platformId }),
  closeDialog: () => set({ dialogOpen: false }),
}));
