import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';

import { createTestI18n } from '@/test/i18n';
import { ShortcutsSheet } from './shortcuts-sheet';

async function renderSheet(canScan: boolean, locale = 'en_US'): Promise<HTMLElement> {
  const i18n = await createTestI18n(locale);
  render(
    <I18nextProvider i18n={i18n}>
      <ShortcutsSheet open canScan={canScan} onClose={() => undefined} />
    </I18nextProvider>,
  );
  return screen.findByTestId('shortcuts-sheet');
}

describe('ShortcutsSheet', () => {
  afterEach(cleanup);

  it('lists every shortcut with its keys, scan for those who may scan', async () => {
    const sheet = await renderSheet(true);
    expect(within(sheet).getByRole('heading', { name: 'Keyboard shortcuts' })).toBeTruthy();
    expect(within(sheet).getByTestId('shortcut-goHome').textContent).toBe('gthenhGo home');
    expect(within(sheet).getByTestId('shortcut-goScan').textContent).toBe('gthensGo to scan');
    expect(within(sheet).getByTestId('shortcut-arrows').textContent).toBe('←↑↓→Move between games');
    expect(within(sheet).getByTestId('shortcut-pad-page').textContent).toBe(
      'L1orR1Scroll up or down a page',
    );
  });

  it('leaves scan out for a viewer, and speaks the UI language', async () => {
    const sheet = await renderSheet(false, 'de_DE');
    expect(within(sheet).queryByTestId('shortcut-goScan')).toBeNull();
    expect(within(sheet).getByRole('heading', { name: 'Tastenkürzel' })).toBeTruthy();
    expect(within(sheet).getByTestId('shortcut-openPlatforms').textContent).toBe(
      'gdannpPlattformen öffnen',
    );
  });
});
