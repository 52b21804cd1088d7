import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';

/** Decides whether an outgoing connection may go to an address (checked at connect time). */
export type AddressPolicy = (address: string, family: 4 | 6) => boolean;

/** A refused or failed outgoing request; `message` is safe to show to the caller. */
export class OutboundFetchError extends Error {
  override readonly name = 'OutboundFetchError';
}

/** [prefix bytes, prefix length in bits]. */
type Cidr = readonly [readonly number[], number];

const V4_BLOCKED: readonly Cidr[] = [
  [[0], 8], // "this" network, unspecified
  [[10], 8], // private
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, broadcast
];

const V6_BLOCKED: readonly Cidr[] = [
  [[0x01, 0x00], 64], // discard-only
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x02], 16], // 6to4 (embeds an IPv4 address)
  [[0x20, 0x01, 0x00, 0x00], 32], // Teredo
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function matches(bytes: readonly number[], [prefix, bits]: Cidr): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function v4Bytes(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address (zone ids dropped, embedded dotted IPv4 handled). */
export function v6Bytes(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  let tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined) {
    const v4 = v4Bytes(dotted[1]);
    if (v4 === null) return null;
    tail = v4;
    text = `${text.slice(0, -dotted[1].length)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : null;
}

function isPublicV4(bytes: readonly number[]): boolean {
  return !V4_BLOCKED.some((cidr) => matches(bytes, cidr));
}

/**
 * The strict policy: public unicast addresses only. Refuses private, loopback, link-local,
 * carrier-grade NAT, multicast, unspecified, documentation and reserved ranges, and IPv6
 * forms embedding IPv4 (mapped `::ffff:0:0/96`, compatible `::/96`, NAT64 `64:ff9b::/96`)
 * when the embedded address is one of those.
 */
export const publicAddressesOnly: AddressPolicy = (address, family) => {
  if (family === 4) {
    const bytes = v4Bytes(address);
    return bytes !== null && isPublicV4(bytes);
  }
  const bytes = v6Bytes(address);
  if (bytes === null) return false;
  const first10Zero = bytes.slice(0, 10).every((byte) => byte === 0);
  const embedded = bytes.slice(12);
  if (first10Zero && bytes[10] === 0xff && bytes[11] === 0xff) return isPublicV4(embedded);
  if (first10Zero && bytes[10] === 0 && bytes[11] === 0) {
    // ::, ::1 and the deprecated IPv4-compatible block.
    return false;
  }
  if (matches(bytes, [[0x00, 0x64, 0xff, 0x9b], 96])) return isPublicV4(embedded);
  return !V6_BLOCKED.some((cidr) => matches(bytes, cidr));
};

export interface SafeFetchOptions {
  policy: AddressPolicy;
  /** Whole request, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export interface FetchedBody {
  body: Buffer;
  contentType: string | null;
  finalUrl: string;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup that only hands out addresses the policy allows (used by the socket itself). */
function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error !== null) {
        callback(error, []);
        return;
      }
      const allowed = addresses.filter((entry) =>
        policy(entry.address, entry.family === 6 ? 6 : 4),
      );
      if (allowed.length === 0) {
        const refused = new Error(
          `${hostname} resolves to an address that is not allowed`,
        ) as NodeJS.ErrnoException;
        refused.code = 'EADDRNOTALLOWED';
        callback(refused, []);
        return;
      }
      if (options.all === true) callback(null, allowed);
      else callback(null, allowed[0]?.address ?? '', allowed[0]?.family ?? 4);
    });
  };
}

function checkUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundFetchError('Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundFetchError('Only http and https URLs can be fetched');
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundFetchError('URLs with credentials are not fetched');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  // Literal addresses never go through DNS, so they are checked here.
  if (family !== 0 && !policy(host, family === 6 ? 6 : 4)) {
    throw new OutboundFetchError(`${host} is not an allowed address`);
  }
  if (family === 0 && /^localhost\.?$/i.test(host) && !policy('127.0.0.1', 4)) {
    throw new OutboundFetchError('localhost is not an allowed address');
  }
  return url;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function requestOnce(
  url: URL,
  policy: AddressPolicy,
  signal: AbortSignal,
  maxBytes: number,
): Promise<{ status: number; location: string | null; body: Buffer; contentType: string | null }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: guardedLookup(policy),
        signal,
        headers: { accept: 'image/*', 'user-agent': 'RomShelf' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = response.headers['content-type'] ?? null;
        if (REDIRECTS.has(status)) {
          response.resume();
          resolve({
            status,
            location: response.headers.location ?? null,
            body: Buffer.alloc(0),
            contentType,
          });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? '0');
        if (declared > maxBytes) {
          response.destroy();
          reject(new OutboundFetchError(`The file is larger than ${maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new OutboundFetchError(`The file is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, location: null, body: Buffer.concat(chunks), contentType }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * GET through the SSRF guard: http(s) only, every connection's address checked by the policy
 * when the socket connects (so DNS rebinding cannot swap in an internal address after a
 * check), at most `maxRedirects` redirects (each target checked again), a deadline and a body
 * size cap. Throws OutboundFetchError with a message fit for a 400 answer.
 */
export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<FetchedBody> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkUrl(raw, options.policy);
  for (let redirects = 0; ; redirects += 1) {
    let answer;
    try {
      answer = await requestOnce(url, options.policy, signal, options.maxBytes);
    } catch (error) {
      if (error instanceof OutboundFetchError) throw error;
      const err = error as NodeJS.ErrnoException;
      if (err.code === 'EADDRNOTALLOWED') throw new OutboundFetchError(err.message);
      if (signal.aborted) throw new OutboundFetchError('The request timed out');
      throw new OutboundFetchError(`The request failed (${err.code ?? err.message})`);
    }
    if (answer.location !== null || REDIRECTS.has(answer.status)) {
      if (answer.location === null) throw new OutboundFetchError('Redirect without a location');
      if (redirects >= options.maxRedirects) throw new OutboundFetchError('Too many redirects');
      url = checkUrl(new URL(answer.location, url).toString(), options.policy);
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new OutboundFetchError(`The server answered ${answer.status}`);
    }
    return { body: answer.body, contentType: answer.contentType, finalUrl: url.toString() };
  }
}
