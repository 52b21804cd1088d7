import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';

import { requestValidationError } from '../../http/error-handler.js';
import { HttpError } from '../../http/http-error.js';

const FORM_LIMITS = { files: 0, fields: 10, fieldSize: 64 * 1024 } as const;

/** The text fields of a multipart form (RomM's clients), a url-encoded form or a JSON object. */
async function formFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (request.isMultipart()) {
    const fields: Record<string, unknown> = {};
    try {
      for await (const part of request.parts({ limits: FORM_LIMITS })) {
        if (part.type === 'field' && typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      // Limit errors carry their own 413; anything else is a body that does not parse.
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) throw error;
      throw new HttpError(400, 'Malformed multipart body');
    }
    return fields;
  }
  const body: unknown = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'Expected a form or a JSON object');
  }
  return body as Record<string, unknown>;
}

/**
 * Reads a smart collection form with its schema (422 for invalid fields). A JSON body may give
 * `filter_criteria` as an object; it is read as its JSON text, as a form would send it.
 */
export async function readSmartCollectionForm<T extends z.ZodType>(
  request: FastifyRequest,
  schema: T,
): Promise<z.output<T>> {
  const fields = await formFields(request);
  const criteria = fields.filter_criteria;
  if (typeof criteria === 'object' && criteria !== null) {
    fields.filter_criteria = JSON.stringify(criteria);
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw requestValidationError('body', parsed.error.issues);
  return parsed.data;
}
