import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useUploadStore } from '@/shared/stores/upload-store';
import { clearCookies, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { UploadDialog } from './upload-dialog';

const NES = {
  id: 3,
  slug: 'nes',
  fs_slug: 'nes',
  name: 'Nintendo Entertainment System',
  display_name: 'Nintendo Entertainment System',
  custom_name: null,
  category: 'Console',
  rom_count: 1,
  fs_size_bytes: 10,
  firmware: [],
};
/** RomM's shape: the library's platform where there is one, else id -1 and no ROMs. */
const SUPPORTED = [
  {
    ...NES,
    id: -1,
    slug: 'n64',
    fs_slug: 'n64',
    name: 'Nintendo 64',
    display_name: 'Nintendo 64',
    rom_count: 0,
    fs_size_bytes: 0,
  },
  NES,
];

/** Answers every upload with 201 and records the platform it went to. */
function fakeXhr(platforms: string[]) {
  return class {
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror = null;
    ontimeout = null;
    onabort = null;
    open() {}
    abort() {}
    setRequestHeader(name: string, value: string) {
      if (name.toLowerCase() === 'x-upload-platform') platforms.push(value);
    }
    send() {
      this.status = 201;
      this.responseText = JSON.stringify({ id: 99 });
      queueMicrotask(() => this.onload?.());
    }
  };
}

async function renderDialog() {
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <UploadDialog />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('UploadDialog platform', () => {
  beforeEach(() => {
    clearCookies();
    useUploadStore.getState().openDialog(null);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useUploadStore.getState().closeDialog();
  });

  it('offers every supported platform, searchable, and adds the folder of a new one first', async () => {
    const api = createFakeFetch({
      'GET /api/platforms': { status: 200, json: [NES] },
      'GET /api/platforms/supported': { status: 200, json: SUPPORTED },
      'POST /api/platforms': {
        status: 200,
        json: {
          ...NES,
          id: 9,
          slug: 'n64',
          fs_slug: 'n64',
          name: 'Nintendo 64',
          display_name: 'Nintendo 64',
        },
      },
      'GET /api/roms': {
        status: 200,
        json: { items: [], total: 0, limit: 1, offset: 0, char_index: {} },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const uploadedTo: string[] = [];
    vi.stubGlobal('XMLHttpRequest', fakeXhr(uploadedTo));
    await renderDialog();

    const field = screen.getByTestId('upload-platform');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'nintendo' } });
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.dataset.testid),
    ).toEqual(['upload-platform-nes', 'upload-platform-n64']);
    expect(listbox.textContent).toContain('In your library');
    expect(listbox.textContent).toContain('Other supported platforms');
    fireEvent.change(field, { target: { value: 'n64' } });
    fireEvent.click(await screen.findByTestId('upload-platform-n64'));
    expect(
      screen.getByText('New platform: its folder “n64” is created in the library.'),
    ).toBeTruthy();

    const file = new File(['rom'], 'Star Racer (USA).z64');
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('upload-start'));
    await waitFor(() => expect(uploadedTo).toEqual(['9']));
    const added = api.calls.filter(
      (call) => call.method === 'POST' && call.url.endsWith('/api/platforms'),
    );
    expect(added.map((call) => JSON.parse(call.body ?? '') as unknown)).toEqual([
      { fs_slug: 'n64' },
    ]);
  });
});
