import type { RomRow } from '../../../db/schema.js';
import { romSearchText } from '../../../lib/search-text.js';
import { parseRomFileName } from './rom-filename.js';

/** The ROM row fields its file (or folder) name decides. */
export type RomNameFields = Pick<
  RomRow,
  | 'fs_name'
  | 'fs_name_no_tags'
  | 'fs_name_no_ext'
  | 'fs_extension'
  | 'regions'
  | 'languages'
  | 'tags'
  | 'revision'
  | 'search_text'
>;

/**
 * Row fields of a ROM named `fsName` (a scan storing it, an edit renaming it): the parsed
 * name parts and tags, the revision (else the version, else null) and the search text, which
 * also holds the display `name` (null: the name without tags stands in).
 */
export function romNameFields(
  fsName: string,
  options: { isFolder: boolean; name: string | null },
): RomNameFields {
  const parsed = parseRomFileName(fsName, { isFolder: options.isFolder });
  const name = options.name ?? parsed.fs_name_no_tags;
  return {
    fs_name: fsName,
    fs_name_no_tags: parsed.fs_name_no_tags,
    fs_name_no_ext: parsed.fs_name_no_ext,
    fs_extension: parsed.fs_extension,
    regions: JSON.stringify(parsed.regions),
    languages: JSON.stringify(parsed.languages),
    tags: JSON.stringify(parsed.tags),
    revision:
      parsed.revision !== '' ? parsed.revision : parsed.version !== '' ? parsed.version : null,
    search_text: romSearchText(name, parsed.fs_name_no_tags),
  };
}
