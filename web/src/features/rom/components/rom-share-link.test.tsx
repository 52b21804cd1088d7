import type { CreatedDownloadLink, DownloadLink } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { RomShareLink } from './rom-share-link';

const LIVE: DownloadLink = {
  id: 4,
  rom_id: 7,
  rom_name: 'Pilotwings',
  file_name: 'Pilotwings (USA).cia',
  expires_at: '2026-12-03T11:00:00.000Z',
  created_at: '2026-12-03T10:00:00.000Z',
  last_used_at: null,
  downloads: 2,
};
const CREATED: CreatedDownloadLink = {
  ...LIVE,
  id: 5,
  downloads: 0,
  path: '/api/dl/tok/Pilotwings%20(USA).cia',
};

async function renderShareLink() {
  const fake = createFakeFetch({
    'GET /api/download-links': { status: 200, json: [LIVE] },
    'POST /api/download-links': { status: 201, json: CREATED },
    'DELETE /api/download-links/4': { status: 204 },
  });
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n('en_US');
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <RomShareLink rom={{ id: 7, name: 'Pilotwings', fs_name: 'Pilotwings (USA).cia' }} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fake;
}

describe('RomShareLink', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('creates a link for the chosen time and shows its full address with a QR code', async () => {
    const fake = await renderShareLink();
    fireEvent.click(screen.getByTestId('share-link-button'));
    expect(await screen.findAllByTestId('share-link-row')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('share-link-create'));
    const field = await screen.findByTestId('share-link-url');
    expect((field as HTMLInputElement).value).toBe(
      `${window.location.origin}/api/dl/tok/Pilotwings%20(USA).cia`,
    );
    expect(await screen.findByTestId('share-link-qr')).toHaveProperty(
      'alt',
      'QR code of the download link for Pilotwings',
    );
    const post = fake.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ rom_id: 7, expires_in: 3600 });
  });

  it('revokes a live link', async () => {
    const fake = await renderShareLink();
    fireEvent.click(screen.getByTestId('share-link-button'));
    fireEvent.click(await screen.findByTestId('share-link-revoke'));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(fake.calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/download-links/4');
  });
});
