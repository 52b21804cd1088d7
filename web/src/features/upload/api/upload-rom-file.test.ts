import { CSRF_HEADER, UPLOAD_FILENAME_HEADER, UPLOAD_PLATFORM_HEADER } from '@romshelf/contract';
import type { Heartbeat } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { uploadRomFile, uploadTimeoutMs } from './upload-rom-file';
import type { UploadXhr } from './upload-rom-file';

class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
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
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function setup() {
  const xhr = new FakeXhr();
  let clock = 0;
  const progress: unknown[] = [];
  document.cookie = 'romm_csrftoken=token-1; path=/';
  const file = new File([new Uint8Array(1000)], 'Mario (USA).sfc');
  const promise = uploadRomFile(file, {
    platformId: 3,
    timeoutMs: 20_000,
    onProgress: (value) => progress.push(value),
    createXhr: () => xhr as unknown as UploadXhr,
    now: () => clock,
  });
  return {
    xhr,
    progress,
    promise,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('uploadRomFile', () => {
  it('POSTs one file with the platform, file name and CSRF headers and a timeout', async () => {
    const { xhr, promise } = setup();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/roms');
    expect(xhr.timeout).toBe(20_000);
    expect(xhr.headers[UPLOAD_PLATFORM_HEADER]).toBe('3');
    expect(xhr.headers[UPLOAD_FILENAME_HEADER]).toBe(encodeURIComponent('Mario (USA).sfc'));
    expect(xhr.headers[CSRF_HEADER]).toBe('token-1');
    expect(xhr.body).toBeInstanceOf(FormData);
    xhr.answer(201, { id: 9 });
    await expect(promise).resolves.toEqual({ id: 9 });
  });

  it('reports progress as a fraction with loaded, total and rate', () => {
    const { xhr, progress, tick } = setup();
    tick(2000);
    xhr.progress(500, 1000);
    expect(progress).toEqual([{ fraction: 0.5, total: 1000, loaded: 500, rate: 250 }]);
  });

  it("rejects with the server's detail", async () => {
    const { xhr, promise } = setup();
    xhr.answer(409, { detail: 'Mario (USA).sfc already exists' });
    await expect(promise).rejects.toEqual(new ApiError(409, 'Mario (USA).sfc already exists'));
  });

  it('rejects on timeout with status 0', async () => {
    const { xhr, promise } = setup();
    xhr.ontimeout?.();
    await expect(promise).rejects.toMatchObject({ status: 0, message: 'timeout' });
  });
});

describe('uploadTimeoutMs', () => {
  it('uses heartbeat FRONTEND.UPLOAD_TIMEOUT seconds, else 20 s', () => {
    expect(uploadTimeoutMs(null)).toBe(20_000);
    expect(uploadTimeoutMs({ FRONTEND: { UPLOAD_TIMEOUT: 600 } } as Heartbeat)).toBe(600_000);
    expect(uploadTimeoutMs({ FRONTEND: { UPLOAD_TIMEOUT: 0 } } as Heartbeat)).toBe(20_000);
  });
});
