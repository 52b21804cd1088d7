import { FULL_SCOPES } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { bearer, seedRoles } from '../../../test/accounts.js';
import { ADMIN_AUTH, buildTestApp } from '../../../test/build-test-app.js';

describe('Bearer rmm_ tokens on every API route', () => {
  it('pass where the token holds the route scopes and answer 403 where it does not', async () => {
    const { app } = await buildTestApp();
    const { admin } = await seedRoles(app);
    const create = async (name: string, scopes: readonly string[]) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/client-tokens',
        headers: { authorization: ADMIN_AUTH },
        payload: { name, scopes },
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ raw_token: string }>().raw_token;
    };
    // Routes are called with id 1 in every parameter: this first token takes that id, so
    // revoking or regenerating "token 1" never touches the tokens under test.
    await create('target of the token routes', ['me.read']);
    const full = await create('everything', FULL_SCOPES);
    const narrow = await create('profile only', ['me.read']);

    const failures: string[] = [];
    let checked = 0;
    for (const route of app.registeredRoutes) {
      const { access } = route;
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
      if (route.method === 'HEAD' || access === undefined || 'public' in access) continue;
      checked += 1;
      const url = route.url.replace(/:[A-Za-z_]+/g, String(admin.id)).replace(/\*$/, 'x');
      const cases: [string, string, readonly string[]][] = [
        ['full', full, FULL_SCOPES],
        ['narrow', narrow, ['me.read']],
      ];
      for (const [label, raw, held] of cases) {
        const response = await app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: bearer(raw) },
        });
        const allowed = access.scopes.every((scope) => held.includes(scope));
        const status = response.statusCode;
        const ok = allowed ? status !== 401 && status !== 403 && status < 500 : status === 403;
        if (!ok) failures.push(`${label} ${route.method} ${url} → ${status}`);
      }
    }
    expect(checked).toBeGreaterThan(80);
    expect(failures).toEqual([]);
  });
});
