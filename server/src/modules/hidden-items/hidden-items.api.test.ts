import type {
  ActivityEntry,
  HiddenItem,
  MyPermissions,
  PermissionsChangedPayload,
  RomListPage,
} from '@romshelf/contract';
import { PERMISSION_EVENTS } from '@romshelf/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import type { TestUser } from '../../../test/accounts.js';
import { addUser } from '../../../test/accounts.js';
import { login, openTestDatabase } from '../../../test/build-test-app.js';
import type { CollectionLibrary } from '../../../test/collection-library.js';
import { buildCollectionLibrary } from '../../../test/collection-library.js';
import { connectSocket } from '../../../test/library-fixtures.js';

const ALL_NAMES = ['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma', 'Zeta'];

/** A permission group "Kids" holding the given users (what the groups admin page creates). */
async function kidsGroup(lib: CollectionLibrary, members: readonly TestUser[]): Promise<number> {
  const db = await openTestDatabase(lib.dataDir);
  try {
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('permission_group')
      .values({ name: 'Kids', system_key: null, color: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The Kids may do what viewers do: hiding, not scopes, is what this test is about.
    await sql`INSERT INTO permission_group_grant (group_id, entity, action, own_only)
      SELECT ${id}, entity, action, own_only FROM permission_group_grant
      WHERE group_id = (SELECT id FROM permission_group WHERE system_key = 'viewer')`.execute(db);
    for (const member of members) {
      await sql`UPDATE ${sql.table('user')} SET permission_group_id = ${id}
        WHERE id = ${member.id}`.execute(db);
    }
    return id;
  } finally {
    await db.destroy();
  }
}

async function namesSeenBy(lib: CollectionLibrary, user: TestUser): Promise<string[]> {
  const page = await lib.as(user, 'GET', '/api/roms?order_by=name&with_total=true');
  return page.json<RomListPage>().items.map((rom) => rom.name ?? '');
}

describe('hidden platforms and ROMs', () => {
  it('hides a ROM and a platform from one user only, and shows them again', async () => {
    const lib = await buildCollectionLibrary();
    const { admin, alice, bob } = lib.users;
    const alpha = lib.romId('Alpha (USA).nes');
    const snes = lib.platformId('snes');
    const hide = (payload: object) => lib.as(admin, 'POST', '/api/permissions/hidden', payload);

    const hidden = await hide({ entity: 'roms', entity_id: alpha, user_id: alice.id });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ entity: 'roms', entity_id: alpha });
    const again = await hide({ entity: 'platforms', entity_id: snes, user_id: alice.id });
    expect(again.statusCode).toBe(200);
    // Hiding twice changes nothing.
    expect((await hide({ entity: 'roms', entity_id: alpha, user_id: alice.id })).statusCode).toBe(
      200,
    );

    expect(await namesSeenBy(lib, alice)).toEqual(['Beta', 'Delta', 'Epsilon', 'Gamma']);
    expect(await namesSeenBy(lib, bob)).toEqual(ALL_NAMES);
    expect(await namesSeenBy(lib, admin)).toEqual(ALL_NAMES);
    const detail = await lib.as(alice, 'GET', `/api/roms/${String(alpha)}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toEqual({ detail: `ROM with id ${String(alpha)} not found` });
    expect((await lib.as(alice, 'GET', `/api/platforms/${String(snes)}`)).statusCode).toBe(404);
    expect((await lib.as(bob, 'GET', `/api/roms/${String(alpha)}`)).statusCode).toBe(200);
    // RomM's apps read what is hidden from them in /api/permissions/me.
    const hiddenOf = async (user: TestUser) =>
      (await lib.as(user, 'GET', '/api/permissions/me')).json<MyPermissions>().hidden;
    expect(await hiddenOf(alice)).toEqual({ platforms: [snes], roms: [alpha] });
    expect(await hiddenOf(bob)).toEqual({ platforms: [], roms: [] });
    expect((await lib.as(admin, 'GET', '/api/permissions/hidden')).json<HiddenItem[]>()).toEqual([
      {
        entity: 'platforms',
        entity_id: snes,
        user_id: alice.id,
        group_id: null,
        principal_name: 'alice',
      },
      {
        entity: 'roms',
        entity_id: alpha,
        user_id: alice.id,
        group_id: null,
        principal_name: 'alice',
      },
    ]);

    const shown = await lib.as(admin, 'DELETE', '/api/permissions/hidden', {
      entity: 'roms',
      entity_id: alpha,
      user_id: alice.id,
    });
    expect(shown.statusCode).toBe(204);
    expect(await namesSeenBy(lib, alice)).toEqual(['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma']);
  });

  it("hides from every member of a group (and the default group's users without one)", async () => {
    const lib = await buildCollectionLibrary();
    const { admin, alice, bob } = lib.users;
    const carol = await addUser(lib.app, 'carol', 'viewer');
    const kids = await kidsGroup(lib, [alice, carol]);
    const nes = lib.platformId('nes');
    const change = (method: 'POST' | 'DELETE', groupId: number) =>
      lib.as(admin, method, '/api/permissions/hidden', {
        entity: 'platforms',
        entity_id: nes,
        group_id: groupId,
      });

    const socket = await connectSocket(lib.app, await login(lib.app, 'alice', alice.password));
    const told = new Promise<PermissionsChangedPayload>((resolve) => {
      socket.once(PERMISSION_EVENTS.changed, resolve);
    });
    expect((await change('POST', kids)).statusCode).toBe(200);
    expect(await told).toEqual({ user_id: alice.id });
    expect(await namesSeenBy(lib, alice)).toEqual(['Zeta']);
    expect(await namesSeenBy(lib, carol)).toEqual(['Zeta']);
    expect(await namesSeenBy(lib, bob)).toEqual(ALL_NAMES);
    expect((await lib.as(admin, 'GET', '/api/permissions/hidden')).json<HiddenItem[]>()).toEqual([
      {
        entity: 'platforms',
        entity_id: nes,
        user_id: null,
        group_id: kids,
        principal_name: 'Kids',
      },
    ]);

    expect((await change('DELETE', kids)).statusCode).toBe(204);
    expect(await namesSeenBy(lib, alice)).toEqual(ALL_NAMES);

    // Bob has the Viewer group, the default (id 1).
    expect((await change('POST', 1)).statusCode).toBe(200);
    expect(await namesSeenBy(lib, bob)).toEqual(['Zeta']);
    expect(await namesSeenBy(lib, alice)).toEqual(ALL_NAMES);
  });

  it("never tells a user's open pages that someone plays a game hidden from them", async () => {
    const lib = await buildCollectionLibrary();
    const { admin, alice, bob } = lib.users;
    const alpha = lib.romId('Alpha (USA).nes');
    const beta = lib.romId('Beta (USA).nes');
    const hidden = await lib.as(admin, 'POST', '/api/permissions/hidden', {
      entity: 'roms',
      entity_id: alpha,
      user_id: alice.id,
    });
    expect(hidden.statusCode).toBe(200);
    const heardBy = async (user: TestUser) => {
      const socket = await connectSocket(
        lib.app,
        await login(lib.app, user.username, user.password),
      );
      const heard: number[] = [];
      socket.on('activity:update', (entry: ActivityEntry) => heard.push(entry.rom_id));
      return heard;
    };
    const aliceHeard = await heardBy(alice);
    const bobHeard = await heardBy(bob);

    const player = await connectSocket(
      lib.app,
      await login(lib.app, admin.username, admin.password),
    );
    player.emit('activity:start', { rom_id: alpha, device_id: 'web-tab-1' });
    await expect.poll(() => bobHeard).toEqual([alpha]);
    player.emit('activity:start', { rom_id: beta, device_id: 'web-tab-1' });
    await expect.poll(() => bobHeard).toEqual([alpha, beta]);
    // Beta's update came after Alpha's: Alice's page, which heard Beta, never heard Alpha.
    await expect.poll(() => aliceHeard).toEqual([beta]);
  });

  it('never hides anything from admins', async () => {
    const lib = await buildCollectionLibrary();
    const { admin } = lib.users;
    const posted = await lib.as(admin, 'POST', '/api/permissions/hidden', {
      entity: 'platforms',
      entity_id: lib.platformId('nes'),
      user_id: admin.id,
    });
    expect(posted.statusCode).toBe(200);
    expect(await namesSeenBy(lib, admin)).toEqual(ALL_NAMES);
  });

  it('answers 400 for no or two principals or another entity, 404 for an unknown one', async () => {
    const lib = await buildCollectionLibrary();
    const { admin, alice } = lib.users;
    const post = (payload: object) => lib.as(admin, 'POST', '/api/permissions/hidden', payload);
    const rom = { entity: 'roms', entity_id: lib.romId('Beta (USA).nes') };
    const answers = [
      await post(rom),
      await post({ ...rom, user_id: alice.id, group_id: 1 }),
      await post({ entity: 'collections', entity_id: 1, user_id: alice.id }),
      await post({ ...rom, user_id: 999 }),
      await post({ ...rom, group_id: 999 }),
      await lib.as(admin, 'DELETE', '/api/permissions/hidden', rom),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json<unknown>()])).toEqual([
      [400, { detail: 'Exactly one of user_id or group_id must be set' }],
      [400, { detail: 'Exactly one of user_id or group_id must be set' }],
      [400, { detail: 'Only platforms and roms can be hidden' }],
      [404, { detail: 'User with id 999 not found' }],
      [404, { detail: 'Permission group with id 999 not found' }],
      [400, { detail: 'Exactly one of user_id or group_id must be set' }],
    ]);
  });

  it('is for admins only', async () => {
    const lib = await buildCollectionLibrary();
    const editor = await addUser(lib.app, 'eddie', 'editor');
    const body = { entity: 'roms', entity_id: lib.romId('Beta (USA).nes'), user_id: editor.id };
    const answers = [
      await lib.as(editor, 'POST', '/api/permissions/hidden', body),
      await lib.as(editor, 'DELETE', '/api/permissions/hidden', body),
      await lib.as(lib.users.alice, 'GET', '/api/permissions/hidden'),
      await lib.app.inject({ method: 'GET', url: '/api/permissions/hidden' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 401]);
  });
});
