import type { Collection, RomListPage } from '@romshelf/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import { addUser } from './accounts.js';
import type { TestUser } from './accounts.js';
import type { TestAppOptions } from './build-test-app.js';
import { ADMIN, basic, buildTestApp, createFirstAdmin, login } from './build-test-app.js';
import { scanLibrary, writeTree } from './library-fixtures.js';

/** A multipart form of text fields and an optional `artwork` file. */
export function collectionForm(fields: Record<string, string>, artwork?: Buffer) {
  const boundary = '----romshelf-collection';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (artwork !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="artwork"; filename="cover.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      artwork,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A signed-in caller's requests. */
export interface Caller {
  user: TestUser;
  auth: string;
  get(url: string): Promise<LightMyRequestResponse>;
  send(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: object | { payload: Buffer; headers: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Creates a collection (multipart, as RomM's web app) and returns it. */
  create(name: string, query?: string, fields?: Record<string, string>): Promise<Collection>;
  /** Ids of a `GET /api/roms` query. */
  romIds(query: string): Promise<number[]>;
}

export function callerOf(app: FastifyInstance, user: TestUser): Caller {
  const auth = basic(user.username, user.password);
  const caller: Caller = {
    user,
    auth,
    get: (url) => app.inject({ url, headers: { authorization: auth } }),
    send: (method, url, body) => {
      if (body !== undefined && 'payload' in body && Buffer.isBuffer(body.payload)) {
        return app.inject({
          method,
          url,
          payload: body.payload,
          headers: { authorization: auth, ...body.headers },
        });
      }
      return app.inject({ method, url, payload: body, headers: { authorization: auth } });
    },
    create: async (name, query = '', fields = {}) => {
      const response = await caller.send(
        'POST',
        `/api/collections${query}`,
        collectionForm({ name, ...fields }),
      );
      if (response.statusCode !== 200) {
        throw new Error(`collection not created: ${response.statusCode} ${response.body}`);
      }
      return response.json<Collection>();
    },
    romIds: async (query) => {
      const response = await caller.get(`/api/roms?limit=500&${query}`);
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      return response.json<RomListPage>().items.map((rom) => rom.id);
    },
  };
  return caller;
}

/** Games of the small collections library, by file name. */
export const COLLECTION_GAMES = {
  'roms/nes/Alpha (USA).nes': 'alpha',
  'roms/nes/Bravo (USA).nes': 'bravo',
  'roms/nes/Charlie (Europe).nes': 'charlie',
  'roms/snes/Delta (USA).sfc': 'delta',
  'roms/snes/Echo (Japan).sfc': 'echo',
} as const;

/** A scanned library of five games, the admin and two viewers (`alice`, `bob`). */
export async function collectionsLibrary(options: TestAppOptions = {}) {
  const test = await buildTestApp(options);
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, COLLECTION_GAMES);
  await scanLibrary(test.app, await login(test.app));
  const admin = callerOf(test.app, { id: 1, username: ADMIN.username, password: ADMIN.password });
  const alice = callerOf(test.app, await addUser(test.app, 'alice', 'viewer'));
  const bob = callerOf(test.app, await addUser(test.app, 'bob', 'viewer'));
  const page = (await admin.get('/api/roms?limit=100')).json<RomListPage>();
  const romId = (name: string) => {
    const rom = page.items.find((item) => item.fs_name === name);
    if (rom === undefined) throw new Error(`no ROM ${name}`);
    return rom.id;
  };
  return { ...test, admin, alice, bob, romId };
}
