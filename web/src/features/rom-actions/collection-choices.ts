import type { Collection } from '@romshelf/contract';

/** How many of the chosen games a collection already holds. */
export type Holding = 'all' | 'some' | 'none';

/** One row of the "Add to collection" dialog: one of the caller's manual collections. */
export interface CollectionChoice {
  /** null: the favourites collection, not made yet (the server makes it on first use). */
  id: number | null;
  /** The favourites collection shows under the reader's word for it. */
  name: string;
  isFavorite: boolean;
  isPublic: boolean;
  romCount: number;
  holding: Holding;
  /** The chosen games it holds (to remove exactly those). */
  held: number[];
}

/**
 * The caller's manual collections as rows, favourites first (always present, made on first use),
 * then by name; other users' public collections are not the caller's to change.
 */
export function collectionChoices(
  collections: readonly Collection[],
  userId: number,
  romIds: readonly number[],
  favouritesName: string,
): CollectionChoice[] {
  const own = collections.filter((collection) => collection.user_id === userId);
  const rows = own.map((collection): CollectionChoice => {
    const members = new Set(collection.rom_ids);
    const held = romIds.filter((id) => members.has(id));
    return {
      id: collection.id,
      name: collection.is_favorite ? favouritesName : collection.name,
      isFavorite: collection.is_favorite,
      isPublic: collection.is_public,
      romCount: collection.rom_count,
      holding: held.length === 0 ? 'none' : held.length === romIds.length ? 'all' : 'some',
      held,
    };
  });
  rows.sort(
    (a, b) =>
      Number(b.isFavorite) - Number(a.isFavorite) ||
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
  if (!rows.some((row) => row.isFavorite)) {
    rows.unshift({
      id: null,
      name: favouritesName,
      isFavorite: true,
      isPublic: false,
      romCount: 0,
      holding: 'none',
      held: [],
    });
  }
  return rows;
}

/** A row's key: its id, or `favourites` for the one not made yet. */
export const choiceKey = (choice: Pick<CollectionChoice, 'id'>): string =>
  choice.id === null ? 'favourites' : String(choice.id);

/** What saving does to one collection: add the games it lacks or remove those it holds. */
export type MembershipChange =
  | { kind: 'add'; choice: CollectionChoice; romIds: number[] }
  | { kind: 'remove'; choice: CollectionChoice; romIds: number[] };

/**
 * The changes the ticks ask for: a row ticked adds the games it lacks, a row cleared removes
 * those it holds; a row left as it was (including one holding only some) changes nothing.
 */
export function membershipChanges(
  choices: readonly CollectionChoice[],
  ticked: ReadonlyMap<string, boolean>,
  romIds: readonly number[],
): MembershipChange[] {
  const changes: MembershipChange[] = [];
  for (const choice of choices) {
    const wanted = ticked.get(choiceKey(choice));
    if (wanted === true && choice.holding !== 'all') {
      const held = new Set(choice.held);
      changes.push({ kind: 'add', choice, romIds: romIds.filter((id) => !held.has(id)) });
    } else if (wanted === false && choice.holding !== 'none') {
      changes.push({ kind: 'remove', choice, romIds: choice.held });
    }
  }
  return changes;
}
