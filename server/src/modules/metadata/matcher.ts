/**
 * Name matching for metadata providers (metadata-providers.md §0.1–§0.2). Pure: no I/O.
 *
 * - `searchTermFor` turns a ROM file name into the text a provider is searched with.
 * - `jaroWinkler` follows the reference's Jaro-Winkler variant (full common prefix, boost only
 *   above 0.7).
 * - `pickBest` scores every name of every candidate and keeps the best one at or above the
 *   provider's threshold, refusing candidates whose sequel numbers differ from the term's
 *   ("Super Mario Bros. 3" never matches "Super Mario Bros.").
 */

/** Fuzzy-match thresholds per provider (§0.2). */
export const MATCH_THRESHOLDS = {
  igdb: 0.75,
  ss: 0.75,
  moby: 0.6,
  sgdb: 0.98,
  launchbox: 1,
} as const;

/** An id tag in a file name, e.g. `(igdb-1234)`. */
export interface IdTag {
  source: 'igdb' | 'ss' | 'moby' | 'ra' | 'launchbox';
  id: number;
}

const ID_TAG = /\((igdb|ssfr|moby|ra|launchbox)-(\d+)\)/i;

/** The first provider id tag of a file name (§0.1 step 1), if any. */
export function idTagOf(fileName: string): IdTag | null {
  const match = ID_TAG.exec(fileName);
  if (match === null) return null;
  const tag = (match[1] ?? '').toLowerCase();
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const source = tag === 'ssfr' ? 'ss' : (tag as IdTag['source']);
  return { source, id };
}

/** NFD and drop combining marks (ASCII folding of accented Latin letters). */
export function foldAccents(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

const LEADING_ARTICLE = /^(?:a|an|the)\s+/i;
const TRAILING_ARTICLE = /,\s*(?:a|an|the)(?=\s*(?:[:\-–(]|$))/gi;

/** Drops a leading `a|an|the` and `, The` before punctuation or the end. */
export function removeArticles(text: string): string {
  return text.replace(LEADING_ARTICLE, '').replace(TRAILING_ARTICLE, '');
}

export interface NormaliseOptions {
  removeArticles?: boolean;
  removePunctuation?: boolean;
}

/** Lowercase, `_` → space, articles and punctuation removed, accents folded, spaces collapsed. */
export function normaliseName(text: string, options: NormaliseOptions = {}): string {
  let value = text.toLowerCase().replace(/_/g, ' ');
  if (options.removeArticles ?? true) value = removeArticles(value.trim());
  if (options.removePunctuation ?? true) value = value.replace(/[^\p{L}\p{N}]+/gu, ' ');
  value = foldAccents(value);
  return value.replace(/\s+/g, ' ').trim();
}

/** Search term of a provider, from the tag-stripped file name (§0.1 step 4). */
export function searchTermFor(
  source: 'igdb' | 'ss' | 'moby' | 'launchbox' | 'sgdb',
  nameNoTags: string,
): string {
  switch (source) {
    case 'igdb':
      return normaliseName(nameNoTags);
    case 'ss':
      return normaliseName(nameNoTags.replace(/\s*[:-]\s+/g, ' - '), { removePunctuation: false });
    case 'moby':
      return normaliseName(nameNoTags.replace(/\s*[:-]\s+/g, ': '), { removePunctuation: false });
    case 'launchbox':
      return nameNoTags
        .replace(/_/g, ' ')
        .replace(/\s?-\s/g, ': ')
        .toLowerCase()
        .trim();
    case 'sgdb':
      return normaliseName(nameNoTags, { removeArticles: false });
  }
}

/** Text after the last `:`, `-` or `/` (the split fallback of §0.1 step 5), or null. */
export function lastSegment(term: string): string | null {
  const parts = term.split(/\s*[:/]\s*|\s+-\s+/);
  if (parts.length < 2) return null;
  const last = parts[parts.length - 1]?.trim() ?? '';
  return last === '' ? null : last;
}

/** Jaro-Winkler similarity as in strsimpy (prefix not capped at 4). */
export function jaroWinkler(s0: string, s1: string): number {
  if (s0 === s1) return 1;
  const [longer, shorter] = s0.length > s1.length ? [s0, s1] : [s1, s0];
  const range = Math.max(Math.trunc(longer.length / 2 - 1), 0);
  const matchIndexes = new Array<number>(shorter.length).fill(-1);
  const matchFlags = new Array<boolean>(longer.length).fill(false);
  let matches = 0;
  for (let mi = 0; mi < shorter.length; mi += 1) {
    const c = shorter[mi];
    const end = Math.min(mi + range + 1, longer.length);
    for (let xi = Math.max(mi - range, 0); xi < end; xi += 1) {
      if (!matchFlags[xi] && c === longer[xi]) {
        matchIndexes[mi] = xi;
        matchFlags[xi] = true;
        matches += 1;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  const ms0: string[] = [];
  const ms1: string[] = [];
  for (let i = 0; i < shorter.length; i += 1) {
    if (matchIndexes[i] !== -1) ms0.push(shorter[i] ?? '');
  }
  for (let i = 0; i < longer.length; i += 1) {
    if (matchFlags[i]) ms1.push(longer[i] ?? '');
  }
  let mismatches = 0;
  for (let i = 0; i < ms0.length; i += 1) if (ms0[i] !== ms1[i]) mismatches += 1;
  const transpositions = Math.trunc(mismatches / 2);
  let prefix = 0;
  for (let i = 0; i < shorter.length; i += 1) {
    if (s0[i] === s1[i]) prefix += 1;
    else break;
  }
  const jaro =
    (matches / s0.length + matches / s1.length + (matches - transpositions) / matches) / 3;
  if (jaro <= 0.7) return jaro;
  return jaro + Math.min(0.1, 1 / longer.length) * prefix * (1 - jaro);
}

const ROMAN: Readonly<Record<string, number>> = {
  ii: 2,
  iii: 3,
  iv: 4,
  v: 5,
  vi: 6,
  vii: 7,
  viii: 8,
  ix: 9,
  x: 10,
  xi: 11,
  xii: 12,
  xiii: 13,
  xiv: 14,
  xv: 15,
  xvi: 16,
};

/**
 * The sequel numbers of a normalised name: digit runs (as numbers) and Roman numerals II–XVI
 * written as words. "final fantasy vii" → [7], "super mario bros 3" → [3].
 */
export function sequelNumbers(normalised: string): number[] {
  const numbers: number[] = [];
  for (const word of normalised.split(' ')) {
    const roman = ROMAN[word];
    if (roman !== undefined) numbers.push(roman);
    for (const digits of word.match(/\d+/g) ?? []) numbers.push(Number(digits));
  }
  return numbers.sort((a, b) => a - b);
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** A provider result as the matcher sees it: an id and every name it carries, primary first. */
export interface MatchCandidate<T> {
  id: number;
  names: readonly string[];
  value: T;
}

export interface MatchResult<T> {
  candidate: MatchCandidate<T>;
  score: number;
  matchedName: string;
}

/**
 * The best candidate whose normalised name scores at least `threshold` against the term.
 * Ties keep the first seen (then the lowest id); a perfect score ends the search. Names whose
 * sequel numbers differ from the term's are skipped. `exclude` removes ids already refused.
 */
export function pickBest<T>(
  term: string,
  candidates: readonly MatchCandidate<T>[],
  threshold: number,
  options: NormaliseOptions & { exclude?: ReadonlySet<number> } = {},
): MatchResult<T> | null {
  const wanted = normaliseName(term, options);
  if (wanted === '') return null;
  const wantedNumbers = sequelNumbers(normaliseName(term));
  let best: MatchResult<T> | null = null;
  for (const candidate of candidates) {
    if (options.exclude?.has(candidate.id)) continue;
    for (const name of candidate.names) {
      const normalised = normaliseName(name, options);
      if (normalised === '') continue;
      if (!sameNumbers(wantedNumbers, sequelNumbers(normaliseName(name)))) continue;
      const score = jaroWinkler(wanted, normalised);
      if (
        best === null ||
        score > best.score ||
        (score === best.score && best.candidate.id > candidate.id && best.matchedName === name)
      ) {
        best = { candidate, score, matchedName: name };
      }
      if (score === 1) break;
    }
    if (best?.score === 1) break;
  }
  return best !== null && best.score >= threshold ? best : null;
}
