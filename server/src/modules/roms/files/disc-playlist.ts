/** Sheets that describe a whole disc; the other images beside them are its tracks. */
const SHEET_EXTENSIONS = ['cue', 'ccd', 'gdi'] as const;

function extension(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1).toLowerCase();
}

/**
 * The `.m3u` entries of a multi-file ROM download, as RomM writes them: null when the ROM
 * already has a playlist; else its `.cue` sheets, or failing those every file. RomShelf also
 * treats `.ccd` and `.gdi` sheets as discs: listing a sheet's tracks (`.img`, `.sub`, `.bin`)
 * would make an emulator that prefers the playlist load each track as a disc.
 */
export function zipPlaylist(names: readonly string[]): string[] | null {
  if (names.some((name) => extension(name) === 'm3u')) return null;
  for (const sheet of SHEET_EXTENSIONS) {
    const sheets = names.filter((name) => extension(name) === sheet);
    if (sheets.length > 0) return sheets;
  }
  return [...names];
}
