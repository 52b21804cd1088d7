import type { DetailedRom, RomUser } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';

import { createTestI18n } from '@/test/i18n';

import { PersonalData } from './personal-data';

const ROM_USER: RomUser = {
  id: 1,
  user_id: 1,
  rom_id: 7,
  created_at: '2026-11-22T00:00:00Z',
  updated_at: '2026-11-22T00:00:00Z',
  last_played: null,
  is_main_sibling: false,
  backlogged: false,
  now_playing: false,
  hidden: false,
  rating: 0,
  difficulty: 0,
  completion: 0,
  status: null,
  is_favorite: false,
};

async function renderRating(language: string) {
  const i18n = await createTestI18n(language);
  // PersonalData reads only the ROM's id and the caller's data.
  const rom = { id: 7, rom_user: ROM_USER } as DetailedRom;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <PersonalData rom={rom} onChange={() => undefined} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const radios = screen.getByTestId('rom-rating').querySelectorAll('input[type="radio"]');
  // Each star's label points at its radio; the "no rating" radio sits inside its label.
  return Array.from(
    radios,
    (radio) =>
      (document.querySelector(`label[for="${radio.id}"]`) ?? radio.closest('label'))?.textContent ??
      '',
  );
}

describe('rating stars', () => {
  afterEach(cleanup);

  it('name each choice in the reader’s language', async () => {
    const german = await renderRating('de_DE');
    expect(german[0]).toBe('1 Stern');
    expect(german[1]).toBe('2 Sterne');
    expect(german[9]).toBe('10 Sterne');
    expect(german[10]).toBe('Keine Bewertung');
  });

  it('use English words in English', async () => {
    const english = await renderRating('en_US');
    expect([english[0], english[2], english[10]]).toEqual(['1 star', '3 stars', 'No rating']);
  });
});
