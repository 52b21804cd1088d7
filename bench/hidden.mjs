// @ts-check
/**
 * Lists for a user something is hidden from (issue 36): a viewer with the second-biggest
 * platform hidden reads the pages list.mjs times, with list.mjs's targets. Hiding must not slow
 * lists: the caller's hidden items are a filter on the same indexes, kept per visibility.
 */
import { deepOffset, latency, romsUrl, timedGet } from './list.mjs';

const requests = Number(process.env.BENCH_LIST_REQUESTS ?? 200);
const KID = { username: 'bench-kid', password: 'bench-kid-password', email: 'kid@example.com' };

/**
 * @param {string} url @param {string} basic @param {string} method @param {object} body
 * @returns {Promise<Response>}
 */
async function send(url, basic, method, body) {
  const response = await fetch(url, {
    method,
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status}`);
  return response;
}

/** The kid's session cookie. @param {string} baseUrl */
async function signIn(baseUrl) {
  const basic = `Basic ${Buffer.from(`${KID.username}:${KID.password}`).toString('base64')}`;
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { authorization: basic },
  });
  const session = login.headers.getSetCookie().find((cookie) => cookie.startsWith('romm_session='));
  if (session === undefined) throw new Error(`the kid's sign-in failed: HTTP ${login.status}`);
  return session.split(';')[0] ?? '';
}

/**
 * @param {import('./list.mjs').BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function hiddenFigures(ctx) {
  const [biggest, hidden] = [...ctx.platforms].sort((a, b) => b.rom_count - a.rom_count);
  if (biggest === undefined || hidden === undefined) {
    return [['lists with a hidden platform', 'skipped: the library has one platform']];
  }
  const created = await send(`${ctx.baseUrl}/api/users`, ctx.basic, 'POST', {
    ...KID,
    role: 'viewer',
  });
  const kidId = /** @type {{ id: number }} */ (await created.json()).id;
  const hiding = { entity: 'platforms', entity_id: hidden.id, user_id: kidId };
  await send(`${ctx.baseUrl}/api/permissions/hidden`, ctx.basic, 'POST', hiding);
  try {
    const cookie = await signIn(ctx.baseUrl);
    const visible = ctx.romCount - hidden.rom_count;
    const size = `${visible.toLocaleString('en')} of ${ctx.romCount.toLocaleString('en')} ROMs`;
    const pages = [
      ['all, first page', romsUrl(ctx.baseUrl, { offset: '0' })],
      ['all, deep page', romsUrl(ctx.baseUrl, { offset: deepOffset(visible) })],
      [`${biggest.slug}, first page`, romsUrl(ctx.baseUrl, { platform_id: String(biggest.id) })],
      [
        `${biggest.slug}, deep page`,
        romsUrl(ctx.baseUrl, {
          platform_id: String(biggest.id),
          offset: deepOffset(biggest.rom_count),
        }),
      ],
    ];
    /** @type {[string, string][]} */
    const rows = [];
    const first = await timedGet(pages[0]?.[1] ?? '', { cookie });
    rows.push([
      `GET /api/roms first request of a user with ${hidden.slug} hidden (${size})`,
      `${first.ms.toFixed(1)} ms`,
    ]);
    for (const [label, url] of pages) {
      rows.push([
        `GET /api/roms by name, ${label}, ${hidden.slug} hidden, cookie (${size})`,
        await latency(ctx.serverPid, [url ?? ''], { cookie }, requests, 10),
      ]);
    }
    return rows;
  } finally {
    await send(`${ctx.baseUrl}/api/permissions/hidden`, ctx.basic, 'DELETE', hiding);
  }
}
