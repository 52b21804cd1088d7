/**
 * Values computed per ROM and kept for one data version: the list JSON of recently listed ROMs
 * (reading their 46 columns, mapping and serialising them was most of a list request's time),
 * the versions of recently listed games for their callers. Any write to ROM data starts a new
 * version and empties it; beyond `capacity` values the least recently used are dropped.
 */
export class KeptPerVersion<K, V> {
  private version = Number.NaN;
  private readonly values = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  /**
   * The values of `keys` at `version`, reading those it lacks; a key `read` leaves out (a ROM
   * that is gone) is left out of the answer.
   */
  async valuesOf(
    keys: readonly K[],
    version: number,
    read: (missing: K[]) => Promise<Map<K, V>>,
  ): Promise<Map<K, V>> {
    if (version !== this.version) {
      this.values.clear();
      this.version = version;
    }
    const found = new Map<K, V>();
    const missing: K[] = [];
    for (const key of keys) {
      const value = this.values.get(key);
      if (value === undefined) {
        missing.push(key);
        continue;
      }
      found.set(key, value);
      // Map order is insertion order: moved to the end, it is the last to be dropped.
      this.values.delete(key);
      this.values.set(key, value);
    }
    if (missing.length === 0) return found;
    const fresh = await read(missing);
    // A write during the read started a newer version: what was read is not kept under it.
    const keep = this.version === version;
    for (const [key, value] of fresh) {
      found.set(key, value);
      if (keep) this.values.set(key, value);
    }
    for (const key of this.values.keys()) {
      if (this.values.size <= this.capacity) break;
      this.values.delete(key);
    }
    return found;
  }
}
