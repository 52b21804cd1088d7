/**
 * Text folded for search: NFKD-decomposed, combining marks removed, lower-cased, runs of
 * whitespace collapsed. `Pokémon` and `POKEMON` both become `pokemon`.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words of a text as search sees them: folded (see foldSearchText), apostrophes dropped
 * (`Mario's` is `marios`), any other run of punctuation or spaces splitting words.
 */
export function searchWords(text: string): string[] {
  return foldSearchText(text)
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * A ROM's searchable text (`rom.search_text`): the words of its display name and of its file
 * name without tags and extension, once when both say the same. File-name tags ("USA",
 * "Rev 1", ...) are left out: they are filters, not search words.
 */
export function romSearchText(name: string | null, fsNameNoTags: string): string {
  const own = searchWords(name ?? fsNameNoTags).join(' ');
  const fromFile = searchWords(fsNameNoTags).join(' ');
  return own === fromFile || fromFile === '' ? own : `${own} ${fromFile}`.trim();
}
