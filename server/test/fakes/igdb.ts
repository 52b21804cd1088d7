import type { FakeReply, FakeServer } from './fake-server.js';
import { startFake } from './fake-server.js';

/** A game of the fake IGDB catalogue. */
export interface FakeIgdbGame {
  id: number;
  name: string;
  platforms: number[];
  game_type?: number;
  alternative_names?: string[];
  summary?: string;
  genres?: string[];
  first_release_date?: number;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

export interface FakeIgdbOptions {
  clientId?: string;
  clientSecret?: string;
  /** Search terms answered with a 500 (a broken provider). */
  failingTerms?: string[];
}

/**
 * Fake Twitch OAuth + IGDB v4: parses the Apicalypse bodies our client sends (`search`,
 * `where` with `platforms=[n]`, `|`, `game_type=(…)`, `id=n`, `~ *"…"*`, `limit`), omits
 * absent fields, answers 401 without a valid bearer token.
 */
export async function startFakeIgdb(
  games: readonly FakeIgdbGame[],
  options: FakeIgdbOptions = {},
): Promise<FakeServer & { tokens: number; revoke(): void }> {
  let issued = 0;
  let valid = new Set<string>();
  const clientId = options.clientId ?? 'client';
  const clientSecret = options.clientSecret ?? 'secret';
  const state = { tokens: 0 };
  let origin = '';
  const render = (game: FakeIgdbGame) => ({
    id: game.id,
    name: game.name,
    slug: game.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    ...(game.summary === undefined ? {} : { summary: game.summary }),
    ...(game.first_release_date === undefined
      ? {}
      : { first_release_date: game.first_release_date }),
    cover: { id: game.id * 10, url: `${origin}/images/igdb/image/upload/t_thumb/co${game.id}.jpg` },
    platforms: game.platforms.map((id) => ({ id, name: `Platform ${id}` })),
    ...(game.alternative_names === undefined
      ? {}
      : {
          alternative_names: game.alternative_names.map((name, i) => ({
            id: game.id * 100 + i,
            name,
          })),
        }),
    ...(game.genres === undefined
      ? {}
      : { genres: game.genres.map((name, i) => ({ id: i + 1, name })) }),
    total_rating: 80.5,
  });
  const server = await startFake((request, body, url): FakeReply | null => {
    if (url.pathname === '/oauth2/token') {
      if (
        url.searchParams.get('client_id') !== clientId ||
        url.searchParams.get('client_secret') !== clientSecret
      ) {
        return {
          status: 400,
          body: JSON.stringify({ status: 400, message: 'invalid client secret' }),
        };
      }
      issued += 1;
      state.tokens = issued;
      const token = `token-${issued}`;
      valid.add(token);
      return {
        body: JSON.stringify({ access_token: token, expires_in: 5_394_139, token_type: 'bearer' }),
      };
    }
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (request.headers['client-id'] !== clientId || !valid.has(token)) {
      return { status: 401, body: JSON.stringify({ message: 'Authorization Failure' }) };
    }
    const term = /search "([^"]*)"/.exec(body)?.[1];
    if (
      term !== undefined &&
      (options.failingTerms ?? []).some((failing) => term.includes(failing))
    ) {
      return { status: 500, body: 'Internal Server Error' };
    }
    const platforms = [...body.matchAll(/platforms=\[(\d+)\]/g)].map((m) => Number(m[1]));
    const ids = [...body.matchAll(/\bid=(\d+)/g)].map((m) => Number(m[1]));
    const typeList = /game_type=\(([\d,]+)\)/.exec(body)?.[1]?.split(',').map(Number);
    const like = /~ \*"([^"]*)"\*/.exec(body)?.[1];
    const limit = Number(/limit (\d+);/.exec(body)?.[1] ?? 10);
    let list = games.filter(
      (game) =>
        (platforms.length === 0 || game.platforms.some((id) => platforms.includes(id))) &&
        (ids.length === 0 || ids.includes(game.id)) &&
        (typeList === undefined || typeList.includes(game.game_type ?? 0)),
    );
    if (url.pathname.endsWith('/search')) {
      const needle = (like ?? '').toLowerCase();
      list = list.filter((game) =>
        [game.name, ...(game.alternative_names ?? [])].some((name) =>
          name.toLowerCase().includes(needle),
        ),
      );
      return {
        body: JSON.stringify(
          list
            .slice(0, limit)
            .map((game, i) => ({ id: 900_000 + i, game: { id: game.id }, name: game.name })),
        ),
      };
    }
    if (term !== undefined) {
      const wanted = new Set(words(term));
      const scored = list
        .map((game) => ({
          game,
          overlap: Math.max(
            ...[game.name, ...(game.alternative_names ?? [])].map(
              (name) => words(name).filter((word) => wanted.has(word)).length,
            ),
          ),
        }))
        .filter((entry) => entry.overlap > 0)
        .sort((a, b) => b.overlap - a.overlap);
      list = scored.map((entry) => entry.game);
    }
    return { body: JSON.stringify(list.slice(0, limit).map(render)) };
  });
  origin = server.origin;
  const result = Object.assign(server, {
    tokens: 0,
    revoke() {
      valid = new Set();
    },
  });
  Object.defineProperty(result, 'tokens', { get: () => state.tokens });
  return result;
}
