import type { ClientToken, ClientTokenAdmin, ClientTokenCreated } from '@romshelf/contract';

import type { ClientTokenRow } from '../../db/schema.js';
import { avatarUrl } from '../users/users.mapper.js';
import type { ClientTokenWithOwner } from './client-tokens.repository.js';

export function splitScopes(text: string): string[] {
  return text.split(/\s+/).filter((scope) => scope !== '');
}

export function toClientToken(row: ClientTokenRow): ClientToken {
  return {
    id: row.id,
    name: row.name,
    scopes: splitScopes(row.scopes),
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    created_at: row.created_at,
    user_id: row.user_id,
    device_id: row.device_id,
  };
}

export function toCreatedClientToken(row: ClientTokenRow, rawToken: string): ClientTokenCreated {
  return { ...toClientToken(row), raw_token: rawToken };
}

export function toAdminClientToken(row: ClientTokenWithOwner): ClientTokenAdmin {
  return {
    ...toClientToken(row),
    username: row.username,
    user_avatar_path: avatarUrl({
      id: row.user_id,
      avatar_path: row.user_avatar_path,
      updated_at: row.user_updated_at,
    }),
    user_updated_at: row.user_updated_at,
  };
}
