import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';

import { createTestI18n } from '@/test/i18n';

import { HashList } from './hash-list';

const MD5 = '517826e17a9f106236f100a7db13e0a5';

async function renderHashes(ra?: string | null) {
  const i18n = await createTestI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <HashList crc="de886e49" md5={MD5} sha1={null} ra={ra} />
    </I18nextProvider>,
  );
}

describe('HashList', () => {
  afterEach(cleanup);

  it('shows the RetroAchievements hash when there is one', async () => {
    await renderHashes('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    expect(screen.getByTestId('hash-crc32').textContent).toBe('de886e49');
    expect(screen.getByTestId('hash-md5').textContent).toBe(MD5);
    expect(screen.getByTestId('hash-ra').textContent).toBe('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
  });

  it('leaves the RetroAchievements row out when the console has no RA hash', async () => {
    await renderHashes(null);
    expect(screen.queryByTestId('hash-ra')).toBeNull();
    expect(screen.getByTestId('hash-sha-1').textContent).toBe('Not computed');
  });
});
