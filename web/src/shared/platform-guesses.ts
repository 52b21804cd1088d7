import type { Platform } from '@romshelf/contract';

/** Lowercase letters and digits only, accents dropped: "Mega-Drive" → "megadrive". */
function compact(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** Sørensen–Dice similarity of the letter pairs of two compact strings (0–1). */
function pairSimilarity(a: string, b: string): number {
  if (a.length < 2 || b.length < 2) return 0;
  const pairs = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i += 1) {
    const pair = a.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i += 1) {
    const pair = b.slice(i, i + 2);
    const left = pairs.get(pair) ?? 0;
    if (left > 0) {
      shared += 1;
      pairs.set(pair, left - 1);
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}

/**
 * How well a folder name matches a platform, 0–100: its slug or a name spelled alike (100),
 * a name holding the folder's name ("Mega Drive" in "Sega Mega Drive/Genesis", 80), shared
 * words, then letter-pair likeness for misspellings.
 */
export function folderMatch(folder: string, platform: Platform): number {
  const wanted = compact(folder);
  if (wanted === '') return 0;
  const names = [platform.slug, platform.fs_slug, platform.name, platform.display_name];
  let best = 0;
  for (const name of names.map(compact)) {
    if (name === wanted) return 100;
    // Shorter names holding it are closer ("Mega Drive" before "Mega Drive 32X").
    if (name.includes(wanted)) best = Math.max(best, 80 - Math.min(10, name.length / 10));
    best = Math.max(best, 50 * pairSimilarity(wanted, name));
  }
  const folderWords = words(folder);
  const platformWords = new Set(names.flatMap(words));
  const shared = folderWords.filter((word) => platformWords.has(word)).length;
  return Math.max(best, (60 * shared) / Math.max(1, folderWords.length));
}

/** A guess must score this much to be offered first. */
const GUESS_FLOOR = 30;
const MAX_GUESSES = 5;

/** The platforms a folder most likely holds, best first (at most five). */
export function platformGuesses(folder: string, platforms: readonly Platform[]): Platform[] {
  return platforms
    .map((platform) => ({ platform, score: folderMatch(folder, platform) }))
    .filter((entry) => entry.score >= GUESS_FLOOR)
    .sort((a, b) => b.score - a.score || a.platform.name.localeCompare(b.platform.name))
    .slice(0, MAX_GUESSES)
    .map((entry) => entry.platform);
}
