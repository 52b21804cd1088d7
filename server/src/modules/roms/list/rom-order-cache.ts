import { LRUCache } from 'lru-cache';

/** Ids kept across all cached orders (about 8 MB); beyond it the least recently used go. */
export const ROM_ORDER_CACHE_IDS = 1_000_000;

/**
 * The offset from which pages of the whole library or of platforms are slices of a kept order:
 * an index reaches a deep offset only by stepping over every row before it (at 100k ROMs a page
 * half-way down took 5 ms on SQLite, 11 ms on PostgreSQL; a slice, nothing after the one pass).
 */
export const KEPT_ORDER_FROM_OFFSET = 1000;

/** A list in list order, with its ROMs per first character of the sort key (the A–Z index). */
export interface KeptOrder {
  ids: readonly number[];
  chars: readonly { char: string; count: number }[];
}

/**
 * Filtered or searched lists in list order, as ROM ids, each kept with the data version it was
 * computed at. Sorting thousands of matches (a genre, a collection, a search, one card per game)
 * costs tens of milliseconds at 100k ROMs, while the windowed gallery asks for pages at any
 * offset of the same list: each page is then a slice of the kept order. An order of an older
 * version is computed again; the least recently used orders go first when the id budget is full.
 */
export class RomOrderCache {
  private readonly orders: LRUCache<string, { version: number; order: KeptOrder }>;

  constructor(maxIds = ROM_ORDER_CACHE_IDS) {
    // An order larger than the whole budget is answered without being kept.
    this.orders = new LRUCache({
      maxSize: maxIds,
      sizeCalculation: (kept) => Math.max(1, kept.order.ids.length),
    });
  }

  async get(key: string, version: number, compute: () => Promise<KeptOrder>): Promise<KeptOrder> {
    const hit = this.orders.get(key);
    if (hit?.version === version) return hit.order;
    // Kept under the version read before: a write while computing makes the next get recompute.
    const order = await compute();
    this.orders.set(key, { version, order });
    return order;
  }
}
