import type { RomNoteUpdate, UserNote } from '@romshelf/contract';

import { api } from '@/lib/api-client';

/** What the note editor sends when creating a note (RomM's POST body). */
export interface NoteDraft {
  title: string;
  content: string;
  is_public: boolean;
}

/** POST /api/roms/{id}/notes — a new note of the caller. */
export function createRomNote(romId: number, draft: NoteDraft): Promise<UserNote> {
  return api.post<UserNote>(`/roms/${String(romId)}/notes`, { json: draft });
}

/** PUT /api/roms/{id}/notes/{note_id} — only the given fields change. */
export function updateRomNote(
  romId: number,
  noteId: number,
  change: RomNoteUpdate,
): Promise<UserNote> {
  return api.put<UserNote>(`/roms/${String(romId)}/notes/${String(noteId)}`, { json: change });
}

/** DELETE /api/roms/{id}/notes/{note_id}. */
export async function deleteRomNote(romId: number, noteId: number): Promise<void> {
  await api.delete(`/roms/${String(romId)}/notes/${String(noteId)}`);
}
