import type { Save } from '@romshelf/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';

import { createTestI18n } from '@/test/i18n';

import { StartOptions } from './start-options';

function save(id: number, fileName: string, slot: string | null): Save {
  return {
    id,
    rom_id: 1,
    user_id: 1,
    file_name: fileName,
    file_name_no_tags: 'Game',
    file_name_no_ext: fileName.replace(/\.srm$/, ''),
    file_extension: 'srm',
    file_path: 'users/1/saves/nes/1',
    file_size_bytes: 2048,
    full_path: `users/1/saves/nes/1/${fileName}`,
    download_path: `/api/saves/${id}/content`,
    missing_from_fs: false,
    created_at: '2026-11-26T10:00:00.000+00:00',
    updated_at: '2026-11-26T10:00:00.000+00:00',
    is_public: false,
    emulator: 'fceumm',
    screenshot: null,
    slot,
    content_hash: null,
    origin_device_id: null,
    device_syncs: [],
  };
}

describe('StartOptions', () => {
  afterEach(cleanup);

  it('names the slot of a slotted save, and nothing for a save without one', async () => {
    const i18n = await createTestI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <StartOptions
          states={[]}
          saves={[save(1, 'Game [2026-11-26_10-00-00].srm', 'autosave'), save(2, 'Game.srm', null)]}
          value={{ type: 'fresh' }}
          onChange={() => undefined}
        />
      </I18nextProvider>,
    );
    const items = screen.getAllByTestId('save-item').map((item) => item.textContent);
    expect(items[0]).toContain('2.00 KB · fceumm · Slot autosave');
    expect(items[1]).toMatch(/fceumm$/);
    expect(items[1]).not.toContain('Slot');
  });
});
