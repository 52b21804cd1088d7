import type { FastifyRequest } from 'fastify';

/** A request header as one string: the first value when it was sent several times. */
export function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
