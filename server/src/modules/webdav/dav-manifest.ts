/**
 * RetroArch's cloud-sync manifest (`manifest.server`): a JSON array of `{ path, hash }`, the
 * hash being the file's MD5 in lower-case hex, or "" for a file deleted on some device.
 * RetroArch compares it three ways (server, last sync, disk) to choose what to fetch.
 */
export const SERVER_MANIFEST = 'manifest.server';

export type ManifestEntries = Map<string, string>;

/** The entries of a manifest; an unreadable one reads as empty, as RetroArch does. */
export function parseManifest(text: string): ManifestEntries {
  const entries: ManifestEntries = new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return entries;
  }
  if (!Array.isArray(parsed)) return entries;
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { path, hash } = item as { path?: unknown; hash?: unknown };
    if (typeof path !== 'string' || path === '') continue;
    entries.set(path, typeof hash === 'string' ? hash : '');
  }
  return entries;
}

/** Writes entries the way RetroArch does: sorted by path ignoring case, two-space indents. */
export function formatManifest(entries: ManifestEntries): string {
  const key = (path: string) => path.toLowerCase();
  const paths = [...entries.keys()].sort((a, b) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
  const items = paths.map(
    (path) =>
      `  {\n    "path": ${JSON.stringify(path)},\n    "hash": ${JSON.stringify(entries.get(path) ?? '')}\n  }`,
  );
  return `[\n${items.join(',\n')}\n]\n`;
}
