import type { RomUpdateFields } from '@romshelf/contract';
import { RomUpdateFieldsSchema } from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';

import { requestValidationError } from '../../../http/error-handler.js';
import { HttpError } from '../../../http/http-error.js';
import { COVER_MAX_BYTES } from '../resources/rom-resources.js';

export interface RomUpdateForm {
  fields: RomUpdateFields;
  /** The uploaded `artwork` file, if any. */
  artwork: Buffer | null;
}

/**
 * Reads `PUT /api/roms/{id}`: a multipart form (text fields plus an optional `artwork` file,
 * as RomM's web app sends) or a JSON object; `remove_cover` and `unmatch_metadata` may also
 * come as query parameters. Throws 422 for invalid fields, 413 for oversized artwork.
 */
export async function readRomUpdateForm(
  request: FastifyRequest,
  query: Record<string, unknown>,
): Promise<RomUpdateForm> {
  let raw: Record<string, unknown> = {};
  let artwork: Buffer | null = null;
  if (request.isMultipart()) {
    const limits = { fileSize: COVER_MAX_BYTES, files: 1, fields: 32, fieldSize: 256 * 1024 };
    try {
      for await (const part of request.parts({ limits })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'artwork') artwork = bytes;
        } else if (typeof part.value === 'string') {
          raw[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      if (status === 413)
        throw new HttpError(413, `Artwork must be at most ${COVER_MAX_BYTES} bytes`);
      if (typeof status === 'number' && status >= 400 && status < 500) throw error;
      throw new HttpError(400, 'Malformed multipart body');
    }
  } else if (request.body !== undefined && request.body !== null) {
    if (typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw new HttpError(400, 'Expected a form or a JSON object');
    }
    raw = { ...(request.body as Record<string, unknown>) };
  }
  for (const flag of ['remove_cover', 'unmatch_metadata']) {
    if (query[flag] !== undefined) raw[flag] = query[flag];
  }
  const parsed = RomUpdateFieldsSchema.safeParse(raw);
  if (!parsed.success) throw requestValidationError('body', parsed.error.issues);
  return { fields: parsed.data, artwork: artwork !== null && artwork.length > 0 ? artwork : null };
}
