import type { Collection, User } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { ADMIN_USER, createFakeFetch } from '@/test/fake-fetch';
import type { FakeAnswer, RecordedCall } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { AddToCollectionDialog } from './add-to-collection-dialog';

function collection(id: number, name: string, romIds: number[]): Collection {
  return {
    id,
    name,
    description: '',
    rom_ids: romIds,
    rom_count: romIds.length,
    user_id: ADMIN_USER.id,
    owner_username: ADMIN_USER.username,
    is_public: false,
    is_favorite: false,
    is_virtual: false,
    is_smart: false,
  } as Collection;
}

let calls: RecordedCall[] = [];

async function renderDialog(
  romIds: number[],
  collections: Collection[],
  routes: Record<string, FakeAnswer> = {},
) {
  useAuthStore.getState().setUser(ADMIN_USER as User);
  const fake = createFakeFetch({
    'GET /api/collections': { status: 200, json: collections },
    ...routes,
  });
  calls = fake.calls;
  vi.stubGlobal('fetch', fake.fetch);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <AddToCollectionDialog
          romIds={romIds}
          gameName="Comet Rally"
          open
          onClose={onClose}
          onSaved={onSaved}
        />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  await screen.findAllByTestId('collection-choice');
  return { onClose, onSaved };
}

const row = (key: string) =>
  screen
    .getAllByTestId('collection-choice')
    .find((element) => element.getAttribute('data-collection') === key) as HTMLElement;
const box = (key: string) => within(row(key)).getByRole<HTMLInputElement>('checkbox');
const writes = () =>
  calls
    .filter((call) => call.method !== 'GET')
    .map((call) => `${call.method} ${call.url} ${call.body ?? ''}`);

describe('the add to collection dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useAuthStore.getState().reset();
  });

  it("ticks the caller's collections holding the game, favourites first, and leaves others' out", async () => {
    await renderDialog(
      [7],
      [
        collection(3, 'Kids', []),
        collection(4, 'Couch co-op', [7, 8]),
        { ...collection(5, "Ann's", [7]), user_id: 99, is_public: true },
        { ...collection(6, 'Favourites', [7]), is_favorite: true },
      ],
    );
    expect(screen.getByText('Comet Rally')).toBeTruthy();
    const rows = screen.getAllByTestId('collection-choice');
    expect(rows.map((element) => element.getAttribute('data-collection'))).toEqual(['6', '4', '3']);
    expect([box('6').checked, box('4').checked, box('3').checked]).toEqual([true, true, false]);
    expect(
      screen.getAllByTestId('collection-choice-state').map((element) => element.textContent),
    ).toEqual(['Games: 1 · holds this game', 'Games: 2 · holds this game', 'Games: 0']);
    expect(screen.getByTestId<HTMLButtonElement>('collection-save').disabled).toBe(true);
  });

  it('adds to the ticked collections and removes from the cleared ones, then closes', async () => {
    const { onClose, onSaved } = await renderDialog(
      [7],
      [collection(3, 'Kids', []), collection(4, 'Couch co-op', [7])],
      {
        'POST /api/collections/3/roms': { status: 200, json: collection(3, 'Kids', [7]) },
        'DELETE /api/collections/4/roms': { status: 200, json: collection(4, 'Couch co-op', []) },
      },
    );
    fireEvent.click(row('3'));
    fireEvent.click(row('4'));
    expect([box('3').checked, box('4').checked]).toEqual([true, false]);
    fireEvent.click(screen.getByTestId('collection-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // In list order: "Couch co-op" before "Kids".
    expect(writes()).toEqual([
      'DELETE /api/collections/4/roms {"rom_ids":[7]}',
      'POST /api/collections/3/roms {"rom_ids":[7]}',
    ]);
    expect(onSaved).toHaveBeenCalledWith('Collections updated');
  });

  it('half-ticks a collection holding some of the selection and adds only the missing games', async () => {
    await renderDialog([7, 8, 9], [collection(4, 'Couch co-op', [8])], {
      'POST /api/collections/4/roms': {
        status: 200,
        json: collection(4, 'Couch co-op', [7, 8, 9]),
      },
    });
    expect(screen.getByText('Games chosen: 3')).toBeTruthy();
    expect(box('4').getAttribute('data-indeterminate')).toBe('true');
    expect(within(row('4')).getByTestId('collection-choice-state').textContent).toBe(
      'Games: 1 · holds 1 of them',
    );
    fireEvent.click(row('4'));
    fireEvent.click(screen.getByTestId('collection-save'));
    await waitFor(() =>
      expect(writes()).toEqual(['POST /api/collections/4/roms {"rom_ids":[7,9]}']),
    );
  });

  it('makes a favourite through the favourite flag while no favourites collection exists', async () => {
    const { onClose } = await renderDialog([7, 8], [], {
      'PUT /api/roms/7/props': { status: 200, json: {} },
      'PUT /api/roms/8/props': { status: 200, json: {} },
    });
    expect(within(row('favourites')).getByText('Favourites')).toBeTruthy();
    fireEvent.click(row('favourites'));
    fireEvent.click(screen.getByTestId('collection-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([
      'PUT /api/roms/7/props {"data":{"is_favorite":true}}',
      'PUT /api/roms/8/props {"data":{"is_favorite":true}}',
    ]);
  });

  it('creates a collection in place, ticked, and adds the game to it on save', async () => {
    const created = collection(9, 'Best of SNES', []);
    await renderDialog([7], [collection(3, 'Kids', [])], {
      'POST /api/collections': { status: 201, json: created },
      'POST /api/collections/9/roms': { status: 200, json: collection(9, 'Best of SNES', [7]) },
    });
    // The list the server answers once the collection exists.
    const fake = createFakeFetch({
      'GET /api/collections': { status: 200, json: [collection(3, 'Kids', []), created] },
      'POST /api/collections': { status: 201, json: created },
      'POST /api/collections/9/roms': { status: 200, json: collection(9, 'Best of SNES', [7]) },
    });
    calls = fake.calls;
    vi.stubGlobal('fetch', fake.fetch);
    fireEvent.change(screen.getByTestId('collection-new-name'), {
      target: { value: '  Best of SNES ' },
    });
    fireEvent.click(screen.getByTestId('collection-new-create'));
    await waitFor(() => expect(box('9').checked).toBe(true));
    const create = calls.find((call) => call.method === 'POST');
    expect(create?.url).toBe('/api/collections?is_public=false');
    expect(create?.form?.get('name')).toBe('Best of SNES');
    expect(screen.getByTestId<HTMLInputElement>('collection-new-name').value).toBe('');
    fireEvent.click(screen.getByTestId('collection-save'));
    await waitFor(() => expect(writes()).toContain('POST /api/collections/9/roms {"rom_ids":[7]}'));
  });

  it("shows the server's answer when a name is taken, and each failed collection on save", async () => {
    await renderDialog([7], [collection(3, 'Kids', []), collection(4, 'Couch co-op', [])], {
      'POST /api/collections': {
        status: 409,
        json: { detail: 'You already have a collection named Kids' },
      },
      'POST /api/collections/3/roms': { status: 404, json: { detail: 'Collection not found' } },
      'POST /api/collections/4/roms': { status: 200, json: collection(4, 'Couch co-op', [7]) },
    });
    fireEvent.change(screen.getByTestId('collection-new-name'), { target: { value: 'Kids' } });
    fireEvent.click(screen.getByTestId('collection-new-create'));
    expect((await screen.findByTestId('collection-new-error')).textContent).toBe(
      'You already have a collection named Kids',
    );
    fireEvent.click(row('3'));
    fireEvent.click(row('4'));
    fireEvent.click(screen.getByTestId('collection-save'));
    expect((await screen.findByTestId('collection-save-error')).textContent).toBe(
      'Kids: Collection not found',
    );
    expect(screen.getByTestId('add-to-collection-dialog')).toBeTruthy();
  });
});
