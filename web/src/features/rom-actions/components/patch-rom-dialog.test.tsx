import type { DetailedRom, PatchCandidate, User } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { ADMIN_USER, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { PatchRomDialog } from './patch-rom-dialog';

const ROM = {
  id: 7,
  name: 'Hero Quest',
  fs_name: 'Hero Quest (USA).sfc',
  fs_name_no_tags: 'Hero Quest',
  files: [{ id: 70, file_name: 'Hero Quest (USA).sfc' }],
} as unknown as DetailedRom;

const CANDIDATES: PatchCandidate[] = [
  {
    file_id: 81,
    rom_id: 8,
    file_name: 'Hero Quest (Translation).bps',
    file_size_bytes: 2048,
    own: false,
  },
];

/** A stand-in XMLHttpRequest: records the request; the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  response: Blob | null = null;
  responseType = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onprogress: ((event: ProgressEvent) => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return this.headers[name] ?? null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  answer(status: number, body: string, headers: Record<string, string> = {}) {
    this.status = status;
    // jsdom's Blob has no text(); the browser's has.
    this.response = { text: () => Promise.resolve(body) } as Blob;
    this.headers = headers;
    this.onload?.();
  }
}

async function renderDialog(scopes: string[], candidates = CANDIDATES, rom = ROM) {
  useAuthStore.getState().setUser({ ...ADMIN_USER, oauth_scopes: scopes } as User);
  vi.stubGlobal(
    'fetch',
    createFakeFetch({ 'GET /api/roms/7/patches': { status: 200, json: candidates } }).fetch,
  );
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <PatchRomDialog rom={rom} open onClose={() => undefined} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe('PatchRomDialog', () => {
  it('saves a library patch as a new game, with the upload progress on the way', async () => {
    await renderDialog(['roms.read', 'roms.write']);
    await waitFor(() =>
      expect(screen.getByTestId('patch-library-select').textContent).toContain(
        'Hero Quest (Translation).bps',
      ),
    );
    fireEvent.click(screen.getByLabelText('Save it as a new game next to the original'));
    fireEvent.click(screen.getByTestId('patch-apply'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last;
    expect([xhr?.method, xhr?.url]).toEqual(['POST', '/api/roms/70/patch']);
    expect([...(xhr?.body?.entries() ?? [])]).toEqual([
      ['patch_file_id', '81'],
      ['save_as_game', 'true'],
    ]);
    xhr?.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 } as ProgressEvent);
    await waitFor(() =>
      expect(screen.getByTestId('patch-progress').textContent).toBe('Sending the patch… 25%'),
    );
    const saved = {
      message: 'ok',
      output_file_name: 'Hero Quest (USA) (patched-Hero Quest (Translation)).sfc',
      output_file_size: 9,
      rom_id: 12,
      validated: true,
    };
    xhr?.answer(201, JSON.stringify(saved));
    await waitFor(() =>
      expect(screen.getByTestId('patch-saved').textContent).toBe(
        'Saved as Hero Quest (USA) (patched-Hero Quest (Translation)).sfc. Open the new game',
      ),
    );
    expect(screen.getByTestId('patch-open-game').getAttribute('href')).toBe('/rom/12');
  });

  it("shows the server's reason when the patch was made for another ROM", async () => {
    await renderDialog(['roms.read']);
    await waitFor(() =>
      expect(screen.getByTestId('patch-apply').hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByLabelText('Save it as a new game next to the original')).toBeNull();
    fireEvent.click(screen.getByTestId('patch-apply'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last?.answer(400, JSON.stringify({ detail: 'This BPS patch is for another ROM' }));
    await waitFor(() =>
      expect(screen.getByTestId('patch-error').textContent).toBe(
        'This BPS patch is for another ROM',
      ),
    );
  });

  it('without library patches, asks for one from this device before applying', async () => {
    await renderDialog(['roms.read'], []);
    await waitFor(() => expect(screen.getByTestId('patch-none')).toBeTruthy());
    expect(screen.getByTestId('patch-apply').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('From this device'));
    const file = new File(['PATCH'], 'fan.ips');
    fireEvent.change(screen.getByTestId('patch-file-input'), { target: { files: [file] } });
    expect(screen.getByTestId('patch-apply').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByTestId('patch-apply'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(FakeXhr.last?.body?.get('patch_file')).toBeInstanceOf(File);
  });

  it('names the file to patch inside a zip holding several', async () => {
    const zipped = {
      ...ROM,
      files: [
        {
          id: 71,
          file_name: 'Heroes.zip',
          archive_members: [{ name: 'Hero A.sfc' }, { name: 'Hero B.sfc' }],
        },
      ],
    } as unknown as DetailedRom;
    await renderDialog(['roms.read'], CANDIDATES, zipped);
    await waitFor(() =>
      expect(screen.getByTestId('patch-apply').hasAttribute('disabled')).toBe(false),
    );
    expect(screen.getByLabelText('File inside the archive').textContent).toBe('Hero A.sfc');
    fireEvent.click(screen.getByTestId('patch-apply'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(FakeXhr.last?.url).toBe('/api/roms/71/patch');
    expect(FakeXhr.last?.body?.get('archive_member_name')).toBe('Hero A.sfc');
  });
});
