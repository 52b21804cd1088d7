import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { NETWORK_QUIESCED_EVENT } from '@/lib/network-tracker';
import { settledUiSettings, useUiSettingsStore } from '@/shared/stores/ui-settings-store';
import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { VersionPreferenceSection } from './version-preference-section';

async function renderSection(stored: Record<string, unknown>) {
  const fake = createFakeFetch({ 'PUT /api/users/5': { status: 200, json: {} } });
  vi.stubGlobal('fetch', fake.fetch);
  useUiSettingsStore.getState().apply({ id: 5, ui_settings: stored });
  const i18n = await createTestI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <VersionPreferenceSection />
    </I18nextProvider>,
  );
  return fake.calls;
}

const order = (id: string) =>
  within(screen.getByTestId(`priority-${id}`))
    .getAllByTestId('priority-source')
    .map((item) => item.textContent);

describe('one game, one ROM settings', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useUiSettingsStore.getState().apply(null);
  });

  it('lists the region and language priorities by name and saves a reordered list', async () => {
    const calls = await renderSection({ versionRegions: ['USA', 'Japan'] });
    expect(order('version-regions')).toEqual(['1. United States', '2. Japan']);
    expect(order('version-languages')).toEqual(['1. English', '2. Japanese']);
    const quiesced = new Promise((resolve) =>
      window.addEventListener(NETWORK_QUIESCED_EVENT, resolve, { once: true }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Japan up' }));
    await settledUiSettings();
    await quiesced;
    expect(useUiSettingsStore.getState().settings.versionRegions).toEqual(['Japan', 'USA']);
    const body = JSON.parse(calls[0]?.body ?? '{}') as { ui_settings: Record<string, unknown> };
    expect(body.ui_settings.versionRegions).toEqual(['Japan', 'USA']);
    expect(order('version-regions')).toEqual(['1. Japan', '2. United States']);
  });

  it('turns preferred versions and pre-releases on', async () => {
    await renderSection({});
    expect(screen.getByTestId<HTMLInputElement>('ui-setting-preferredVersionOnly').checked).toBe(
      false,
    );
    fireEvent.click(screen.getByTestId('ui-setting-preferredVersionOnly'));
    fireEvent.click(screen.getByTestId('ui-setting-versionPrereleases'));
    await settledUiSettings();
    expect(useUiSettingsStore.getState().settings.preferredVersionOnly).toBe(true);
    expect(useUiSettingsStore.getState().settings.versionPrereleases).toBe(true);
  });
});
