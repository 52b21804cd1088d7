import type {
  DeleteRomsResponse,
  DetailedRom,
  RomUser,
  RomUserData,
  SimpleRom,
} from '@romshelf/contract';
import type { QueryClient } from '@tanstack/react-query';

import { API_BASE, api } from '../api-client';
import { platformKeys } from '@/shared/api/platforms';
import { romKeys } from '@/shared/api/rom-keys';

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

/** POST /api/roms/delete: rows for `roms`, files on disk only for `deleteFromFs`. */
export function deleteRoms(
  roms: readonly number[],
  deleteFromFs: readonly number[],
): Promise<DeleteRomsResponse> {
  return api.post<DeleteRomsResponse>('/roms/delete', {
    json: { roms, delete_from_fs: deleteFromFs },
  });
}

export interface PropsChange {
  data?: RomUserData;
  update_last_played?: boolean;
  remove_last_played?: boolean;
}

/** PUT /api/roms/{id}/props → the caller's RomUser. */
export function updateRomProps(id: number, change: PropsChange): Promise<RomUser> {
  return api.put<RomUser>(`/roms/${String(id)}/props`, { json: change });
}

/** POST /api/roms/{id}/manuals with one PDF. */
export function uploadManual(id: number, file: File): Promise<DetailedRom> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<DetailedRom>(`/roms/${String(id)}/manuals`, { body: form });
}

/** Removes a ROM's manual (DELETE /api/roms/{id}/manuals). */
export function removeManual(id: number): Promise<DetailedRom> {
  return api.delete<DetailedRom>(`/roms/${String(id)}/manuals`);
}

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

/** After a change to the library: reload ROM lists, rails, platform counts and open galleries. */
export function libraryChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: romKeys.all });
  void queryClient.invalidateQueries({ queryKey: platformKeys.all });
}

/** A ROM with its user data replaced, for lists and the details page. */
export function withRomUser<T extends { rom_user: RomUser }>(rom: T, romUser: RomUser): T {
  return { ...rom, rom_user: romUser };
}
