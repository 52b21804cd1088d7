import type { UserNote } from '@romshelf/contract';

import { avatarUrl } from '../../users/users.mapper.js';
import type { AuthoredNoteRow } from './rom-notes.repository.js';

function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter((tag): tag is string => typeof tag === 'string')
      : [];
  } catch {
    return [];
  }
}

/** The API shape of a note (RomM UserNoteSchema, with the author's avatar). */
export function toUserNoteDto(row: AuthoredNoteRow): UserNote {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    is_public: row.is_public === 1,
    tags: parseTags(row.tags),
    created_at: row.created_at,
    updated_at: row.updated_at,
    user_id: row.user_id,
    username: row.author_username,
    user_avatar_path: avatarUrl({
      id: row.user_id,
      avatar_path: row.author_avatar_path,
      updated_at: row.author_updated_at,
    }),
    user_updated_at: row.author_updated_at,
  };
}
