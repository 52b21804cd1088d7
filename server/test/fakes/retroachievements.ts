import type { FakeServer } from './fake-server.js';
import { startFake } from './fake-server.js';

export interface FakeRaGame {
  id: number;
  title: string;
  consoleId: number;
  /** The game's hashes in RetroAchievements' hash library (RA hashes, lower- or upper-case). */
  hashes: string[];
}

/**
 * Fake RetroAchievements Web API: `API_GetGameList.php?i=<console>&h=1` (the console's games
 * with their hashes, the hash library) and `API_GetGameExtended.php?i=<id>` (`[]` for an
 * unknown id). Every call needs the `y` key.
 */
export async function startFakeRetroAchievements(
  games: readonly FakeRaGame[],
): Promise<FakeServer> {
  return startFake((_request, _body, url) => {
    if (url.searchParams.get('y') === null) {
      return { status: 401, body: JSON.stringify({ message: 'Unauthenticated.' }) };
    }
    const id = Number(url.searchParams.get('i'));
    if (url.pathname === '/API/API_GetGameList.php') {
      const list = games
        .filter((game) => game.consoleId === id)
        .map((game) => ({
          Title: game.title,
          ID: game.id,
          ConsoleID: game.consoleId,
          ...(url.searchParams.get('h') === '1' ? { Hashes: game.hashes } : {}),
        }));
      return { body: JSON.stringify(list) };
    }
    if (url.pathname === '/API/API_GetGameExtended.php') {
      const game = games.find((candidate) => candidate.id === id);
      if (game === undefined) return { body: '[]' };
      return {
        body: JSON.stringify({
          ID: game.id,
          Title: game.title,
          ConsoleID: game.consoleId,
          Genre: 'Platformer',
          Released: '1990-01-01',
          Achievements: {},
        }),
      };
    }
    return null;
  });
}
