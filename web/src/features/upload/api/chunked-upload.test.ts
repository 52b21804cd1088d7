import { CSRF_HEADER } from '@romshelf/contract';
import type { Heartbeat } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import type { UploadProgress } from '@/shared/stores/upload-store';
import { backoffMs, uploadRomFileChunked, uploadTimeoutMs } from './chunked-upload';
import type { RetryNotice, UploadXhr } from './chunked-upload';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Blob | null;
}

/**
 * A fake server behind a fake XMLHttpRequest: it keeps the chunks it received, and `fail`
 * decides, request by request, whether the connection drops instead (optionally after the
 * chunk arrived, as when only the answer is lost).
 */
function fakeServer(
  fail: (request: Sent, nth: number) => 'drop' | 'lose-answer' | null = () => null,
  refusal?: [number, unknown],
) {
  const chunks = new Map<number, Blob>();
  const log: Sent[] = [];
  class FakeXhr {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      queueMicrotask(() => this.onabort?.());
    }
    send(body: Blob | null) {
      const request = { method: this.method, url: this.url, headers: this.headers, body };
      log.push(request);
      const outcome = fail(request, log.length);
      queueMicrotask(() => {
        if (outcome === 'drop') {
          this.onerror?.();
          return;
        }
        const [status, answer] = this.answer(request);
        if (outcome === 'lose-answer') {
          this.onerror?.();
          return;
        }
        if (body) this.upload.onprogress?.({ loaded: body.size } as ProgressEvent);
        this.status = status;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      });
    }
    answer(request: Sent): [number, unknown] {
      if (refusal) return refusal;
      const id = 'f0e1d2c3-0000-4000-8000-000000000001';
      if (request.url === '/api/roms/upload/start') return [201, { upload_id: id }];
      if (request.method === 'PUT') {
        const index = Number(request.headers['x-chunk-index']);
        if (chunks.has(index)) return [400, { detail: `Chunk ${index} was already received` }];
        chunks.set(index, request.body ?? new Blob());
        return [200, { received: chunks.size, total: 3 }];
      }
      if (request.method === 'GET') {
        return [200, { received_chunks: [...chunks.keys()].sort() }];
      }
      if (request.url.endsWith('/complete')) return [201, { id: 77 }];
      return [204, null];
    }
  }
  return { chunks, log, createXhr: () => new FakeXhr() as unknown as UploadXhr };
}

function upload(server: ReturnType<typeof fakeServer>, signal?: AbortSignal) {
  document.cookie = 'romm_csrftoken=token-1; path=/';
  const file = new File(['aaaabbbbcc'], 'Mario (USA).sfc');
  const waits: number[] = [];
  const retries: (RetryNotice | null)[] = [];
  const progress: UploadProgress[] = [];
  const result = uploadRomFileChunked(file, {
    platformId: 3,
    timeoutMs: 20_000,
    chunkBytes: 4,
    createXhr: server.createXhr,
    signal,
    now: () => 1000,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    onRetry: (notice) => retries.push(notice),
    onProgress: (value) => progress.push(value),
  });
  return { result, waits, retries, progress };
}

function textOf(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob ?? new Blob());
  });
}

const summary = (log: Sent[]) =>
  log.map((request) =>
    request.method === 'PUT'
      ? `PUT ${request.headers['x-chunk-index'] ?? ''}`
      : `${request.method} ${request.url}`,
  );

describe('uploadRomFileChunked', () => {
  it('starts with the size and chunk count, sends each piece, then completes', async () => {
    const server = fakeServer();
    const { result, progress } = upload(server);
    await expect(result).resolves.toEqual({ id: 77 });
    const [start] = server.log;
    expect(start?.headers).toMatchObject({
      'x-upload-platform': '3',
      'x-upload-filename': encodeURIComponent('Mario (USA).sfc'),
      'x-upload-total-size': '10',
      'x-upload-total-chunks': '3',
      [CSRF_HEADER]: 'token-1',
    });
    expect(summary(server.log)).toEqual([
      'POST /api/roms/upload/start',
      'PUT 0',
      'PUT 1',
      'PUT 2',
      'POST /api/roms/upload/f0e1d2c3-0000-4000-8000-000000000001/complete',
    ]);
    const texts = await Promise.all([0, 1, 2].map((index) => textOf(server.chunks.get(index))));
    expect(texts).toEqual(['aaaa', 'bbbb', 'cc']);
    expect(progress.at(-1)).toMatchObject({ fraction: 1, loaded: 10, total: 10 });
  });

  it('after a dropped connection waits, asks what the server holds and resends only the rest', async () => {
    // The 3rd request (chunk 1) drops; the 5th (the status check) too.
    const server = fakeServer((_request, nth) => (nth === 3 || nth === 5 ? 'drop' : null));
    const { result, waits, retries } = upload(server);
    await expect(result).resolves.toEqual({ id: 77 });
    expect(summary(server.log)).toEqual([
      'POST /api/roms/upload/start',
      'PUT 0',
      'PUT 1',
      'GET /api/roms/upload/f0e1d2c3-0000-4000-8000-000000000001',
      'PUT 1',
      'GET /api/roms/upload/f0e1d2c3-0000-4000-8000-000000000001',
      'PUT 1',
      'PUT 2',
      'POST /api/roms/upload/f0e1d2c3-0000-4000-8000-000000000001/complete',
    ]);
    expect(waits).toEqual([1000, 2000]);
    expect(retries).toEqual([{ attempt: 1, delayMs: 1000 }, { attempt: 2, delayMs: 2000 }, null]);
  });

  it('does not resend a piece whose answer was lost but which arrived', async () => {
    const server = fakeServer((_request, nth) => (nth === 3 ? 'lose-answer' : null));
    const { result } = upload(server);
    await expect(result).resolves.toEqual({ id: 77 });
    expect(summary(server.log).filter((line) => line.startsWith('PUT'))).toEqual([
      'PUT 0',
      'PUT 1',
      'PUT 2',
    ]);
  });

  it("gives up after 8 attempts in a row with the last error, and stops on the server's refusal", async () => {
    const down = fakeServer((request) => (request.method === 'PUT' ? 'drop' : null));
    const failing = upload(down);
    await expect(failing.result).rejects.toMatchObject({ status: 0, message: 'Network error' });
    expect(failing.waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(summary(down.log).at(-1)).toBe(
      'POST /api/roms/upload/f0e1d2c3-0000-4000-8000-000000000001/cancel',
    );

    const refusing = fakeServer(
      () => null,
      [409, { detail: 'Mario (USA).sfc already exists in roms/snes' }],
    );
    const refused = upload(refusing);
    await expect(refused.result).rejects.toEqual(
      new ApiError(409, 'Mario (USA).sfc already exists in roms/snes'),
    );
    expect(refused.waits).toEqual([]);
  });

  it('cancelling stops sending and cancels the upload on the server', async () => {
    const controller = new AbortController();
    const server = fakeServer((request) => {
      if (request.method === 'PUT') controller.abort();
      return null;
    });
    const { result } = upload(server, controller.signal);
    await expect(result).rejects.toMatchObject({ status: 0, message: 'aborted' });
    expect(summary(server.log)).toEqual([
      'POST /api/roms/upload/start',
      'PUT 0',
      'POST /api/roms/upload/f0e1d2c3-0000-4000-8000-000000000001/cancel',
    ]);
  });
});

describe('timing', () => {
  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('uses heartbeat FRONTEND.UPLOAD_TIMEOUT seconds, else 20 s', () => {
    expect(uploadTimeoutMs(null)).toBe(20_000);
    expect(uploadTimeoutMs({ FRONTEND: { UPLOAD_TIMEOUT: 600 } } as Heartbeat)).toBe(600_000);
    expect(uploadTimeoutMs({ FRONTEND: { UPLOAD_TIMEOUT: 0 } } as Heartbeat)).toBe(20_000);
  });
});
