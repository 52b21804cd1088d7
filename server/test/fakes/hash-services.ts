import type { FakeReply, FakeServer } from './fake-server.js';
import { startFake } from './fake-server.js';

export interface FakeHashEntry {
  md5: string;
  hasheousId?: number;
  name?: string;
  igdbId?: number;
  raId?: number;
  playmatch?: { igdb?: number; ss?: number; moby?: number; launchbox?: number; sgdb?: number };
}

/**
 * Fake Hasheous (`POST /Lookup/ByHash`, array or object body, 404 on a miss, `TheGamesDb`
 * spelling, client key required) and Playmatch (`GET /identify/ids`, `NoMatch` + `id: null`).
 */
export async function startFakeHashServices(
  entries: readonly FakeHashEntry[],
): Promise<FakeServer> {
  return startFake((request, body, url): FakeReply | null => {
    if (url.pathname === '/hasheous/Lookup/ByHash') {
      if (request.headers['x-client-api-key'] === undefined) {
        return { status: 401, body: JSON.stringify({ title: 'Unauthorized' }) };
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return { status: 400, body: '{"title":"bad body"}' };
      }
      const first = (Array.isArray(parsed) ? parsed[0] : parsed) as
        Record<string, string> | undefined;
      const md5 = first?.mD5 ?? first?.MD5 ?? first?.md5;
      const entry = entries.find(
        (candidate) => candidate.md5 === md5 && candidate.hasheousId !== undefined,
      );
      if (entry === undefined) return { status: 404, body: '' };
      const meta = (source: string, id: number | undefined) => ({
        id: id === undefined ? '' : String(id),
        immutableId: id === undefined ? '' : String(id),
        status: id === undefined ? 'NotMapped' : 'Mapped',
        matchMethod: id === undefined ? 'NoMatch' : 'Automatic',
        source,
        link: '',
        lastSearch: '2026-01-04T10:00:00',
        nextSearch: '2026-02-04T10:00:00',
        winningVoteCount: 0,
        totalVoteCount: 0,
        winningVotePercent: 0,
      });
      return {
        body: JSON.stringify({
          id: entry.hasheousId,
          name: entry.name ?? 'Game',
          signatures: {
            NoIntros: [{ game: { id: '1', name: entry.name }, rom: { md5: entry.md5 } }],
          },
          metadata: [
            meta('IGDB', entry.igdbId),
            meta('RetroAchievements', entry.raId),
            meta('TheGamesDb', 4242),
          ],
          attributes: [
            {
              link: '/images/5B2C0F0E8D7A6B5C4D3E2F1A0B9C8D7E6F5A4B3C',
              id: 20117,
              attributeType: 'ImageId',
              attributeName: 'Logo',
              attributeRelationType: 'None',
              value: '5B2C0F0E8D7A6B5C4D3E2F1A0B9C8D7E6F5A4B3C',
            },
          ],
        }),
      };
    }
    if (url.pathname === '/playmatch/identify/ids') {
      const entry = entries.find(
        (candidate) => candidate.md5 === url.searchParams.get('md5') && candidate.playmatch,
      );
      if (entry?.playmatch === undefined) {
        return {
          headers: { 'x-cache': 'MISS' },
          body: JSON.stringify({ gameMatchType: 'NoMatch', id: null }),
        };
      }
      const names: Record<string, string> = {
        igdb: 'IGDB',
        ss: 'ScreenScraper',
        moby: 'MobyGames',
        launchbox: 'LaunchBox',
        sgdb: 'SteamGridDB',
      };
      return {
        body: JSON.stringify({
          gameMatchType: 'MD5',
          id: '0b6f3c1e-4a2d-4f7b-9e8a-1c2d3e4f5a6b',
          externalMetadata: [
            ...Object.entries(entry.playmatch).map(([key, id]) => ({
              providerName: names[key],
              providerId: String(id),
              matchType: 'Automatic',
              comment: null,
            })),
            { providerName: 'SteamGridDB', providerId: null, matchType: 'Failed', comment: null },
          ],
        }),
      };
    }
    return null;
  });
}
