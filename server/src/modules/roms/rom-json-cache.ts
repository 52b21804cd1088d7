import type { RomWithPlatformRow } from './roms.repository.js';
import { toSharedRomFields } from './roms.mapper.js';

/** A listed ROM's shared fields as JSON, with the dates its personal fields repeat. */
export interface SharedRomJson {
  /** UTF-8 of `{"id":…,"updated_at":"…"`: the object left open for the caller's own fields. */
  readonly open: Buffer;
  readonly id: number;
  readonly created_at: string;
  readonly updated_at: string;
}

/** About 2.3 KB each: some 11 MB for the most recently listed ROMs. */
export const ROM_JSON_CACHE_SIZE = 5000;

/** The open JSON of a ROM's shared fields. */
export function toSharedRomJson(row: RomWithPlatformRow): SharedRomJson {
  return {
    open: Buffer.from(JSON.stringify(toSharedRomFields(row)).slice(0, -1)),
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The shared fields of recently listed ROMs as UTF-8 JSON, for one data version. A page of 72
 * ROMs is about 170 KB of JSON: reading its 46 columns, mapping and serialising them again on
 * every request was most of a list request's time, while only the caller's own fields (a few
 * per ROM) differ between callers. Any write to ROM data starts a new version and empties it;
 * beyond `capacity` ROMs the least recently listed are dropped.
 */
export class RomJsonCache {
  private version = Number.NaN;
  private readonly texts = new Map<number, SharedRomJson>();

  constructor(private readonly capacity: number = ROM_JSON_CACHE_SIZE) {}

  /** The JSON of `ids` at `version` (ids without a ROM are left out), reading what it lacks. */
  async jsonOf(
    ids: readonly number[],
    version: number,
    read: (ids: number[]) => Promise<SharedRomJson[]>,
  ): Promise<Map<number, SharedRomJson>> {
    if (version !== this.version) {
      this.texts.clear();
      this.version = version;
    }
    const found = new Map<number, SharedRomJson>();
    const missing: number[] = [];
    for (const id of ids) {
      const text = this.texts.get(id);
      if (text === undefined) {
        missing.push(id);
        continue;
      }
      found.set(id, text);
      // Map order is insertion order: moved to the end, it is the last to be dropped.
      this.texts.delete(id);
      this.texts.set(id, text);
    }
    if (missing.length === 0) return found;
    const texts = await read(missing);
    // A write during the read started a newer version: what was read is not kept under it.
    const keep = this.version === version;
    for (const text of texts) {
      found.set(text.id, text);
      if (keep) this.texts.set(text.id, text);
    }
    for (const id of this.texts.keys()) {
      if (this.texts.size <= this.capacity) break;
      this.texts.delete(id);
    }
    return found;
  }
}
