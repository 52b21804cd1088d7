import http from 'node:http';
import type { AddressInfo } from 'node:net';

import sharp from 'sharp';

export type FakeHandler = (
  request: http.IncomingMessage,
  body: string,
  url: URL,
) => Promise<FakeReply | null> | FakeReply | null;

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Never answer (timeouts). */
  hang?: boolean;
}

export interface FakeServer {
  origin: string;
  /** Replies given, in order, to the next requests before the handler answers again. */
  enqueue(...replies: FakeReply[]): void;
  requests: { method: string; path: string; body: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

const open: http.Server[] = [];
/** Closes the fake servers the test started (after each test: server/test/setup.ts). */
export async function closeFakeServers(): Promise<void> {
  for (const server of open.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

let imageCache: Buffer | null = null;
/** A 600×840 PNG every fake serves as artwork. */
export async function fakeCover(): Promise<Buffer> {
  imageCache ??= await sharp({
    create: { width: 600, height: 840, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
  return imageCache;
}

/** A loopback HTTP server answering with `handler`; `/images/*` serves the fake cover. */
export async function startFake(handler: FakeHandler): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const queued: FakeReply[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://fake');
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        body,
        headers: request.headers,
      });
      void (async () => {
        if (url.pathname.startsWith('/images/')) {
          response.writeHead(200, { 'content-type': 'image/png' });
          response.end(await fakeCover());
          return;
        }
        const reply = queued.shift() ?? (await handler(request, body, url));
        if (reply?.hang === true) return;
        const status = reply?.status ?? (reply === null ? 404 : 200);
        response.writeHead(status, { 'content-type': 'application/json', ...reply?.headers });
        response.end(reply?.body ?? '');
      })();
    });
  });
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => queued.push(...replies),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
