import type { RomNoteCreate, RomNotesQuery, RomNoteUpdate, UserNote } from '@romshelf/contract';

import { HttpError } from '../../../http/http-error.js';
import { nowIso } from '../../../lib/time.js';
import { toUserNoteDto } from './rom-notes.mapper.js';
import type { RomNoteFields, RomNotesRepository } from './rom-notes.repository.js';
import type { RomsService } from '../roms.service.js';

const NOT_OWNED = 'Note not found or not owned by user';

/**
 * Notes about a ROM (RomM 5): every user writes several, public or private. Anyone who can read
 * the ROM sees its public notes and their own; only the author changes or deletes a note.
 */
export class RomNotesService {
  constructor(
    private readonly roms: Pick<RomsService, 'findOr404'>,
    private readonly notes: RomNotesRepository,
  ) {}

  /** `GET /api/roms/{id}/notes`: filtered by text (title or content, any case) and tags. */
  async list(romId: number, userId: number, query: RomNotesQuery): Promise<UserNote[]> {
    await this.roms.findOr404(romId);
    const search = query.search?.toLowerCase() ?? '';
    return (await this.notes.visible(romId, userId, query.public_only))
      .map(toUserNoteDto)
      .filter(
        (note) =>
          search === '' ||
          note.title.toLowerCase().includes(search) ||
          note.content.toLowerCase().includes(search),
      )
      .filter((note) => query.tags.every((tag) => note.tags?.includes(tag) === true));
  }

  /** `GET /api/roms/{id}/notes/identifiers`. */
  async identifiers(romId: number, userId: number): Promise<number[]> {
    await this.roms.findOr404(romId);
    return (await this.notes.visible(romId, userId)).map((note) => note.id);
  }

  async create(romId: number, userId: number, body: RomNoteCreate): Promise<UserNote> {
    await this.roms.findOr404(romId);
    await this.assertTitleFree(romId, userId, body.title);
    const id = await this.notes.insert(
      romId,
      userId,
      {
        title: body.title,
        content: body.content,
        is_public: body.is_public ? 1 : 0,
        tags: JSON.stringify([...new Set(body.tags)]),
      },
      nowIso(),
    );
    return this.own(romId, userId, id);
  }

  async update(
    romId: number,
    userId: number,
    noteId: number,
    body: RomNoteUpdate,
  ): Promise<UserNote> {
    await this.roms.findOr404(romId);
    const current = await this.own(romId, userId, noteId);
    const fields: RomNoteFields = {};
    if (body.title !== undefined && body.title !== current.title) {
      await this.assertTitleFree(romId, userId, body.title);
      fields.title = body.title;
    }
    if (body.content !== undefined) fields.content = body.content;
    if (body.is_public !== undefined) fields.is_public = body.is_public ? 1 : 0;
    if (body.tags !== undefined) fields.tags = JSON.stringify([...new Set(body.tags)]);
    if (Object.keys(fields).length === 0) return current;
    await this.notes.update(noteId, fields, nowIso());
    return this.own(romId, userId, noteId);
  }

  async delete(romId: number, userId: number, noteId: number): Promise<{ message: string }> {
    await this.roms.findOr404(romId);
    if (!(await this.notes.deleteOwn(romId, userId, noteId))) throw new HttpError(404, NOT_OWNED);
    return { message: 'Note deleted successfully' };
  }

  /** One of the caller's own notes; someone else's answers 404 like a missing one. */
  private async own(romId: number, userId: number, noteId: number): Promise<UserNote> {
    const row = await this.notes.findOwn(romId, userId, noteId);
    if (row === undefined) throw new HttpError(404, NOT_OWNED);
    return toUserNoteDto(row);
  }

  private async assertTitleFree(romId: number, userId: number, title: string): Promise<void> {
    if ((await this.notes.idOfTitle(romId, userId, title)) !== undefined) {
      throw new HttpError(409, `You already have a note titled "${title}" on this ROM`);
    }
  }
}
