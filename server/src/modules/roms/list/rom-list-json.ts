import type { RomListPage } from '@romshelf/contract';

import { toRomMetadataFields } from '../rom-metadata-fields.js';
import { RomResources } from '../resources/rom-resources.js';
import type { RomFileRow } from '../../../db/schema.js';
import type { RomPersonal } from '../roms.mapper.js';
import type { RomWithPlatformRow } from '../roms.repository.js';
import { coverUrl, parseList, toRomFileDto, toRomUserDto } from '../roms.mapper.js';
import type { ListedRomRow } from './listed-rom-row.js';
import { CONSTANT_FIELDS } from './listed-rom-row.js';

/** Whether JSON.stringify escapes a character of `value` (quotes, backslashes, controls, surrogates). */
function needsEscape(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) {
      return true;
    }
  }
  return false;
}

/** `JSON.stringify(value)`, quicker for the common string that needs no escape. */
const quote = (value: string): string =>
  needsEscape(value) ? JSON.stringify(value) : `"${value}"`;
/** Stored lists as written, by their stored text: a library holds few distinct ones. */
const writtenLists = new Map<string, string>();
const WRITTEN_LISTS_MAX = 1000;

/**
 * `"regions":…,"languages":…,"tags":…` as `toSharedRomFields` writes them, of the stored texts
 * in a JSON array (`ListedRomRow.lists`).
 */
function lists(stored: string): string {
  let written = writtenLists.get(stored);
  if (written === undefined) {
    const [regions = '', languages = '', tags = ''] = JSON.parse(stored) as string[];
    written =
      `"regions":${JSON.stringify(parseList(regions))}` +
      `,"languages":${JSON.stringify(parseList(languages))}` +
      `,"tags":${JSON.stringify(parseList(tags))}`;
    if (writtenLists.size >= WRITTEN_LISTS_MAX) writtenLists.clear();
    writtenLists.set(stored, written);
  }
  return written;
}

/**
 * The metadata fields of a ROM no source matched: nothing stored is shown, so they are the same
 * for every such ROM but for its id.
 */
function unidentifiedMetadata(id: number): string {
  return (
    `"alternative_names":[],"youtube_video_id":null,"metadatum":{"rom_id":${String(id)}` +
    `,"genres":[],"franchises":[],"collections":[],"companies":[],"game_modes":[]` +
    `,"age_ratings":[],"player_count":"1","first_release_date":null,"average_rating":null}` +
    `,"igdb_metadata":null,"moby_metadata":null,"ss_metadata":null,"launchbox_metadata":null` +
    `,"hasheous_metadata":null,"merged_ra_metadata":null,"merged_screenshots":[]`
  );
}

/** The stored metadata of an identified listed ROM, as the database writes it (listed-rom-row). */
type ListedRomMetadata = Omit<Parameters<typeof toRomMetadataFields>[0], 'id' | 'updated_at'>;

/**
 * `JSON.stringify(toSharedRomFields(row))` without its closing brace and `CONSTANT_FIELDS` (kept
 * out of each ROM's stored JSON: about an eighth of it), in another key order: the fields that
 * are columns come written by the database (`row.fields`), the rest is added here.
 * Building the object of some 70 fields and serialising it was most of a list page's time for
 * ROMs not listed before (rom-list-serializer.api.test.ts compares both on both engines).
 */
export function sharedRomJsonText(row: ListedRomRow): string {
  const metadata =
    row.metadata === null
      ? unidentifiedMetadata(row.id)
      : JSON.stringify(
          toRomMetadataFields({
            ...(JSON.parse(row.metadata) as ListedRomMetadata),
            id: row.id,
            updated_at: row.updated_at,
          }),
        ).slice(1, -1);
  const manual =
    row.manual_updated_at === null
      ? 'null'
      : quote(RomResources.manualPath(row.platform_id, row.id));
  return (
    `${row.fields},"path_cover_small":${quote(coverUrl(row, 'small'))}` +
    `,"path_cover_large":${quote(coverUrl(row, 'big'))},"path_manual":${manual}` +
    `,${lists(row.lists)},${metadata}`
  );
}

/** A listed ROM as JSON in two parts: its shared fields, as stored, and the caller's own. */
export interface ListedRomJson {
  /** `{"id":…`: the shared fields but `CONSTANT_FIELDS`, the object left open. */
  readonly shared: string;
  /** `"has_notes":…,"sibling_roms":[…]}`: the caller's fields, closing the object. */
  readonly personal: string;
}

/**
 * `JSON.stringify(toPersonalRomFields(…))` without its opening brace: written as text for the
 * caller's data most listed ROMs have, none (rom-list-json.test.ts compares both).
 */
export function personalRomJsonText(
  rom: Pick<RomWithPlatformRow, 'id' | 'created_at' | 'updated_at'>,
  userId: number,
  files: readonly RomFileRow[],
  personal: RomPersonal,
): string {
  const { romUser, favourite = false, hasNotes = false, siblings = [] } = personal;
  const romUserJson =
    romUser === undefined
      ? `{"id":-1,"user_id":${String(userId)},"rom_id":${String(rom.id)}` +
        `,"created_at":${quote(rom.created_at)},"updated_at":${quote(rom.updated_at)}` +
        `,"last_played":null,"is_main_sibling":false,"backlogged":false,"now_playing":false` +
        `,"hidden":false,"rating":0,"difficulty":0,"completion":0,"status":null` +
        `,"is_favorite":${String(favourite)}}`
      : JSON.stringify(toRomUserDto(rom, userId, romUser, favourite));
  const filesJson = files.length === 0 ? '[]' : JSON.stringify(files.map(toRomFileDto));
  const siblingsJson = siblings.length === 0 ? '[]' : JSON.stringify(siblings);
  return (
    `"has_notes":${String(hasNotes)},"rom_user":${romUserJson},"files":${filesJson}` +
    `,"sibling_roms":${siblingsJson}}`
  );
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
  for (const item of items) {
    size += Buffer.byteLength(item.shared) + CONSTANT_FIELDS.length + 1;
    size += Buffer.byteLength(item.personal);
  }
  const body = Buffer.allocUnsafe(size);
  let offset = body.write(head, 0, 'latin1');
  items.forEach((item, index) => {
    if (index > 0) offset += body.write(',', offset, 'latin1');
    offset += body.write(item.shared, offset);
    offset += body.write(CONSTANT_FIELDS, offset, 'latin1');
    offset += body.write(',', offset, 'latin1');
    offset += body.write(item.personal, offset);
  });
  body.write(tail, offset);
  return body;
}
