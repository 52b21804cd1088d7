import type { FakeReply, FakeServer } from './fake-server.js';
import { startFake } from './fake-server.js';

export interface FakeSsGame {
  id: number;
  systemId: number;
  names: { region: string; text: string }[];
  md5?: string;
  synopsis?: string;
  notGame?: boolean;
  /** The game's manual (media `manuel`), served as this PDF. */
  manualPdf?: Buffer;
}

export type SsMode = 'ok' | 'login-error' | 'quota' | 'plain-400' | 'bad-escape';

function envelope(origin: string, response: Record<string, unknown>): string {
  return JSON.stringify({
    header: {
      APIversion: '2.0',
      dateTime: '2026-03-02 10:14:07',
      commandRequested: `${origin}/jeuInfos.php?ssid=xxx&sspassword=xxx`,
      success: 'true',
      error: '',
    },
    response: {
      serveurs: { cpu1: '12', threadsmin: '3200' },
      ssuser: { id: 'demo', maxthreads: '1', maxrequestspermin: '3072' },
      ...response,
    },
  });
}

function jeu(origin: string, game: FakeSsGame) {
  return {
    id: String(game.id),
    romid: '1',
    notgame: game.notGame === true ? 'true' : 'false',
    noms: game.names,
    systeme: { id: String(game.systemId), text: 'System' },
    editeur: { id: '9', text: 'Publisher' },
    developpeur: { id: '10', text: 'Developer' },
    joueurs: { text: '1-2' },
    note: { text: '16' },
    topstaff: null,
    synopsis: [{ langue: 'en', text: game.synopsis ?? `About ${game.names[0]?.text ?? ''}` }],
    classifications: [{ type: 'ESRB', text: 'E' }],
    dates: [{ region: 'us', text: '1994-04-18' }],
    genres: [
      {
        id: '13',
        nomcourt: '0207',
        principale: '1',
        parentid: '0',
        noms: [{ langue: 'en', text: 'Platform' }],
      },
    ],
    medias: [
      {
        type: 'box-2D',
        parent: 'jeu',
        url: `${origin}/images/ss/${game.id}.png?devid=dev&ssid=user&sspassword=pass&media=box-2D(us)`,
        region: 'us',
        format: 'png',
      },
      {
        type: 'ss',
        parent: 'jeu',
        url: `${origin}/images/ss/${game.id}-ss.png`,
        region: 'wor',
        format: 'png',
      },
      ...(game.manualPdf === undefined
        ? []
        : [
            {
              type: 'manuel',
              parent: 'jeu',
              url: `${origin}/medias/manuel/${game.id}.pdf?ssid=user&sspassword=pass`,
              region: 'us',
              format: 'pdf',
            },
          ]),
    ],
  };
}

/**
 * Fake ScreenScraper api2: string-typed JSON, `jeux:[{}]` for no hit, and its plain-text
 * (Latin-1) errors under a JSON content type.
 */
export async function startFakeScreenScraper(
  games: readonly FakeSsGame[],
  options: { mode?: SsMode } = {},
): Promise<FakeServer & { setMode(mode: SsMode): void }> {
  let mode: SsMode = options.mode ?? 'ok';
  let origin = '';
  const latin1 = (text: string, status: number): FakeReply => ({
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(text, 'latin1'),
  });
  const server = await startFake((_request, _body, url): FakeReply | null => {
    if (mode === 'login-error') return latin1('Erreur de login : Vérifier vos identifiants !', 200);
    if (mode === 'quota') return latin1('Le quota de scrape journalier est dépassé', 430);
    if (mode === 'plain-400') return latin1('Champ crc, md5 ou sha1 erroné', 400);
    const params = url.searchParams;
    const manual = /\/medias\/manuel\/(\d+)\.pdf$/.exec(url.pathname);
    if (manual !== null) {
      const pdf = games.find((game) => game.id === Number(manual[1]))?.manualPdf;
      return pdf === undefined
        ? null
        : { headers: { 'content-type': 'application/pdf' }, body: pdf };
    }
    const system = Number(params.get('systemeid'));
    if (url.pathname.endsWith('/jeuInfos.php')) {
      const byId = params.get('gameid');
      const game = games.find(
        (entry) =>
          (byId !== null && entry.id === Number(byId)) ||
          (params.get('md5') !== null &&
            entry.md5 === params.get('md5') &&
            entry.systemId === system),
      );
      if (game === undefined) return latin1('Erreur : Jeu non trouvée !  ', 404);
      const body = envelope(origin, { jeu: jeu(origin, game) });
      return { body: mode === 'bad-escape' ? body.replace('About', 'C:\\Games About') : body };
    }
    if (url.pathname.endsWith('/jeuRecherche.php')) {
      const term = (params.get('recherche') ?? '').toLowerCase();
      const words = term.split(/[^a-z0-9]+/).filter(Boolean);
      const hits = games.filter(
        (game) =>
          game.systemId === system &&
          game.names.some((name) => words.some((word) => name.text.toLowerCase().includes(word))),
      );
      return {
        body: envelope(origin, {
          jeux: hits.length === 0 ? [{}] : hits.map((game) => jeu(origin, game)),
        }),
      };
    }
    return null;
  });
  origin = server.origin;
  return Object.assign(server, {
    setMode(next: SsMode) {
      mode = next;
    },
  });
}
