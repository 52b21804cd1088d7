import { LRUCache } from 'lru-cache';

/**
 * Values computed per ROM, each kept with the data version it was read at: the list JSON of
 * recently listed ROMs (reading their 46 columns, mapping and serialising them was most of a
 * list request's time), the versions of recently listed games for their callers. A value of an
 * older version is read again; beyond `capacity` values the least recently used are dropped.
 */
export class KeptPerVersion<K extends string | number, V> {
  private readonly values: LRUCache<K, { version: number; value: V }>;

  constructor(capacity: number) {
    this.values = new LRUCache({ max: capacity });
  }

  /**
   * The values of `keys` at `version`, reading those it lacks; a key `read` leaves out (a ROM
   * that is gone) is left out of the answer.
   */
  async valuesOf(
    keys: readonly K[],
    version: number,
    read: (missing: K[]) => Promise<Map<K, V>>,
  ): Promise<Map<K, V>> {
    const found = new Map<K, V>();
    const missing: K[] = [];
    for (const key of keys) {
      const kept = this.values.get(key);
      if (kept?.version === version) found.set(key, kept.value);
      else missing.push(key);
    }
    if (missing.length === 0) return found;
    // Kept under the version read before: a write during the read makes the next one read again.
    for (const [key, value] of await read(missing)) {
      found.set(key, value);
      this.values.set(key, { version, value });
    }
    return found;
  }
}
