import type { DetailedRom, RomListPage, SimpleRom, UserNote } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser, bearer, passwordTokens } from '../../../../test/accounts.js';
import type { TestUser } from '../../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../../test/library-fixtures.js';

/** RomM 5 UserNoteSchema's fields (with the author fields its note routes add). */
const ROMM_NOTE_FIELDS = [
  'content',
  'created_at',
  'id',
  'is_public',
  'tags',
  'title',
  'updated_at',
  'user_avatar_path',
  'user_id',
  'user_updated_at',
  'username',
];

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, {
    'roms/nes/Zelda (USA).nes': 'zelda',
    'roms/nes/Metroid (USA).nes': 'metroid',
  });
  await scanLibrary(test.app, await login(test.app));
  const alice = await addUser(test.app, 'alice', 'viewer');
  const bob = await addUser(test.app, 'bob', 'editor');
  const page = (
    await test.app.inject({ url: '/api/roms', headers: { authorization: ADMIN_AUTH } })
  ).json<RomListPage>();
  const idOf = (fsName: string) => page.items.find((rom) => rom.fs_name === fsName)?.id ?? 0;
  return {
    ...test,
    alice,
    bob,
    zelda: idOf('Zelda (USA).nes'),
    metroid: idOf('Metroid (USA).nes'),
  };
}

function as(user: TestUser) {
  return { authorization: basic(user.username, user.password) };
}

function call(
  app: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
}

function expectRommNote(note: UserNote): void {
  expect(Object.keys(note).sort()).toEqual(ROMM_NOTE_FIELDS);
  expect(typeof note.id).toBe('number');
  expect(typeof note.title).toBe('string');
  expect(typeof note.content).toBe('string');
  expect(typeof note.is_public).toBe('boolean');
  expect(Array.isArray(note.tags)).toBe(true);
  expect(Number.isNaN(Date.parse(note.created_at))).toBe(false);
  expect(Number.isNaN(Date.parse(note.updated_at))).toBe(false);
  expect(typeof note.user_id).toBe('number');
  expect(typeof note.username).toBe('string');
  expect(typeof note.user_avatar_path).toBe('string');
  expect(Number.isNaN(Date.parse(note.user_updated_at))).toBe(false);
}

describe('ROM notes (RomM 5)', () => {
  it('writes several notes per user, in RomM shape, private unless public', async () => {
    const { app, alice, zelda } = await setup();
    const created = await call(app, alice, 'POST', `/api/roms/${zelda}/notes`, {
      title: 'Route',
      content: '# Dungeon 1\n- bombs',
      tags: ['route', 'route', 'dungeon'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const route = created.json<UserNote>();
    expectRommNote(route);
    expect(route).toMatchObject({
      title: 'Route',
      content: '# Dungeon 1\n- bombs',
      is_public: false,
      tags: ['route', 'dungeon'],
      user_id: alice.id,
      username: 'alice',
      user_avatar_path: '',
    });
    const tip = (
      await call(app, alice, 'POST', `/api/roms/${zelda}/notes`, { title: 'Tip', is_public: true })
    ).json<UserNote>();
    expect(tip).toMatchObject({ title: 'Tip', content: '', is_public: true, tags: [] });

    const duplicate = await call(app, alice, 'POST', `/api/roms/${zelda}/notes`, { title: 'Tip' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      detail: 'You already have a note titled "Tip" on this ROM',
    });
    const untitled = await call(app, alice, 'POST', `/api/roms/${zelda}/notes`, { content: 'x' });
    expect(untitled.statusCode).toBe(422);
    expect(typeof untitled.json<{ detail: unknown }>().detail).not.toBe('undefined');
    const noRom = await call(app, alice, 'POST', '/api/roms/999/notes', { title: 'x' });
    expect(noRom.statusCode).toBe(404);
    expect(noRom.json()).toEqual({ detail: 'ROM with id 999 not found' });

    const own = (await call(app, alice, 'GET', `/api/roms/${zelda}/notes`)).json<UserNote[]>();
    expect(own.map((note) => note.title)).toEqual(['Tip', 'Route']);
    const publicOnly = await call(app, alice, 'GET', `/api/roms/${zelda}/notes?public_only=true`);
    expect(publicOnly.json<UserNote[]>().map((note) => note.title)).toEqual(['Tip']);
    const searched = await call(app, alice, 'GET', `/api/roms/${zelda}/notes?search=BOMBS`);
    expect(searched.json<UserNote[]>().map((note) => note.title)).toEqual(['Route']);
    const tagged = await call(
      app,
      alice,
      'GET',
      `/api/roms/${zelda}/notes?tags=route&tags=dungeon`,
    );
    expect(tagged.json<UserNote[]>().map((note) => note.title)).toEqual(['Route']);
    const ids = await call(app, alice, 'GET', `/api/roms/${zelda}/notes/identifiers`);
    expect(ids.json()).toEqual([tip.id, route.id]);
  });

  it('shows others only public notes, and lets only the author change or delete one', async () => {
    const { app, alice, bob, zelda, metroid } = await setup();
    const secret = (
      await call(app, alice, 'POST', `/api/roms/${zelda}/notes`, { title: 'Secret' })
    ).json<UserNote>();
    const shared = (
      await call(app, alice, 'POST', `/api/roms/${zelda}/notes`, {
        title: 'Shared',
        content: 'Go *left*',
        is_public: true,
      })
    ).json<UserNote>();
    await call(app, alice, 'POST', `/api/roms/${metroid}/notes`, { title: 'Mine only' });

    const seen = (await call(app, bob, 'GET', `/api/roms/${zelda}/notes`)).json<UserNote[]>();
    expect(seen).toEqual([shared]);
    expect((await call(app, bob, 'GET', `/api/roms/${zelda}/notes/identifiers`)).json()).toEqual([
      shared.id,
    ]);

    for (const note of [secret, shared]) {
      const url = `/api/roms/${zelda}/notes/${note.id}`;
      const edit = await call(app, bob, 'PUT', url, { content: 'defaced' });
      expect(edit.statusCode).toBe(404);
      expect(edit.json()).toEqual({ detail: 'Note not found or not owned by user' });
      const removal = await call(app, bob, 'DELETE', url);
      expect(removal.statusCode).toBe(404);
      expect(removal.json()).toEqual({ detail: 'Note not found or not owned by user' });
    }
    const adminEdit = await app.inject({
      method: 'PUT',
      url: `/api/roms/${zelda}/notes/${shared.id}`,
      headers: { authorization: ADMIN_AUTH },
      payload: { content: 'defaced' },
    });
    expect(adminEdit.statusCode).toBe(404);
    // The note is on another ROM than the one in the path: not found either.
    const elsewhere = await call(app, alice, 'PUT', `/api/roms/${metroid}/notes/${shared.id}`, {
      content: 'moved',
    });
    expect(elsewhere.statusCode).toBe(404);

    // Details: others' public notes plus the caller's own; has_notes follows what one sees.
    const bobDetail = (
      await app.inject({ url: `/api/roms/${zelda}`, headers: as(bob) })
    ).json<DetailedRom>();
    expect(bobDetail.all_user_notes).toEqual([shared]);
    expect(bobDetail.has_notes).toBe(true);
    const aliceDetail = (
      await app.inject({ url: `/api/roms/${zelda}`, headers: as(alice) })
    ).json<DetailedRom>();
    expect(aliceDetail.all_user_notes.map((note) => note.title)).toEqual(['Shared', 'Secret']);
    const hasNotes = async (user: TestUser) =>
      Object.fromEntries(
        (await app.inject({ url: '/api/roms', headers: as(user) }))
          .json<RomListPage>()
          .items.map((rom) => [rom.fs_name, rom.has_notes]),
      );
    expect(await hasNotes(bob)).toEqual({ 'Metroid (USA).nes': false, 'Zelda (USA).nes': true });
    expect(await hasNotes(alice)).toEqual({ 'Metroid (USA).nes': true, 'Zelda (USA).nes': true });
    const simple = await app.inject({ url: `/api/roms/${metroid}/simple`, headers: as(bob) });
    expect(simple.json<SimpleRom>().has_notes).toBe(false);

    const made = await call(app, alice, 'PUT', `/api/roms/${zelda}/notes/${secret.id}`, {
      is_public: true,
      tags: ['hint'],
    });
    expect(made.statusCode, made.body).toBe(200);
    expectRommNote(made.json<UserNote>());
    expect(made.json<UserNote>()).toMatchObject({
      id: secret.id,
      title: 'Secret',
      is_public: true,
      tags: ['hint'],
    });
    const clash = await call(app, alice, 'PUT', `/api/roms/${zelda}/notes/${secret.id}`, {
      title: 'Shared',
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (await call(app, bob, 'GET', `/api/roms/${zelda}/notes`)).json<UserNote[]>(),
    ).toHaveLength(2);

    const deleted = await call(app, alice, 'DELETE', `/api/roms/${zelda}/notes/${secret.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Note deleted successfully' });
    const again = await call(app, alice, 'DELETE', `/api/roms/${zelda}/notes/${secret.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('checks scopes as RomM: reading needs roms.read, writing roms.user.write', async () => {
    const { app, alice, zelda } = await setup();
    expect((await app.inject({ url: `/api/roms/${zelda}/notes` })).statusCode).toBe(401);
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/roms/${zelda}/notes`,
      payload: { title: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const readOnly = await passwordTokens(app, alice, 'roms.read');
    const headers = { authorization: bearer(readOnly.access_token) };
    expect((await app.inject({ url: `/api/roms/${zelda}/notes`, headers })).statusCode).toBe(200);
    const write = await app.inject({
      method: 'POST',
      url: `/api/roms/${zelda}/notes`,
      headers,
      payload: { title: 'x' },
    });
    expect(write.statusCode).toBe(403);
    expect(typeof write.json<{ detail: unknown }>().detail).toBe('string');
    const badId = await call(app, alice, 'DELETE', `/api/roms/${zelda}/notes/abc`);
    expect(badId.statusCode).toBe(422);
  });
});
