import type { Socket } from 'node:net';

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Errors Fastify raises before a route is found (bad URLs, over-long path parameters), answered
 * as JSON `{detail}` like every other error.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ detail: 'A path segment of the URL is too long' });
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ detail: 'The URL is not validly encoded' });
  } else {
    void reply.code(500).send({ detail: 'Internal server error' });
  }
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', detail: 'Request timed out' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    detail: 'Request headers are too large',
  },
};

/**
 * Requests Node cannot parse (broken chunked encoding, garbage instead of HTTP, oversized
 * headers, timeouts) never reach Fastify: answer them on the raw socket with `{detail}`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    detail: 'Malformed HTTP request',
  };
  const body = JSON.stringify({ detail: known.detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
