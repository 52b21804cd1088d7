import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  ResponseSerializationError,
} from 'fastify-type-provider-zod';

import { HttpError } from './http-error.js';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

const LOCATION_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** Turns one schema issue into FastAPI's `{loc, msg, type}` shape. */
export function toValidationIssue(
  context: string | undefined,
  instancePath: string,
  keyword: string,
  message: string | undefined,
): ValidationIssue {
  const segments = instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  const text = message ?? '';
  const missing =
    keyword === 'invalid_type' &&
    (/received undefined$/.test(text) || (segments.length === 0 && /received null$/.test(text)));
  return {
    loc: [LOCATION_NAMES[context ?? 'body'] ?? context ?? 'body', ...segments],
    msg: missing ? 'Field required' : (message ?? 'Invalid value'),
    type: missing ? 'missing' : keyword,
  };
}

/** Validation problems found by a handler (bodies it parses itself, such as multipart forms). */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  constructor(readonly issues: ValidationIssue[]) {
    super('Request validation failed');
  }
}

/** Turns zod issues into a 422 error for the given request part ('body', 'querystring'…). */
export function requestValidationError(
  context: string,
  issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[],
): RequestValidationError {
  return new RequestValidationError(
    issues.map((issue) =>
      toValidationIssue(
        context,
        issue.path.map((segment) => `/${String(segment)}`).join(''),
        issue.code,
        issue.message,
      ),
    ),
  );
}

/**
 * For a route declared with `attachValidation: true`: when its request failed validation,
 * throws a 400 whose `detail` is one readable sentence (`md5_hash: must be 32 hexadecimal
 * digits`) instead of the usual 422 issue list. RomM's lookups by hash and by provider id
 * answer 400 for bad input, and clients of those expect it.
 */
export function rejectInvalidRequest(request: FastifyRequest): void {
  const error: unknown = request.validationError;
  if (error === undefined) return;
  if (!hasZodFastifySchemaValidationErrors(error)) {
    throw new HttpError(400, error instanceof Error ? error.message : 'Invalid request');
  }
  const problems = error.validation.map((issue) => {
    const where = issue.instancePath.split('/').filter((segment) => segment !== '');
    const message = issue.message ?? 'invalid value';
    return where.length === 0 ? message : `${where.join('.')}: ${message}`;
  });
  throw new HttpError(400, problems.join('; '));
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}

/**
 * Every error answers JSON `{detail}`: validation problems are 422 with a list of issues,
 * unreadable bodies 400, and anything unexpected a logged 500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof RequestValidationError) {
      return reply.code(422).send({ detail: error.issues });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation.map((issue) =>
        toValidationIssue(
          error.validationContext,
          issue.instancePath,
          issue.keyword,
          issue.message,
        ),
      );
      return reply.code(422).send({ detail });
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply.code(500).send({ detail: 'Internal server error' });
    }
    if (isFastifyError(error)) {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({ detail: 'Request body is too large' });
      }
      if (
        error.code.startsWith('FST_ERR_CTP_') ||
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
      ) {
        return reply.code(400).send({ detail: error.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ detail: error.message });
      }
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error' });
  });
}
