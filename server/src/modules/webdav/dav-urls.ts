import { HttpError } from '../../http/http-error.js';
import { davSegments } from './dav-paths.js';

/** Where the trees are served: `/dav/<user name>/…`. */
export const DAV_PREFIX = '/dav';

export interface DavTarget {
  username: string;
  /** Decoded path inside the user's tree, "/"-separated ("" for the root). */
  relPath: string;
}

/**
 * Reads `/dav/<user>/<path>` from a raw URL path, one segment at a time: a segment must
 * not decode to a slash (`%2F`: 400), an encoded backslash separates folders as a slash does,
 * dot segments (also `%2e%2e`) leave the tree (403), and a malformed escape is a 400.
 */
export function davTargetOf(urlPath: string): DavTarget {
  const raw = urlPath.split('?')[0] ?? '';
  if (raw !== DAV_PREFIX && !raw.startsWith(`${DAV_PREFIX}/`)) {
    throw new HttpError(404, 'Not Found');
  }
  const decoded = raw
    .slice(DAV_PREFIX.length)
    .split('/')
    .filter((segment) => segment !== '')
    .flatMap((segment) => {
      let text: string;
      try {
        text = decodeURIComponent(segment);
      } catch {
        throw new HttpError(400, 'Malformed URL escape');
      }
      if (text.includes('/')) throw new HttpError(400, 'Invalid path');
      // Older RetroArch builds on Windows name files "saves\\Game.srm" (sent as %5C).
      return text.split('\\');
    });
  const [username, ...rest] = decoded;
  if (username === undefined) throw new HttpError(404, 'Not Found');
  return { username, relPath: davSegments(rest.join('/')).join('/') };
}

/**
 * The target of a MOVE or COPY `Destination` header (an absolute URL or path). Its host is not
 * compared (a proxy may rename it); the caller checks the tree is the caller's own.
 */
export function destinationOf(header: string | undefined): DavTarget {
  if (header === undefined || header.trim() === '') {
    throw new HttpError(400, 'A Destination header is required');
  }
  let pathname: string;
  try {
    pathname = new URL(header.trim(), 'http://destination.invalid').pathname;
  } catch {
    throw new HttpError(400, 'Malformed Destination header');
  }
  // Behind a proxy serving RomShelf under a path, the Destination keeps that path prefix.
  const start = pathname.indexOf(`${DAV_PREFIX}/`);
  return davTargetOf(start > 0 ? pathname.slice(start) : pathname);
}

/** The href of a resource in a multistatus answer (a folder's ends with a slash). */
export function davHref(username: string, relPath: string, collection: boolean): string {
  const segments = [username, ...(relPath === '' ? [] : relPath.split('/'))];
  const encoded = segments.map((segment) => encodeURIComponent(segment)).join('/');
  return `${DAV_PREFIX}/${encoded}${collection ? '/' : ''}`;
}
