import type { DetailedRom, MatchSource, SearchRom } from '@romshelf/contract';

import { api } from '@/lib/api-client';

import type { CandidateSource } from '../match-candidates';

export type SearchBy = 'name' | 'id';

/** GET /api/search/roms: match candidates from every enabled source, on the ROM's platform. */
export function searchMatchCandidates(
  romId: number,
  searchTerm: string,
  searchBy: SearchBy,
  signal?: AbortSignal,
): Promise<SearchRom[]> {
  return api.get<SearchRom[]>('/search/roms', {
    query: { rom_id: romId, search_term: searchTerm.trim() || undefined, search_by: searchBy },
    signal,
  });
}

/** POST /api/roms/{id}/match: apply one provider's game to a ROM. */
export function matchRom(romId: number, source: MatchSource, id: number): Promise<DetailedRom> {
  return api.post<DetailedRom>(`/roms/${String(romId)}/match`, { json: { source, id } });
}

/** DELETE /api/roms/{id}/match: forget one source's match, or every match without `source`. */
export function unmatchRom(romId: number, source?: MatchSource): Promise<DetailedRom> {
  return api.delete<DetailedRom>(`/roms/${String(romId)}/match`, { query: { source } });
}

/**
 * Applies the chosen sources of a candidate one after another. Stops at the first failure and
 * reports it with the ROM as it was after the last success (null when none succeeded).
 */
export async function applyCandidate(
  romId: number,
  sources: readonly CandidateSource[],
): Promise<{ rom: DetailedRom | null; error: unknown }> {
  let rom: DetailedRom | null = null;
  for (const entry of sources) {
    try {
      rom = await matchRom(romId, entry.source, entry.id);
    } catch (error) {
      return { rom, error };
    }
  }
  return { rom, error: null };
}

/** PUT /api/roms/{id} with only a new file name and/or cover URL (multipart, as the edit dialog). */
export function updateRomFileAndCover(
  romId: number,
  change: { fs_name?: string; url_cover?: string },
): Promise<DetailedRom> {
  const form = new FormData();
  if (change.fs_name !== undefined) form.append('fs_name', change.fs_name);
  if (change.url_cover !== undefined) form.append('url_cover', change.url_cover);
  return api.put<DetailedRom>(`/roms/${String(romId)}`, { body: form });
}
