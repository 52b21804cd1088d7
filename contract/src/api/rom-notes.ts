import { z } from 'zod';

import { queryBoolean } from './common.js';

/** Longest note title (RomM's column is 400 characters). */
export const ROM_NOTE_TITLE_MAX = 400;
/** Longest note text (characters of Markdown). */
export const ROM_NOTES_MAX = 50_000;
/** Most tags on one note, and the longest tag. */
export const ROM_NOTE_TAGS_MAX = 50;
export const ROM_NOTE_TAG_MAX = 100;

/**
 * A note about a ROM (RomM 5 UserNoteSchema). A user writes several per ROM (titles unique per
 * user and ROM); private ones are seen by their author only. `content` is Markdown: render it
 * through the sanitiser.
 */
export const UserNoteSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  is_public: z.boolean(),
  tags: z.array(z.string()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  user_id: z.number().int(),
  /** The author. */
  username: z.string(),
  /** Where the author's avatar loads from, '' without one. */
  user_avatar_path: z.string(),
  user_updated_at: z.string(),
});
export type UserNote = z.infer<typeof UserNoteSchema>;

const NoteTitle = z
  .string()
  .trim()
  .min(1, 'Title must not be empty')
  .max(ROM_NOTE_TITLE_MAX, `Title is longer than ${ROM_NOTE_TITLE_MAX} characters`);
const NoteTags = z.array(z.string().trim().min(1).max(ROM_NOTE_TAG_MAX)).max(ROM_NOTE_TAGS_MAX);

/** Body of `POST /api/roms/{id}/notes` (RomM: `title` required, the rest optional). */
export const RomNoteCreateSchema = z.object({
  title: NoteTitle,
  content: z.string().max(ROM_NOTES_MAX).default(''),
  is_public: z.boolean().default(false),
  tags: NoteTags.default([]),
});
export type RomNoteCreate = z.infer<typeof RomNoteCreateSchema>;

/** Body of `PUT /api/roms/{id}/notes/{note_id}`: only the given fields change. */
export const RomNoteUpdateSchema = z
  .object({
    title: NoteTitle,
    content: z.string().max(ROM_NOTES_MAX),
    is_public: z.boolean(),
    tags: NoteTags,
  })
  .partial();
export type RomNoteUpdate = z.infer<typeof RomNoteUpdateSchema>;

/** Query of `GET /api/roms/{id}/notes`. */
export const RomNotesQuerySchema = z.object({
  /** Only public notes (the caller's private ones are left out too). */
  public_only: queryBoolean(false),
  /** Notes whose title or text contains this (any case). */
  search: z.string().max(500).optional(),
  /** Notes carrying every one of these tags (repeat the parameter). */
  tags: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
});
export type RomNotesQuery = z.infer<typeof RomNotesQuerySchema>;

export const RomNoteParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  note_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** Answer of `DELETE /api/roms/{id}/notes/{note_id}` (RomM's). */
export const RomNoteDeletedSchema = z.object({ message: z.string() });
