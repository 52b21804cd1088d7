import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import { ADMIN, basic, buildTestApp, createFirstAdmin } from '../../../test/build-test-app.js';

const asAdmin = { authorization: basic(ADMIN.username, ADMIN.password) };

describe('account routes with bad input', () => {
  it('never answer 500', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const boundary = 'b0undary';
    const twoFiles = [
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nAAAA\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="b.png"\r\n\r\nBBBB\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const requests: InjectOptions[] = [
      {
        method: 'PUT',
        url: '/api/users/1',
        headers: { ...asAdmin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: twoFiles,
      },
      {
        method: 'PUT',
        url: '/api/users/1',
        headers: { ...asAdmin, 'content-type': 'multipart/form-data; boundary=x' },
        payload: 'garbage',
      },
      {
        method: 'PUT',
        url: '/api/users/1',
        headers: { ...asAdmin, 'content-type': 'multipart/form-data' },
        payload: 'garbage',
      },
      {
        method: 'PUT',
        url: '/api/users/1',
        headers: asAdmin,
        payload: { ui_settings: '{not json' },
      },
      {
        method: 'PUT',
        url: '/api/users/1',
        headers: asAdmin,
        payload: { ra_username: 'x'.repeat(5000) },
      },
      {
        method: 'PUT',
        url: '/api/users/1',
        headers: { ...asAdmin, 'content-type': 'application/json' },
        payload: '"text"',
      },
      {
        method: 'PUT',
        url: '/api/users/1',
        headers: { ...asAdmin, 'content-type': 'application/json' },
        payload: 'null',
      },
      { method: 'PUT', url: '/api/users/%00', headers: asAdmin },
      {
        method: 'POST',
        url: '/api/users/invite-link?role=viewer&expiration=abc',
        headers: asAdmin,
      },
      {
        method: 'POST',
        url: '/api/users/register',
        payload: { username: 'abc', password: 'abcdef', token: 'x'.repeat(600) },
      },
      { method: 'POST', url: '/api/forgot-password', payload: { username: 'x'.repeat(1000) } },
      { method: 'POST', url: '/api/forgot-password', payload: {} },
      { method: 'POST', url: '/api/reset-password', payload: { token: 5, new_password: [] } },
      {
        method: 'POST',
        url: '/api/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=password&username=' + 'é'.repeat(400) + '&password=x',
      },
      {
        method: 'POST',
        url: '/api/token',
        headers: { 'content-type': 'application/json' },
        payload: '{"grant_type":["a"]}',
      },
      {
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: 'Bearer ' + 'a'.repeat(5000) },
      },
      {
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.' },
      },
      { method: 'GET', url: '/api/oauth/openid?code=x&state=y' },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      expect(response.statusCode, `${JSON.stringify(request.url)} ${response.body}`).toBeLessThan(
        500,
      );
      if (response.statusCode >= 400) {
        expect(response.json<{ detail: unknown }>().detail).toBeDefined();
      }
    }
  });
});
