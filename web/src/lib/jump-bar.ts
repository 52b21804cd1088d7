/** One entry of the A–Z jump bar: its label and the offset it loads from (null: no game). */
export interface JumpEntry {
  label: string;
  offset: number | null;
}

export const OTHER_LABEL = '#';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** The bar letter of a `char_index` key: A–Z (accents folded), else `#`. */
export function jumpLabel(char: string): string {
  const folded = char.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  return folded.length === 1 && folded >= 'A' && folded <= 'Z' ? folded : OTHER_LABEL;
}

/**
 * `#` then A–Z, each with the offset of its first game in the sorted list (the smallest offset of
 * the `char_index` keys it covers), or null when no game starts with it.
 */
export function jumpEntries(charIndex: Readonly<Record<string, number>>): JumpEntry[] {
  const offsets = new Map<string, number>();
  for (const [char, offset] of Object.entries(charIndex)) {
    const label = jumpLabel(char);
    const known = offsets.get(label);
    if (known === undefined || offset < known) offsets.set(label, offset);
  }
  return [OTHER_LABEL, ...LETTERS].map((label) => ({ label, offset: offsets.get(label) ?? null }));
}

/** The label whose range holds `offset`: the entry with the greatest offset not after it. */
export function activeJumpLabel(entries: readonly JumpEntry[], offset: number): string | null {
  let best: JumpEntry | null = null;
  for (const entry of entries) {
    if (entry.offset === null || entry.offset > offset) continue;
    if (best === null || best.offset === null || entry.offset >= best.offset) best = entry;
  }
  return best?.label ?? null;
}
