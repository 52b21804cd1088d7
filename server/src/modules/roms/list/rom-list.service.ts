import type {
  RomBulkDownloadQuery,
  RomFilterCounts,
  RomFilterQuery,
  RomFilters,
  RomListQuery,
  SimpleRom,
  SiblingRom,
} from '@romshelf/contract';
import { RomFilterQuerySchema } from '@romshelf/contract';

import { LRUCache } from 'lru-cache';

import type { DataKind, DataVersions } from '../../../db/data-versions.js';
import { HttpError } from '../../../http/http-error.js';
import { withheldFromCaller, withholds } from '../../hidden-items/visibility.js';
import type { KeepableAnswer } from '../../../http/kept-answers.js';
import type { SavedFilterSource } from './rom-collection-scopes.js';
import { virtualCollectionFacet } from './rom-collection-scopes.js';
import type { RomCollections } from '../rom-collections.js';
import { planFilter } from './rom-filter-plan.js';
import type { RomFilter, RomScope } from './rom-list-filters.js';
import { charIndexOf, sortColumnOf } from './rom-list-query.js';
import { randomMember } from './rom-random.js';
import type {
  Grouped,
  RomListRepository,
  RomPageQuery,
  RomSortColumn,
} from './rom-list.repository.js';
import type { KeptOrder } from './rom-order-cache.js';
import { KEPT_ORDER_FROM_OFFSET, RomOrderCache } from './rom-order-cache.js';
import type { RomNotesRepository } from '../notes/rom-notes.repository.js';
import type { RomPlayability } from './rom-playability.js';
import { KeptPerVersion } from './kept-per-version.js';
import type { ListedRomJson } from './rom-list-json.js';
import type { RomListJsonStore } from './rom-list-json-store.js';
import type { PersonalFactsOf } from './listed-rom-personal.js';
import { personalFactsOf } from './listed-rom-personal.js';
import { personalRomJsonText, romListPageJson } from './rom-list-json.js';
import { coverUrl, toPersonalRomFields, toSharedRomFields } from '../roms.mapper.js';
import { versionRanking } from '../roms.service.js';
import type { RomVersionsSource } from '../roms.service.js';
import { listGrouping } from '../versions/rom-version-groups.js';
import type { RomsRepository } from '../roms.repository.js';

/** The `filter_values` keys, in RomM's order. */
const FILTER_KEYS = [
  'genres',
  'franchises',
  'collections',
  'companies',
  'game_modes',
  'age_ratings',
  'player_counts',
  'regions',
  'languages',
  'tags',
] as const;

type FacetSidecars = { values: RomFilters; counts: RomFilterCounts };

function emptySidecars(): FacetSidecars {
  const values = { platforms: [] } as unknown as RomFilters;
  const counts = { platforms: {} } as unknown as RomFilterCounts;
  for (const key of FILTER_KEYS) {
    values[key] = [];
    counts[key] = {};
  }
  return { values, counts };
}

/** The filter (or the smart collection's saved one inside it) looks at saves or states. */
function readsPlayAssets(filter: RomFilter): boolean {
  const { hasSaves, hasStates } = filter.flags;
  if (hasSaves !== undefined || hasStates !== undefined) return true;
  return filter.savedFilter !== undefined && filter.savedFilter !== null
    ? readsPlayAssets(filter.savedFilter)
    : false;
}

/** What every list shows besides users' own ROM data (added per user it reads: listVersion). */
const LIST_DATA: readonly DataKind[] = ['romRows', 'platforms', 'notes', 'collections'];
/**
 * What listed ROMs' shared fields and the library's filter values are made of: a note, a
 * favourite, a rating, a game played or a collection's change leaves them kept.
 */
const ROM_DATA: readonly DataKind[] = ['romRows', 'platforms'];
/** A collection's filter values: its members' ROM data and the membership. */
const COLLECTION_DATA: readonly DataKind[] = ['romRows', 'platforms', 'collections'];
/** Whether a caller marked any ROM hidden: their ROM data, and the ROMs it belongs to. */
const HIDDEN_DATA: readonly DataKind[] = ['romRows', 'userData'];
/** Whether a caller has any ROM data, visible note or favourite (their own ROM data). */
const PRESENCE_DATA: readonly DataKind[] = ['notes', 'collections'];
/** A game's versions for a caller: the ROMs and the caller's choice of main version. */
const SIBLING_DATA: readonly DataKind[] = ['romRows', 'userData'];

/** The caller's hidden platforms and ROMs as a part of a scope, when anything is hidden. */
function callerScope(): Pick<RomScope, 'withheld'> {
  const withheld = withheldFromCaller();
  return withholds(withheld) ? { withheld } : {};
}

/** The users whose ROM data a filter reads: the caller, and a smart collection's owner. */
function usersOf(filter: RomFilter): Set<number> {
  const users = new Set([filter.userId]);
  if (filter.savedFilter !== undefined && filter.savedFilter !== null) {
    for (const userId of usersOf(filter.savedFilter)) users.add(userId);
  }
  return users;
}

interface CachedAggregate {
  version: number;
  value: unknown;
}

/**
 * The gallery's lists: filtered, sorted pages with their sidecars (total, A–Z index, id
 * index, filter values), the library's filter values and a random ROM of a filtered scope.
 */
export class RomListService {
  /** Unsearched aggregates (char counts, filter values), each with the data version it shows. */
  private readonly cache = new LRUCache<string, CachedAggregate>({ max: 256 });
  private readonly orders = new RomOrderCache();
  /** The versions of recently listed games, per caller (`userId:romId`). */
  private readonly siblings = new KeptPerVersion<string, SiblingRom[]>(5000);

  constructor(
    private readonly roms: Pick<RomsRepository, 'findByIds' | 'filesOf' | 'romUsersOf'>,
    private readonly lists: RomListRepository,
    /** Each listed ROM's shared JSON, kept in the database. */
    private readonly listJson: Pick<RomListJsonStore, 'jsonOf'>,
    /** The data versions the kept pages, orders and aggregates follow. */
    private readonly dataVersions: Pick<DataVersions, 'of'>,
    private readonly notes: Pick<RomNotesRepository, 'romIdsWithVisibleNotes'>,
    private readonly playability: RomPlayability,
    private readonly versions: RomVersionsSource,
    private readonly collections: Pick<RomCollections, 'favouriteIdsOf' | 'assertReadable'>,
    private readonly savedFilters: SavedFilterSource,
  ) {}

  /**
   * The version of a list of `filter`: everything lists show, and the ROM data of each user
   * the filter reads (a rating leaves everyone else's lists kept).
   */
  private listVersion(filter: RomFilter): number {
    let version = this.dataVersions.of(LIST_DATA);
    for (const userId of usersOf(filter)) version += this.dataVersions.of(['userData'], userId);
    return version;
  }

  /** The value kept under `key` at `version`, else computed (and kept under that version). */
  private async cached<T>(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit !== undefined && hit.version === version) return hit.value as T;
    // The version was read before computing: a write meanwhile makes the next read recompute.
    const value = await compute();
    this.cache.set(key, { version, value });
    return value;
  }

  /**
   * Plans a query's filter for a caller, with its collection scopes. A value the library does
   * not have matches nothing.
   */
  private async filterOf(
    query: RomFilterQuery,
    userId: number,
    orderBy: RomSortColumn | null,
  ): Promise<RomFilter> {
    if (query.collection_id !== undefined) {
      await this.collections.assertReadable(userId, query.collection_id);
    }
    const playable =
      query.playable === undefined
        ? []
        : (await this.lists.platformSlugs())
            .filter((platform) => this.playability.isPlayablePlatform(platform))
            .map((platform) => platform.id);
    const planned = planFilter(query, {
      userId,
      sortsByLastPlayed: orderBy === 'last_played',
      // A deleted ROM takes its rom_user rows along: ROM rows are part of the version too.
      hasHidden: await this.cached(
        `hidden:${String(userId)}`,
        this.dataVersions.of(HIDDEN_DATA, userId),
        () => this.lists.hasHidden(userId),
      ),
      playablePlatformIds: playable,
    });
    const virtualId = query.virtual_collection_id;
    const smartId = query.smart_collection_id;
    return {
      ...planned,
      ...callerScope(),
      facetValue: virtualId === undefined ? null : virtualCollectionFacet(virtualId),
      savedFilter: smartId === undefined ? null : await this.savedFilterOf(smartId, userId),
    };
  }

  private async savedFilterOf(smartId: number, userId: number): Promise<RomFilter> {
    const { ownerId, criteria } = await this.savedFilters.savedFilterOf(smartId, userId);
    return this.filterOf(criteria, ownerId, null);
  }

  /**
   * A download of a virtual or smart collection as the explicit ROM ids it holds for the
   * caller (404 when it holds none); other downloads are returned as they are.
   */
  async downloadScope(query: RomBulkDownloadQuery, userId: number): Promise<RomBulkDownloadQuery> {
    const { virtual_collection_id: virtualId, smart_collection_id: smartId } = query;
    if (virtualId === undefined && smartId === undefined) return query;
    const scope = RomFilterQuerySchema.parse({
      virtual_collection_id: virtualId,
      smart_collection_id: smartId,
    });
    const ids = await this.scopeIds(scope, userId);
    if (ids.length === 0) throw new HttpError(404, 'This collection holds no ROMs');
    return { rom_ids: ids.join(','), filename: query.filename };
  }

  /** Ids of a filtered scope, in name order (a collection's download). */
  async scopeIds(query: RomFilterQuery, userId: number): Promise<number[]> {
    const filter = await this.filterOf(query, userId, null);
    return this.lists.orderedIds({ ...filter, orderBy: 'name_sort_key', direction: 'asc' });
  }

  /**
   * A saved filter's members for its owner (a smart collection): ids in name order and the
   * covers of the first `coverCount` members that have one.
   */
  async savedFilterMembers(
    criteria: RomFilterQuery,
    ownerId: number,
    coverCount: number,
  ): Promise<{ ids: number[]; coversSmall: string[]; coversLarge: string[] }> {
    const filter = await this.filterOf(criteria, ownerId, null);
    const compute = async () => {
      const ids = await this.lists.orderedIds({
        ...filter,
        orderBy: 'name_sort_key',
        direction: 'asc',
      });
      const covered = ids.length === 0 ? [] : await this.lists.firstCovered(filter, coverCount);
      return {
        ids,
        coversSmall: covered.map((row) => coverUrl(row, 'small')),
        coversLarge: covered.map((row) => coverUrl(row, 'big')),
      };
    };
    // Read on every visit of the collection and on every list of collections: kept per data
    // version like the lists, except for filters on saves or states (written without one).
    if (readsPlayAssets(filter)) return compute();
    const key = `members:${String(coverCount)}:${JSON.stringify(filter)}`;
    return this.cached(key, this.listVersion(filter), compute);
  }

  /**
   * A page of ROMs for a caller: the UTF-8 JSON of a `RomListPage`, and the key it stays valid
   * under (the data version, the caller, the query and its resolved filter, which holds a smart
   * collection's saved criteria). Filters on saves or states, written without a data version,
   * give no key. Access to the scope (a collection, filter values) is decided here, first.
   */
  async listPage(query: RomListQuery, userId: number): Promise<KeepableAnswer> {
    const orderBy = sortColumnOf(query.order_by);
    const grouping = listGrouping(query, versionRanking(this.versions, userId));
    if (grouping !== null) await this.versions.groups.keepRanking(grouping.regionPriority);
    const filter = { ...(await this.filterOf(query, userId, orderBy)), grouping };
    const version = this.listVersion(filter);
    return {
      keepKey: readsPlayAssets(filter)
        ? null
        : `${String(version)}:${String(userId)}:${JSON.stringify(query)}:${JSON.stringify(filter)}`,
      json: () => this.pageJson(query, userId, orderBy, filter),
    };
  }

  private async pageJson(
    query: RomListQuery,
    userId: number,
    orderBy: RomSortColumn,
    filter: RomFilter & Grouped,
  ): Promise<Buffer> {
    const pageQuery: RomPageQuery = {
      ...filter,
      orderBy,
      direction: query.order_dir,
      limit: query.limit,
      offset: query.offset,
    };
    const charColumn = orderBy === 'fs_name' ? 'fs_name' : 'sort_char';
    let ids: number[];
    let total: number | null = null;
    let charIndex: Record<string, number> = {};
    const kept = await this.keptOrder(filter, pageQuery, charColumn);
    if (kept !== null) {
      ids = kept.ids.slice(query.offset, query.offset + query.limit);
      if (query.with_total) total = kept.ids.length;
      if (query.with_char_index) charIndex = charIndexOf(kept.chars, query.order_dir);
    } else if (filter.search === null) {
      ids = await this.lists.pageIds(pageQuery);
      // Saves and states are written elsewhere, without a ROM data version: not kept.
      const keep = <T>(key: string, compute: () => Promise<T>) =>
        readsPlayAssets(filter)
          ? compute()
          : this.cached(`${key}:${JSON.stringify(filter)}`, this.listVersion(filter), compute);
      // Counting the whole library's rows took milliseconds on every page.
      if (query.with_total) total = await keep('total', () => this.lists.count(filter));
      if (query.with_char_index) {
        const counts = await keep(`chars:${charColumn}`, () =>
          this.lists.charCounts(filter, charColumn),
        );
        charIndex = charIndexOf(counts, query.order_dir);
      }
    } else {
      const searched = await this.lists.searchPage(pageQuery, charColumn);
      ids = searched.ids;
      if (query.with_total) total = searched.total;
      if (query.with_char_index) charIndex = charIndexOf(searched.chars, query.order_dir);
    }
    const sidecars = query.with_filter_values ? await this.sidecars(filter) : emptySidecars();
    const items = await this.listedRomsJson(ids, userId, query.with_files, query.group_by_meta_id);
    return romListPageJson(
      {
        total,
        limit: query.limit,
        offset: query.offset,
        char_index: charIndex,
        rom_id_index: query.with_rom_id_index
          ? kept === null
            ? await this.lists.orderedIds(pageQuery)
            : [...kept.ids]
          : [],
        filter_values: sidecars.values,
        filter_value_counts: sidecars.counts,
      },
      items,
    );
  }

  /**
   * The matching ROMs in list order with their A–Z counts, kept per data version
   * (rom-order-cache.ts), for lists whose matches must be sorted (searches, filters beyond the
   * platforms, collections, one card per game) and for deep pages of any list. Null for the
   * first pages of the whole library or of platforms, read straight from the sort index, and for
   * filters on saves or states (written without a data version). A smart collection's saved
   * filter is part of the key, so editing it starts a new order.
   */
  private async keptOrder(
    filter: RomFilter & Grouped,
    pageQuery: RomPageQuery,
    charColumn: 'sort_char' | 'fs_name',
  ): Promise<KeptOrder | null> {
    if (readsPlayAssets(filter)) return null;
    const grouped = filter.grouping !== undefined && filter.grouping !== null;
    const { orderBy, direction, offset } = pageQuery;
    if (!grouped && offset < KEPT_ORDER_FROM_OFFSET && !this.lists.narrows(filter)) return null;
    return this.orders.get(
      `${orderBy}:${direction}:${charColumn}:${JSON.stringify(filter)}`,
      this.listVersion(filter),
      () => this.lists.orderedWithChars(pageQuery, charColumn),
    );
  }

  /** A platform's ROMs the caller may see, with files, by name in batches of 500 (feeds). */
  async *platformRoms(platformId: number, userId: number): AsyncGenerator<SimpleRom[]> {
    const batchSize = 500;
    const scope = RomFilterQuerySchema.parse({ platform_ids: [platformId] });
    const ids = await this.scopeIds(scope, userId);
    for (let start = 0; start < ids.length; start += batchSize) {
      const batch = ids.slice(start, start + batchSize);
      const rows = new Map((await this.roms.findByIds(batch)).map((row) => [row.id, row]));
      const personal = await this.personalFacts(batch, userId, true, false);
      yield batch.flatMap((id) => {
        const row = rows.get(id);
        if (row === undefined) return [];
        const { files, facts } = personal(id);
        return [
          Object.assign(toSharedRomFields(row), toPersonalRomFields(row, userId, files, facts)),
        ];
      });
    }
  }

  /** One ROM of the filtered scope, uniformly at random, or null when none matches (RomM). */
  async random(query: RomFilterQuery, userId: number): Promise<SimpleRom | null> {
    const filter = await this.filterOf(query, userId, null);
    const id = await randomMember(this.lists, filter);
    if (id === undefined) return null;
    return (await this.simpleRom(id, userId)) ?? null;
  }

  /** The values the whole library can be filtered on (`GET /api/roms/filters`). */
  async libraryFilterValues(): Promise<RomFilters> {
    return (await this.sidecars({ platformIds: [], search: null, ...callerScope() })).values;
  }

  /**
   * `filter_values` and their counts over the platform and search scope only (as RomM: the
   * other filters do not narrow them), cached per data version.
   */
  private sidecars(scope: RomScope): Promise<FacetSidecars> {
    const compute = async (): Promise<FacetSidecars> => {
      const result = emptySidecars();
      for (const row of await this.lists.facetCounts(scope)) {
        const key = row.kind as (typeof FILTER_KEYS)[number];
        if (!FILTER_KEYS.includes(key)) continue;
        result.values[key].push(row.value);
        result.counts[key][row.value] = row.count;
      }
      for (const row of await this.lists.platformCounts(scope)) {
        result.values.platforms.push(row.platformId);
        result.counts.platforms[String(row.platformId)] = row.count;
      }
      return result;
    };
    // A searched scope too: paging through a search asks for the same values on every page.
    const search = scope.search === null ? '' : JSON.stringify(scope.search);
    const hidden = JSON.stringify(scope.withheld ?? null);
    const key = `filters:${scope.platformIds.join(',')}:${String(scope.collectionId ?? '')}:${search}:${hidden}`;
    const inCollection = scope.collectionId !== undefined && scope.collectionId !== null;
    return this.cached(
      key,
      this.dataVersions.of(inCollection ? COLLECTION_DATA : ROM_DATA),
      compute,
    );
  }

  /** One ROM as lists show it (`random`), read afresh; undefined when it is gone. */
  private async simpleRom(id: number, userId: number): Promise<SimpleRom | undefined> {
    const [row] = await this.roms.findByIds([id]);
    if (row === undefined) return undefined;
    const { files, facts } = (await this.personalFacts([id], userId, false, false))(id);
    return Object.assign(toSharedRomFields(row), toPersonalRomFields(row, userId, files, facts));
  }

  /** Listed ROMs as JSON, in the order of `ids`: the shared fields kept, the caller's added. */
  private async listedRomsJson(
    ids: number[],
    userId: number,
    withFiles: boolean,
    grouped: boolean,
  ): Promise<ListedRomJson[]> {
    // Read side by side: on PostgreSQL each read is a round trip, on a connection of its own.
    const [shared, personal] = await Promise.all([
      this.listJson.jsonOf(ids),
      this.personalFacts(ids, userId, withFiles, grouped),
    ]);
    const items: ListedRomJson[] = [];
    for (const id of ids) {
      const stored = shared.get(id);
      if (stored === undefined) continue;
      const { files, facts } = personal(id);
      const { created_at, updated_at } = stored;
      const rom = { id, created_at, updated_at };
      items.push({ shared: stored.json, personal: personalRomJsonText(rom, userId, files, facts) });
    }
    return items;
  }

  /** The caller's facts about listed ROMs and their files, each kind read once for all. */
  private async personalFacts(
    ids: number[],
    userId: number,
    withFiles: boolean,
    grouped: boolean,
  ): Promise<PersonalFactsOf> {
    const presence = await this.cached(
      `presence:${String(userId)}`,
      this.dataVersions.of(PRESENCE_DATA) + this.dataVersions.of(['userData'], userId),
      () => this.lists.personalPresence(userId),
    );
    const none = new Set<number>();
    const [fileRows, romUserRows, withNotes, favourites, siblings] = await Promise.all([
      withFiles ? this.roms.filesOf(ids) : [],
      presence.romData ? this.roms.romUsersOf(userId, ids) : [],
      presence.notes ? this.notes.romIdsWithVisibleNotes(userId, ids) : none,
      presence.favourites ? this.collections.favouriteIdsOf(userId, ids) : none,
      grouped ? this.siblingsOf(ids, userId) : new Map<string, SiblingRom[]>(),
    ]);
    return personalFactsOf(userId, { fileRows, romUserRows, withNotes, favourites, siblings });
  }

  /** The versions of listed games for the caller (keys `userId:romId`), kept per data version. */
  private siblingsOf(ids: readonly number[], userId: number): Promise<Map<string, SiblingRom[]>> {
    const keyOf = (id: number) => `${String(userId)}:${String(id)}`;
    const idOf = new Map(ids.map((id) => [keyOf(id), id]));
    const version = this.dataVersions.of(SIBLING_DATA, userId);
    return this.siblings.valuesOf([...idOf.keys()], version, async (missing) => {
      const missingIds = missing.map((key) => idOf.get(key) ?? -1);
      const found = await this.versions.groups.siblingsOf(missingIds, userId);
      return new Map(missingIds.map((id) => [keyOf(id), found.get(id) ?? []]));
    });
  }
}
