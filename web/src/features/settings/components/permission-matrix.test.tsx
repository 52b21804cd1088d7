import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createTestI18n } from '@/test/i18n';

import { PermissionMatrix } from './permission-matrix';

describe('PermissionMatrix', () => {
  afterEach(cleanup);

  it('names every box by what and how, and toggles the clicked one', async () => {
    const i18n = await createTestI18n();
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <PermissionMatrix value={new Set(['roms:read'])} onChange={onChange} />
      </I18nextProvider>,
    );
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(33);
    const read = screen.getByRole('checkbox', { name: 'Games: Read' });
    expect((read as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Platforms: Write' }));
    expect(onChange).toHaveBeenCalledWith(new Set(['roms:read', 'platforms:write']));
    fireEvent.click(read);
    expect(onChange).toHaveBeenLastCalledWith(new Set());
    expect(screen.getByText('Play games in the browser')).toBeTruthy();
  });
});
