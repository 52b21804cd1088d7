import type { FakeReply, FakeServer } from './fake-server.js';
import { startFake } from './fake-server.js';

/** Fake SteamGridDB v2: bearer key, autocomplete, grids (with a DMCA-locked one first). */
export async function startFakeSteamGridDb(
  games: readonly { id: number; name: string }[],
  apiKey = 'sgdb-key',
): Promise<FakeServer> {
  let origin = '';
  const server = await startFake((request, _body, url): FakeReply | null => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return {
        status: 401,
        body: JSON.stringify({ success: false, errors: ['Invalid key format'] }),
      };
    }
    const search = /^\/search\/autocomplete\/(.+)$/.exec(url.pathname);
    if (search?.[1] !== undefined) {
      const term = decodeURIComponent(search[1]).toLowerCase();
      const data = games
        .filter(
          (game) =>
            game.name.toLowerCase().includes(term) || term.includes(game.name.toLowerCase()),
        )
        .map((game) => ({
          id: game.id,
          name: game.name,
          verified: true,
          types: [],
          release_date: 0,
        }));
      return { body: JSON.stringify({ success: true, data }) };
    }
    const grids = /^\/grids\/game\/(\d+)$/.exec(url.pathname);
    if (grids?.[1] !== undefined) {
      const id = Number(grids[1]);
      if (!games.some((game) => game.id === id)) {
        return {
          status: 404,
          body: JSON.stringify({ success: false, status: 404, errors: ['Game not found'] }),
        };
      }
      const grid = (n: number, lock: boolean) => ({
        id: id * 10 + n,
        score: 3,
        style: 'alternate',
        width: 600,
        height: 900,
        nsfw: false,
        humor: false,
        epilepsy: false,
        lock,
        notes: null,
        mime: 'image/png',
        language: 'en',
        url: `${origin}/images/sgdb/${id}-${n}.png`,
        thumb: `${origin}/images/sgdb/thumb-${id}-${n}.png`,
        upvotes: 1,
        downvotes: 0,
        author: { name: 'gridmaker', steam64: '1', avatar: '' },
      });
      return {
        body: JSON.stringify({
          success: true,
          page: 0,
          total: 2,
          limit: 50,
          data: [grid(0, true), grid(1, false)],
        }),
      };
    }
    return null;
  });
  origin = server.origin;
  return server;
}
