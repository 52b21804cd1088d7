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
