import type { DetailedRom, UserNote } from '@romshelf/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { clearCookies, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { RomNotes } from './rom-notes';

function note(overrides: Partial<UserNote>): UserNote {
  return {
    id: 1,
    title: 'Note',
    content: '',
    is_public: false,
    tags: [],
    created_at: '2026-11-20T10:00:00+00:00',
    updated_at: '2026-11-20T10:00:00+00:00',
    user_id: 1,
    username: 'me',
    user_avatar_path: '',
    user_updated_at: '2026-11-01T00:00:00+00:00',
    ...overrides,
  };
}

const MINE = note({ id: 1, title: 'Passwords', content: 'World 4: **KX92**', is_public: false });
const THEIRS = note({
  id: 2,
  title: 'Shortcut',
  content: 'Go _left_ <img src=x onerror=alert(1)>',
  is_public: true,
  user_id: 2,
  username: 'mara',
  updated_at: '2026-11-21T10:00:00+00:00',
});

async function renderNotes(notes: UserNote[], onChange = vi.fn()) {
  const i18n = await createTestI18n('en_US');
  // RomNotes reads the ROM's id, the caller's id (rom_user.user_id) and the notes.
  const rom = { id: 7, rom_user: { user_id: 1 }, all_user_notes: notes } as DetailedRom;
  render(
    <I18nextProvider i18n={i18n}>
      <RomNotes rom={rom} onChange={onChange} />
    </I18nextProvider>,
  );
  return onChange;
}

describe('RomNotes', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearCookies();
  });

  it("shows the caller's notes with their visibility and others' public ones with the author", async () => {
    await renderNotes([THEIRS, MINE]);
    const mine = screen.getByTestId('rom-note-own');
    expect(within(mine).getByTestId('rom-note-visibility').textContent).toBe('Private');
    // The Markdown renderer loads with the first text shown.
    await waitFor(() =>
      expect(
        within(mine).getByTestId('rom-note-content').querySelector('strong')?.textContent,
      ).toBe('KX92'),
    );
    const theirs = screen.getByTestId('rom-note-public');
    expect(within(theirs).getByTestId('rom-note-byline').textContent).toMatch(
      /^mara · 11\/21\/2026/,
    );
    expect(within(theirs).getByTestId('rom-note-content').querySelector('em')?.textContent).toBe(
      'left',
    );
    expect(theirs.querySelector('img[onerror]')).toBeNull();
    expect(within(theirs).queryByTestId('rom-note-edit')).toBeNull();
    expect(screen.queryByTestId('rom-notes-empty')).toBeNull();
  });

  it('creates a public note through the API and hands the ROM back with it', async () => {
    const created = note({ id: 9, title: 'Boss', content: 'dodge', is_public: true });
    const fake = createFakeFetch({ 'POST /api/roms/7/notes': { status: 200, json: created } });
    vi.stubGlobal('fetch', fake.fetch);
    const onChange = await renderNotes([]);
    expect(screen.getByTestId('rom-notes-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('rom-note-add'));
    fireEvent.change(screen.getByTestId('rom-note-title'), { target: { value: '  Boss ' } });
    fireEvent.change(screen.getByTestId('rom-notes-input'), { target: { value: 'dodge' } });
    fireEvent.click(within(screen.getByTestId('rom-note-public-switch')).getByRole('switch'));
    fireEvent.click(screen.getByTestId('rom-notes-save'));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fake.calls[0]?.body ?? '{}')).toEqual({
      title: 'Boss',
      content: 'dodge',
      is_public: true,
    });
    expect(onChange.mock.calls[0]?.[0]).toMatchObject({
      all_user_notes: [created],
      has_notes: true,
    });
  });
});
