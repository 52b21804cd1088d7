const DISC_NAME_RE = /\((?:disc|disk|cd)\s*\d+/i;
const DISC_EXTENSIONS = new Set([
  'chd',
  'iso',
  'cso',
  'bin',
  'img',
  'pbp',
  'gdi',
  'cdi',
  'ccd',
  'mds',
]);

/**
 * The `.m3u` playlist of a multi-disc download: its `.cue` files, else its files named
 * `(Disc N)` with a disc image extension; null when there are fewer than two discs or the
 * ROM already has a playlist. With a cue sheet, the other images are its tracks, not discs:
 * listing `Game (Disc 1) (Track 02).bin` would make an emulator load each track as a disc.
 */
export function discPlaylist(names: readonly string[]): string[] | null {
  const extension = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (names.some((name) => extension(name) === 'm3u')) return null;
  const cues = names.filter((name) => extension(name) === 'cue');
  if (cues.length > 0) return cues.length >= 2 ? cues : null;
  const discs = names.filter(
    (name) => DISC_NAME_RE.test(name) && DISC_EXTENSIONS.has(extension(name)),
  );
  return discs.length >= 2 ? discs : null;
}
