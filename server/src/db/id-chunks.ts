/** Ids per `IN (…)` list, well under SQLite's limit on bound parameters. */
export const ID_CHUNK = 500;

/** `items` cut into consecutive slices of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}
