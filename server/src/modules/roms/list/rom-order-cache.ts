/** Ids kept across all cached orders (about 8 MB); beyond it the least recently used go. */
export const ROM_ORDER_CACHE_IDS = 1_000_000;

/** A list in list order, with its ROMs per first character of the sort key (the A–Z index). */
export interface KeptOrder {
  ids: readonly number[];
  chars: readonly { char: string; count: number }[];
}

/**
 * Filtered or searched lists in list order, as ROM ids, for one data version. Sorting thousands
 * of matches (a genre, a collection, a search, one card per game) costs tens of milliseconds at
 * 100k ROMs, while the windowed gallery asks for pages at any offset of the same list: each page
 * is then a slice of the kept order. A new data version (a write to ROMs, their users' data or
 * collections) drops every order at once; the least recently used orders go first when the id
 * budget is full.
 */
export class RomOrderCache {
  private readonly orders = new Map<string, KeptOrder>();
  private version = Number.NaN;
  private heldIds = 0;

  constructor(private readonly maxIds = ROM_ORDER_CACHE_IDS) {}

  async get(key: string, version: number, compute: () => Promise<KeptOrder>): Promise<KeptOrder> {
    if (version !== this.version) this.clear(version);
    const hit = this.orders.get(key);
    if (hit !== undefined) {
      // Re-inserted: a Map iterates in insertion order, so the oldest entry is the least used.
      this.orders.delete(key);
      this.orders.set(key, hit);
      return hit;
    }
    const order = await compute();
    // A write while computing moved the version on: the order may be stale, so it is not kept.
    if (version !== this.version || order.ids.length > this.maxIds) return order;
    this.orders.set(key, order);
    this.heldIds += order.ids.length;
    for (const [oldKey, old] of this.orders) {
      if (this.heldIds <= this.maxIds) break;
      this.orders.delete(oldKey);
      this.heldIds -= old.ids.length;
    }
    return order;
  }

  private clear(version: number): void {
    this.orders.clear();
    this.heldIds = 0;
    this.version = version;
  }
}
