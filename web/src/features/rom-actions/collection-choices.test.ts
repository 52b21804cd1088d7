import type { Collection } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { collectionChoices, membershipChanges } from './collection-choices';

function collection(id: number, name: string, romIds: number[], extra: Partial<Collection> = {}) {
  return {
    id,
    name,
    rom_ids: romIds,
    rom_count: romIds.length,
    user_id: 1,
    is_public: false,
    is_favorite: false,
    ...extra,
  } as Collection;
}

const COLLECTIONS = [
  collection(3, 'kids', [10]),
  collection(4, 'Couch co-op', [10, 11]),
  collection(5, 'Favs of Ann', [10, 11], { user_id: 2, is_public: true }),
  collection(6, 'Favourites', [11], { is_favorite: true }),
];

describe('collection choices', () => {
  it("lists the caller's own collections, favourites first then by name, with what they hold", () => {
    const rows = collectionChoices(COLLECTIONS, 1, [10, 11], 'Favourites');
    expect(rows.map((row) => [row.id, row.name, row.holding, row.held])).toEqual([
      [6, 'Favourites', 'some', [11]],
      [4, 'Couch co-op', 'all', [10, 11]],
      [3, 'kids', 'some', [10]],
    ]);
  });

  it('offers the favourites collection before it exists, under the given name', () => {
    const rows = collectionChoices([collection(3, 'Kids', [])], 1, [10], 'Favoris');
    expect(rows.map((row) => [row.id, row.name, row.isFavorite, row.holding])).toEqual([
      [null, 'Favoris', true, 'none'],
      [3, 'Kids', false, 'none'],
    ]);
  });

  it('adds only the games a ticked collection lacks and removes those a cleared one holds', () => {
    const rows = collectionChoices(COLLECTIONS, 1, [10, 11, 12], 'Favourites');
    const ticks = new Map([
      ['6', true],
      ['4', false],
      ['3', false],
    ]);
    const changes = membershipChanges(rows, ticks, [10, 11, 12]);
    expect(changes.map((change) => [change.kind, change.choice.id, change.romIds])).toEqual([
      ['add', 6, [10, 12]],
      ['remove', 4, [10, 11]],
      ['remove', 3, [10]],
    ]);
  });

  it('changes nothing for rows left alone or ticked as they already were', () => {
    const rows = collectionChoices(COLLECTIONS, 1, [10, 11], 'Favourites');
    expect(membershipChanges(rows, new Map([['4', true]]), [10, 11])).toEqual([]);
    expect(membershipChanges(rows, new Map(), [10, 11])).toEqual([]);
  });
});
