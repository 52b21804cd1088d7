// @ts-check
/**
 * The GET the latency figures are taken with: Node's own HTTP client on one kept-alive
 * connection, asking for brotli or gzip as browsers and RomM's apps do and decoding the body.
 *
 * Not `fetch`: on this 2-core machine Node's fetch (undici) spent about 2.4 ms of the bench
 * process's CPU per request, more than the server's own work on a list page, and its garbage
 * collections added milliseconds to one request in twenty (the /api/heartbeat p95 was 6.4 ms
 * through fetch against 3.0 ms here). A browser's network stack is native code; these figures
 * are meant to be the server's and the wire's, not the benchmark's.
 */
import http from 'node:http';
import zlib from 'node:zlib';

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * @param {string} url @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, ok: boolean, body: Buffer, wireBytes: number }>}
 */
export function httpGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { 'accept-encoding': 'br, gzip', ...headers } },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          try {
            const body =
              encoding === 'br'
                ? zlib.brotliDecompressSync(wire)
                : encoding === 'gzip'
                  ? zlib.gunzipSync(wire)
                  : wire;
            const status = response.statusCode ?? 0;
            resolve({ status, ok: status >= 200 && status < 300, body, wireBytes: wire.length });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
  });
}

/** A GET's body as JSON. @param {string} url @param {Record<string, string>} [headers] */
export async function httpGetJson(url, headers) {
  const response = await httpGet(url, headers);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return JSON.parse(response.body.toString('utf8'));
}
