import type { RomListPage } from '@romshelf/contract';

import type { RomWithPlatformRow } from '../roms.repository.js';
import type { PersonalRomFields } from '../roms.mapper.js';
import { toSharedRomFields } from '../roms.mapper.js';

/** A listed ROM's shared fields as JSON, with the dates its personal fields repeat. */
export interface SharedRomJson {
  /** UTF-8 of `{"id":…,"updated_at":"…"`: the object left open for the caller's own fields. */
  readonly open: Buffer;
  readonly id: number;
  readonly created_at: string;
  readonly updated_at: string;
}

/** The open JSON of a ROM's shared fields: kept between requests, the same for every caller. */
export function toSharedRomJson(row: RomWithPlatformRow): SharedRomJson {
  return {
    open: Buffer.from(JSON.stringify(toSharedRomFields(row)).slice(0, -1)),
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A listed ROM as JSON in two parts: its shared fields, kept as bytes, and the caller's own. */
export interface ListedRomJson {
  /** `{"id":…,"updated_at":"…"`: the shared fields, the object left open. */
  readonly shared: Buffer;
  /** `"has_notes":…,"sibling_roms":[…]}`: the caller's fields, closing the object. */
  readonly personal: string;
}

export function listedRomJson(shared: Buffer, personal: PersonalRomFields): ListedRomJson {
  return { shared, personal: JSON.stringify(personal).slice(1) };
}

/**
 * A list page as the bytes of its JSON (`RomListPageSchema`), its items already written. The
 * page is copied into one buffer rather than joined into a string first: a string of a page's
 * size (about 170 KB) is a large object to V8, allocated and freed outside its young heap on
 * every request, and would be encoded to UTF-8 again for the socket or the compressor.
 */
export function romListPageJson(
  page: Omit<RomListPage, 'items'>,
  items: readonly ListedRomJson[],
): Buffer {
  const head = '{"items":[';
  const tail = `],${JSON.stringify(page).slice(1)}`;
  let size = head.length + Buffer.byteLength(tail) + Math.max(0, items.length - 1);
  for (const item of items) size += item.shared.length + 1 + Buffer.byteLength(item.personal);
  const body = Buffer.allocUnsafe(size);
  let offset = body.write(head, 0, 'latin1');
  items.forEach((item, index) => {
    if (index > 0) offset += body.write(',', offset, 'latin1');
    offset += item.shared.copy(body, offset);
    offset += body.write(',', offset, 'latin1');
    offset += body.write(item.personal, offset);
  });
  body.write(tail, offset);
  return body;
}
