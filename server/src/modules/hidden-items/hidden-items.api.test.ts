import type { HiddenItem, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { buildCollectionLibrary } from '../../../test/collection-library.js';

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
    expect(
      (await hide({ entity: 'platforms', entity_id: snes, user_id: alice.id })).statusCode,
    ).toBe(200);

    const names = async (user: typeof alice) =>
      (await lib.as(user, 'GET', '/api/roms?order_by=name&with_total=true'))
        .json<RomListPage>()
        .items.map((rom) => rom.name);
    expect(await names(alice)).toEqual(['Beta', 'Delta', 'Epsilon', 'Gamma']);
    expect(await names(bob)).toEqual(['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma', 'Zeta']);
    expect((await lib.as(alice, 'GET', `/api/roms/${String(alpha)}`)).statusCode).toBe(404);
    expect((await lib.as(alice, 'GET', `/api/platforms/${String(snes)}`)).statusCode).toBe(404);
    expect((await lib.as(bob, 'GET', `/api/roms/${String(alpha)}`)).statusCode).toBe(200);
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
    expect(await names(alice)).toEqual(['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma']);
  });
});
