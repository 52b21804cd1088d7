import type { Device, SyncSession } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { clearCookies, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { DeviceList } from './device-list';

const socket = vi.hoisted(async () => (await import('@/test/fake-socket')).createFakeSocket());
vi.mock('@/lib/socket', async () => {
  const fake = await socket;
  return { getSocket: () => fake };
});

const DEVICE: Device = {
  id: '0b7c6c1e-6d0e-4d43-9a53-0d7c1f0e2a11',
  user_id: 1,
  name: 'RG35XX',
  platform: 'muos',
  client: 'grout',
  client_version: '1.4.0',
  client_device_identifier: null,
  ip_address: null,
  mac_address: null,
  hostname: null,
  sync_mode: 'api',
  sync_enabled: true,
  sync_config: null,
  last_seen: '2026-11-26T09:15:00.000+00:00',
  created_at: '2026-11-20T08:00:00.000+00:00',
  updated_at: '2026-11-26T09:15:00.000+00:00',
};

const SESSION: SyncSession = {
  id: 7,
  device_id: DEVICE.id,
  user_id: 1,
  status: 'in_progress',
  initiated_at: '2026-11-26T10:00:00.000+00:00',
  completed_at: null,
  operations_planned: 0,
  operations_completed: 0,
  operations_failed: 0,
  error_message: null,
  created_at: '2026-11-26T10:00:00.000+00:00',
  updated_at: '2026-11-26T10:00:00.000+00:00',
};

async function renderList(device: Device) {
  let listed = device;
  const fake = createFakeFetch({
    'GET /api/devices': () => ({ status: 200, json: [listed] }),
    [`PUT /api/devices/${DEVICE.id}`]: () => ({ status: 200, json: listed }),
    [`POST /api/sync/devices/${DEVICE.id}/push-pull`]: { status: 200, json: SESSION },
    'GET /api/sync/sessions': { status: 200, json: [SESSION] },
  });
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n('en_US');
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <DeviceList />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { fake, relist: (next: Device) => (listed = next) };
}

describe('device sync settings and history', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearCookies();
  });

  it('sets a device to push_pull with its SSH login and save folder', async () => {
    const { fake, relist } = await renderList(DEVICE);
    fireEvent.click(await screen.findByTestId('device-sync-settings'));
    fireEvent.change(await screen.findByTestId('device-sync-mode'), {
      target: { value: 'push_pull' },
    });
    fireEvent.change(screen.getByTestId('device-sync-host'), { target: { value: ' rg35xx.lan ' } });
    fireEvent.change(screen.getByTestId('device-sync-password'), { target: { value: 'muos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a folder' }));
    fireEvent.change(screen.getByLabelText('Platform folder'), { target: { value: 'gba' } });
    fireEvent.change(screen.getByLabelText('Folder on the device'), {
      target: { value: '/mnt/sdcard/Saves/GBA' },
    });
    fireEvent.change(screen.getByLabelText('Extension'), { target: { value: '.srm' } });
    relist({ ...DEVICE, sync_mode: 'push_pull' });
    fireEvent.click(screen.getByTestId('device-sync-save'));
    await screen.findByTestId('device-sync-now');
    const put = fake.calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      sync_mode: 'push_pull',
      sync_enabled: true,
      sync_config: {
        ssh_host: 'rg35xx.lan',
        ssh_port: 22,
        ssh_username: 'root',
        ssh_password: 'muos',
        save_directories: [
          { platform_slug: 'gba', path: '/mnt/sdcard/Saves/GBA', extension: '.srm' },
        ],
      },
    });
  }, 15_000);

  it('syncs now and shows the run live from the socket, with its conflicts', async () => {
    const { fake } = await renderList({ ...DEVICE, sync_mode: 'push_pull' });
    const fakeSocket = await socket;
    fireEvent.click(await screen.findByTestId('device-sync-now'));
    const row = await screen.findByTestId('sync-session');
    expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/sync/devices/${DEVICE.id}/push-pull`,
    ]);
    expect(within(row).getByText('Running')).toBeTruthy();
    fakeSocket.receive('sync:progress', {
      device_id: DEVICE.id,
      session_id: 7,
      operations_completed: 1,
      operations_planned: 2,
      current_file: 'Game (USA).srm',
    });
    await waitFor(() =>
      expect(row.textContent).toContain('Files on the device: 2 · synced: 1 · failed: 0'),
    );
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    fakeSocket.receive('sync:conflict', {
      device_id: DEVICE.id,
      session_id: 7,
      file_name: 'Game (USA).srm',
      rom_id: 3,
      rom_name: 'Game',
      reason: 'Both sides changed since last sync',
    });
    expect((await screen.findByText(/^Conflict on Game \(USA\)\.srm/)).textContent).toBe(
      'Conflict on Game (USA).srm (Game): Both sides changed since last sync. Nothing was overwritten.',
    );
  }, 15_000);
});
