import type { DetailedRom, SimpleRom } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { libraryChanged } from '@/shared/api/library-changed';
import { updateCachedRom } from '@/shared/api/rom-cache';

/** The fields of the edit dialog (SPEC §7 PUT /roms/{id}). */
export interface RomEdit {
  name: string;
  fs_name: string;
  summary: string;
  url_cover: string;
  igdb_id: string;
  moby_id: string;
  ss_id: string;
  launchbox_id: string;
  artwork: File | null;
  remove_cover: boolean;
  unmatch_metadata: boolean;
}

/** The multipart body of PUT /roms/{id}: only fields that differ from `rom` are sent. */
export function romEditForm(rom: DetailedRom | SimpleRom, edit: RomEdit): FormData {
  const form = new FormData();
  if (edit.name.trim() !== (rom.name ?? '')) form.append('name', edit.name.trim());
  if (edit.fs_name !== rom.fs_name) form.append('fs_name', edit.fs_name);
  if (edit.summary !== (rom.summary ?? '')) form.append('summary', edit.summary);
  if (edit.url_cover.trim() && edit.url_cover.trim() !== (rom.url_cover ?? '')) {
    form.append('url_cover', edit.url_cover.trim());
  }
  for (const key of ['igdb_id', 'moby_id', 'ss_id', 'launchbox_id'] as const) {
    const current = rom[key] === null ? '' : String(rom[key]);
    if (edit[key].trim() !== current && !edit.unmatch_metadata) form.append(key, edit[key].trim());
  }
  if (edit.artwork) form.append('artwork', edit.artwork, edit.artwork.name);
  return form;
}

/** PUT /api/roms/{id} (multipart; remove_cover and unmatch_metadata as query parameters). */
export function updateRom(rom: DetailedRom | SimpleRom, edit: RomEdit): Promise<DetailedRom> {
  return api.put<DetailedRom>(`/roms/${String(rom.id)}`, {
    body: romEditForm(rom, edit),
    query: {
      remove_cover: edit.remove_cover ? true : undefined,
      unmatch_metadata: edit.unmatch_metadata ? true : undefined,
    },
  });
}

/** Saves the edit dialog and spreads the answer to lists, rails and the details page. */
export function useUpdateRomMutation(
  rom: DetailedRom | SimpleRom,
  onSuccess: (saved: DetailedRom) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: RomEdit) => updateRom(rom, edit),
    onSuccess: (saved) => {
      updateCachedRom(queryClient, saved);
      libraryChanged(queryClient);
      onSuccess(saved);
    },
  });
}
