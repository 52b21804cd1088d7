import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { requestValidationError } from '../../http/error-handler.js';
import { HttpError } from '../../http/http-error.js';
import { multipartError } from '../../lib/stored-files.js';
import { COVER_MAX_BYTES } from '../roms/resources/rom-resources.js';

/** A collection form's text fields and its optional `artwork` file. */
export interface CollectionFormData<T> {
  fields: T;
  artwork: Buffer | null;
}

/**
 * Reads a collection create / update body: a multipart form (text fields plus an optional
 * `artwork` file, as RomM's web app sends) or a JSON object. 422 for invalid fields, 413 for
 * oversized artwork.
 */
export async function readCollectionForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<CollectionFormData<z.infer<S>>> {
  const raw: Record<string, unknown> = {};
  let artwork: Buffer | null = null;
  if (request.isMultipart()) {
    const limits = { fileSize: COVER_MAX_BYTES, files: 1, fields: 16, fieldSize: 512 * 1024 };
    try {
      for await (const part of request.parts({ limits })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'artwork' && bytes.length > 0) artwork = bytes;
        } else if (typeof part.value === 'string') {
          raw[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      if (status === 413) {
        throw new HttpError(413, `Artwork must be at most ${COVER_MAX_BYTES} bytes`);
      }
      throw multipartError(error);
    }
  } else if (request.body !== undefined && request.body !== null) {
    if (typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw new HttpError(400, 'Expected a form or a JSON object');
    }
    Object.assign(raw, request.body);
    // A JSON body may carry rom_ids as an array; the form sends it as a JSON string.
    if (Array.isArray(raw.rom_ids)) raw.rom_ids = JSON.stringify(raw.rom_ids);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw requestValidationError('body', parsed.error.issues);
  return { fields: parsed.data, artwork };
}
