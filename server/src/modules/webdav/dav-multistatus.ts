import type { DavEntry } from './dav-store.js';
import { davHref } from './dav-urls.js';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** The live properties of one resource (RFC 4918 §15), every one PROPFIND shows. */
function properties(entry: DavEntry): string {
  const props = [
    `<D:displayname>${escapeXml(entry.name)}</D:displayname>`,
    entry.collection ? '<D:resourcetype><D:collection/></D:resourcetype>' : '<D:resourcetype/>',
    `<D:getlastmodified>${entry.modified.toUTCString()}</D:getlastmodified>`,
  ];
  if (!entry.collection) {
    props.push(
      `<D:getcontentlength>${String(entry.size)}</D:getcontentlength>`,
      '<D:getcontenttype>application/octet-stream</D:getcontenttype>',
      `<D:getetag>${escapeXml(entry.etag ?? '')}</D:getetag>`,
    );
  }
  return props.join('');
}

/** A 207 Multi-Status body listing resources with their properties. */
export function multistatus(username: string, entries: readonly DavEntry[]): string {
  const responses = entries.map(
    (entry) =>
      `<D:response><D:href>${escapeXml(davHref(username, entry.relPath, entry.collection))}</D:href>` +
      `<D:propstat><D:prop>${properties(entry)}</D:prop>` +
      '<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>',
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">${responses.join('')}</D:multistatus>\n`;
}

/** RFC 4918 §9.1: a server may refuse Depth: infinity with this precondition. */
export const FINITE_DEPTH_ERROR =
  '<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:"><D:propfind-finite-depth/></D:error>\n';
