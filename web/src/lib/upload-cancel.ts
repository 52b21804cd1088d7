/**
 * Uploads in the upload tray that can still be stopped, by upload item id: ROM uploads and the
 * files a game's page sends (manuals, screenshots) alike, so the tray's cancel button stops any.
 */
const controllers = new Map<number, AbortController>();

/** A signal for the item's upload, stopped by `cancelUpload(id)`. */
export function cancellableUpload(id: number): AbortSignal {
  const controller = new AbortController();
  controllers.set(id, controller);
  return controller.signal;
}

/** Stops a file's upload (waiting or running); the server drops what it received. */
export function cancelUpload(id: number): void {
  controllers.get(id)?.abort();
}

/** The upload ended: it can no longer be cancelled. */
export function uploadEnded(id: number): void {
  controllers.delete(id);
}
