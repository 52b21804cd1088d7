import type { UpdateUserBody } from '@romshelf/contract';
import { UpdateUserBodySchema } from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';

import { requestValidationError } from '../../http/error-handler.js';
import { HttpError } from '../../http/http-error.js';
import { AVATAR_MAX_BYTES } from './avatar.store.js';

/**
 * Text fields a form may carry: RomM's web client sends the whole user it shows (24 fields, most
 * of them read-only and ignored here), so the limit leaves room for that and stays bounded.
 */
export const USER_FORM_MAX_FIELDS = 64;

export interface UserForm {
  fields: UpdateUserBody;
  /** The uploaded `avatar` file, if any. */
  avatar: Buffer | null;
}

/**
 * Reads PUT /api/users/{id}: a multipart form (RomM's web app; text fields plus an optional
 * `avatar` file), a url-encoded form or JSON. Throws 422 for invalid fields.
 */
export async function readUserForm(request: FastifyRequest): Promise<UserForm> {
  let raw: Record<string, unknown> = {};
  let avatar: Buffer | null = null;
  if (request.isMultipart()) {
    const limits = {
      fileSize: AVATAR_MAX_BYTES,
      files: 1,
      fields: USER_FORM_MAX_FIELDS,
      fieldSize: 64 * 1024,
    };
    try {
      for await (const part of request.parts({ limits })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'avatar') avatar = bytes;
        } else if (typeof part.value === 'string') {
          raw[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      // Limit errors carry their own 413; anything else is a body that does not parse.
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) throw error;
      throw new HttpError(400, 'Malformed multipart body');
    }
  } else if (request.body !== undefined && request.body !== null) {
    if (typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw new HttpError(400, 'Expected a form or a JSON object');
    }
    raw = request.body as Record<string, unknown>;
  }
  const parsed = UpdateUserBodySchema.safeParse(raw);
  if (!parsed.success) throw requestValidationError('body', parsed.error.issues);
  return { fields: parsed.data, avatar: avatar !== null && avatar.length > 0 ? avatar : null };
}
