import type { DetailedRom, UploadedScreenshots } from '@romshelf/contract';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { useRefreshRom, useTrayUpload } from './manuals';

/**
 * The caller's screenshots in a game's gallery (`/api/screenshots`): added through the upload
 * tray one image at a time, shared or made private, removed; and the screenshot files of a game
 * kept in a folder removed. Each change refetches the game's details.
 */
export function useScreenshotActions(romId: number, onChange: (rom: DetailedRom) => void) {
  const upload = useTrayUpload();
  const refresh = useRefreshRom(romId, onChange);
  return {
    add: useMutation({
      mutationFn: async (files: readonly File[]) => {
        for (const file of files) {
          await upload.send<UploadedScreenshots>(
            `/screenshots?rom_id=${String(romId)}`,
            file,
            'screenshotFile',
          );
        }
      },
      onSettled: refresh,
    }),
    share: useMutation({
      mutationFn: ({ id, isPublic }: { id: number; isPublic: boolean }) =>
        api.put(`/screenshots/${String(id)}`, { json: { is_public: isPublic } }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete(`/screenshots/${String(id)}`),
      onSettled: refresh,
    }),
    removeFile: useMutation({
      mutationFn: (fileId: number) =>
        api.delete(`/roms/${String(romId)}/screenshots/${String(fileId)}`),
      onSettled: refresh,
    }),
  };
}
