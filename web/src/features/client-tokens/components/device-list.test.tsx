import type { Device } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
  client_device_identifier: 'rg35xx-0001',
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

async function renderList(devices: Device[], routes = {}) {
  let listed = devices;
  const fake = createFakeFetch({
    'GET /api/devices': () => ({ status: 200, json: listed }),
    ...routes,
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
  return { fake, relist: (next: Device[]) => (listed = next) };
}

describe('DeviceList', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearCookies();
  });

  // Opening and closing a dialog can take seconds on a loaded machine.
  it('lists devices with their client and when they were last seen, and renames one', async () => {
    const path = `/api/devices/${DEVICE.id}`;
    const { fake, relist } = await renderList([DEVICE], {
      [`PUT ${path}`]: { status: 200, json: { ...DEVICE, name: 'Living room' } },
    });
    expect((await screen.findByTestId('device-name')).textContent).toBe('RG35XX');
    const row = screen.getByTestId('device-row');
    expect(row.textContent).toContain('grout · 1.4.0 · muos');
    expect(screen.getByTestId('device-last-seen').textContent).toMatch(/^Last seen /);

    fireEvent.click(screen.getByTestId('device-rename'));
    const input = await screen.findByTestId('device-name-input');
    fireEvent.change(input, { target: { value: '  Living room ' } });
    relist([{ ...DEVICE, name: 'Living room' }]);
    fireEvent.click(screen.getByTestId('device-rename-save'));
    await waitFor(() => expect(screen.getByTestId('device-name').textContent).toBe('Living room'));
    const put = fake.calls.find((call) => call.method === 'PUT');
    expect([put?.url, put?.body]).toEqual([path, JSON.stringify({ name: 'Living room' })]);
  }, 15_000);

  it('removes a device only once confirmed', async () => {
    const path = `/api/devices/${DEVICE.id}`;
    const { fake, relist } = await renderList([DEVICE], { [`DELETE ${path}`]: { status: 204 } });
    await screen.findByTestId('device-row');
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByTestId('device-remove'));
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);
    relist([]);
    fireEvent.click(screen.getByTestId('device-remove'));
    expect(await screen.findByTestId('devices-empty')).toBeTruthy();
    expect(confirm).toHaveBeenLastCalledWith(
      'Remove the device “RG35XX”? Its saves stay; it registers again the next time it connects.',
    );
    expect(fake.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      path,
    ]);
  });
});
