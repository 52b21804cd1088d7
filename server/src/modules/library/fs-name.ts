/** Longest file or folder name accepted, in UTF-8 bytes (the limit of common filesystems). */
export const FS_NAME_MAX_BYTES = 255;

/**
 * Why a file or folder name cannot be written into a platform folder, or null when it can.
 * A name is one path segment: no separators (`/`, `\`), no `.`/`..`, no drive letter or
 * absolute path, no NUL or control characters, not hidden (leading dot: never scanned), no
 * leading or trailing spaces, at most 255 bytes of UTF-8.
 */
export function fsNameProblem(name: string): string | null {
  if (name === '') return 'File name must not be empty';
  if (name === '.' || name === '..') return 'File name must not be "." or ".."';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    return 'File name must not contain NUL or control characters';
  }
  if (name.includes('/') || name.includes('\\')) {
    return 'File name must not contain path separators (/ or \\)';
  }
  if (/^[A-Za-z]:/.test(name)) return 'File name must not start with a drive letter';
  if (name.startsWith('.'))
    return 'File name must not start with a dot (hidden files are never scanned)';
  if (name.trim() !== name) return 'File name must not start or end with spaces';
  if (Buffer.byteLength(name, 'utf8') > FS_NAME_MAX_BYTES) {
    return `File name must be at most ${FS_NAME_MAX_BYTES} bytes of UTF-8`;
  }
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(name)) {
    return 'File name must be valid Unicode';
  }
  return null;
}

/**
 * The file name sent in `x-upload-filename`: percent-encoded (`encodeURIComponent`, what
 * browsers must send for non-ASCII names) is decoded; a raw name is taken as is, its bytes
 * read as UTF-8 when they form valid UTF-8 (Node hands header bytes over as latin1).
 */
export function decodeUploadFileName(header: string): string {
  let value = header;
  // eslint-disable-next-line no-control-regex
  if (/[\u0080-\u00ff]/.test(value) && !/[^\u0000-\u00ff]/.test(value)) {
    const utf8 = Buffer.from(value, 'latin1').toString('utf8');
    if (!utf8.includes('\ufffd')) value = utf8;
  }
  if (/%[0-9A-Fa-f]{2}/.test(value)) {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return value;
}
