import { HttpError } from '../../http/http-error.js';

/** The conditional headers of a request (raw header values). */
export interface DavConditions {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
}

/**
 * Whether an If-Match / If-None-Match value names the current ETag: "*" names any existing
 * resource; otherwise a comma-separated list compared strongly (a weak "W/" tag never matches
 * a strong comparison).
 */
export function namesEtag(header: string, etag: string | null): boolean {
  if (etag === null) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === etag);
}

/** 412 unless the request's conditions hold for a resource with this ETag (null: none). */
export function checkConditions(conditions: DavConditions, etag: string | null, exists: boolean) {
  const { ifMatch, ifNoneMatch } = conditions;
  if (ifMatch !== undefined) {
    const holds = ifMatch.trim() === '*' ? exists : namesEtag(ifMatch, etag);
    if (!holds) throw new HttpError(412, 'The file changed since you read it (If-Match)');
  }
  if (ifNoneMatch !== undefined) {
    const fails = ifNoneMatch.trim() === '*' ? exists : namesEtag(ifNoneMatch, etag);
    if (fails) throw new HttpError(412, 'The file exists already (If-None-Match)');
  }
}
