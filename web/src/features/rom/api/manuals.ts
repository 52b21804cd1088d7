import type { DetailedRom, RomFile, SimpleRom } from '@romshelf/contract';
import { useMutation } from '@tanstack/react-query';

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { API_BASE, ApiError, NO_RESPONSE, api, errorMessage } from '@/lib/api-client';
import { uploadThroughTray } from '@/lib/tray-upload';
import { uploadTimeoutMs } from '@/lib/upload-timeout';
import { xhrUpload } from '@/lib/xhr-upload';
import { fetchRom } from '@/shared/api/rom';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

/**
 * Where the manual is served (GET /api/roms/{id}/manual): inline for viewing, or as an
 * attachment with `download`. `updated_at` busts caches after a replacement.
 */
export function manualUrl(
  rom: Pick<SimpleRom, 'id' | 'has_manual' | 'updated_at'>,
  download = false,
): string | null {
  if (!rom.has_manual) return null;
  const query = new URLSearchParams({ ts: rom.updated_at });
  if (download) query.set('download', '1');
  return `${API_BASE}/roms/${String(rom.id)}/manual?${query.toString()}`;
}

/** Where one file of a game is served, by the file's id (`updated_at` busts caches). */
export function romFileUrl(file: Pick<RomFile, 'id' | 'file_name' | 'updated_at'>): string {
  const query = new URLSearchParams({ ts: file.updated_at });
  return `${API_BASE}/roms/${String(file.id)}/files/content/${encodeURIComponent(file.file_name)}?${query.toString()}`;
}

/** How long one upload may take: UPLOAD_TIMEOUT, at least a minute (as a ROM's parts). */
const MIN_UPLOAD_TIMEOUT_MS = 60_000;

/** Why an upload failed, in the tray's words. */
function failureText(error: unknown, timeoutMs: number, t: TFunction<'rom'>): string {
  if (error instanceof ApiError && error.status === NO_RESPONSE) {
    if (error.message === 'aborted') return t('upload.cancelled');
    if (error.message === 'timeout') return t('carried.timed-out', { seconds: timeoutMs / 1000 });
    return t('carried.network-error');
  }
  return errorMessage(error);
}

/** A file sent through the upload tray to a game's route, with the configured timeout. */
export function useTrayUpload() {
  const { t } = useTranslation('rom');
  const heartbeat = useHeartbeatStore((state) => state.value);
  const timeoutMs = Math.max(uploadTimeoutMs(heartbeat), MIN_UPLOAD_TIMEOUT_MS);
  return {
    timeoutMs,
    send: <T>(path: string, file: File, field: string) =>
      uploadThroughTray(
        file.name,
        (onProgress, signal) => {
          const form = new FormData();
          form.append(field, file, file.name);
          return xhrUpload<T>(path, form, { timeoutMs, signal, onProgress });
        },
        (error) => failureText(error, timeoutMs, t),
      ),
  };
}

/**
 * Reads the game's details again after a change to its files and hands them on (the details
 * page holds the game it shows; a cached query would not refetch).
 */
export function useRefreshRom(romId: number, onChange: (rom: DetailedRom) => void) {
  return async () => onChange(await fetchRom(String(romId)));
}

/**
 * The game's manuals: its manual (PDF) uploaded, removed or downloaded again from its metadata
 * provider, and manual files added to or removed from a game kept in a folder.
 */
export function useManualActions(romId: number, onChange: (rom: DetailedRom) => void) {
  const upload = useTrayUpload();
  const refresh = useRefreshRom(romId, onChange);
  const base = `/roms/${String(romId)}`;
  return {
    timeoutMs: upload.timeoutMs,
    upload: useMutation({
      mutationFn: (file: File) => upload.send<DetailedRom>(`${base}/manuals`, file, 'file'),
      onSuccess: onChange,
    }),
    remove: useMutation({
      mutationFn: () => api.delete<DetailedRom>(`${base}/manuals`),
      onSuccess: onChange,
    }),
    redownload: useMutation({
      mutationFn: () => api.post<DetailedRom>(`${base}/manuals/redownload`),
      onSuccess: onChange,
    }),
    addFile: useMutation({
      mutationFn: (file: File) => upload.send<RomFile>(`${base}/manuals/files`, file, file.name),
      onSettled: refresh,
    }),
    removeFile: useMutation({
      mutationFn: (fileId: number) => api.delete(`${base}/manuals/files/${String(fileId)}`),
      onSettled: refresh,
    }),
  };
}
