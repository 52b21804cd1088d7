/** Reading disc sheets: cue sheets, GD-ROM `.gdi` sheets and `.m3u` disc playlists. */

const SHEET_EXTENSIONS = new Set(['cue', 'gdi', 'm3u']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file is a sheet that names other files (`.cue`, `.gdi`, `.m3u`). */
export function isDiscSheet(fileName: string): boolean {
  return SHEET_EXTENSIONS.has(extensionOf(fileName));
}

/** `.m3u` playlists first: they claim their cue sheets before those claim their tracks. */
export function sheetOrder(fileName: string): number {
  return extensionOf(fileName) === 'm3u' ? 0 : 1;
}

const CUE_FILE_RE = /^FILE\s+(?:"([^"]+)"|(.+?))\s+\S+$/i;
const GDI_TRACK_RE = /^\d+\s+\d+\s+\d+\s+\d+\s+(?:"([^"]+)"|(.+?))\s+-?\d+$/;

/**
 * The file names a sheet refers to, as written in it: a cue sheet's `FILE` lines (quoted or
 * not), a gdi sheet's track lines after its track count, an m3u's entries (comments and
 * EmulatorJS's `|label` suffix left out). A byte order mark and CRLF line ends are accepted.
 */
export function sheetReferences(fileName: string, text: string): string[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim());
  const captured = (re: RegExp, line: string) => {
    const match = re.exec(line);
    const name = match?.[1] ?? match?.[2];
    return name === undefined ? [] : [name];
  };
  switch (extensionOf(fileName)) {
    case 'cue':
      return lines.flatMap((line) => captured(CUE_FILE_RE, line));
    case 'gdi':
      return lines.slice(1).flatMap((line) => captured(GDI_TRACK_RE, line));
    case 'm3u':
      return lines
        .filter((line) => line !== '' && !line.startsWith('#'))
        .map((line) => (line.split('|')[0] ?? '').trim())
        .filter((name) => name !== '');
    default:
      return [];
  }
}

/**
 * The plain file name a reference resolves to beside its sheet, or null when it leaves the
 * sheet's folder (absolute, a drive, `..` past it) or points into a subfolder: only files lying
 * beside the sheet belong to it. Either slash separates; `.` parts are dropped.
 */
export function siblingName(reference: string): string | null {
  const normalized = reference.replace(/\\/g, '/');
  if (normalized.startsWith('/') || /^[a-z]:/i.test(normalized)) return null;
  const parts: string[] = [];
  for (const part of normalized.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.pop() === undefined) return null;
    } else parts.push(part);
  }
  return parts.length === 1 ? (parts[0] ?? null) : null;
}
