import type { DetailedRom, SimpleRom } from '@romshelf/contract';

import { useMutation } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';

import { API_BASE, api } from '@/lib/api-client';

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

/** One mutation for both: the manual either arrives (a file) or goes (null). */
export function useManualMutation(
  romId: number,
  callbacks: Pick<UseMutationOptions<DetailedRom, Error, File | null>, 'onSuccess' | 'onSettled'>,
) {
  return useMutation({
    mutationFn: (file: File | null) => (file ? uploadManual(romId, file) : removeManual(romId)),
    ...callbacks,
  });
}
