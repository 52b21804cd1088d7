import { describe, expect, it } from 'vitest';

import { buildTestApp, INDEX_HTML, makeTempDir } from '../../../test/build-test-app.js';
import { NOT_BUILT_PAGE } from './web.routes.js';

describe('single-page app', () => {
  it('serves index.html for client routes (history fallback)', async () => {
    const { app } = await buildTestApp();
    for (const url of ['/', '/platform/3', '/setup', '/rom/12/ejs?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('caches hashed assets for a year', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves locale files, and answers 404 JSON for a missing one', async () => {
    const { app } = await buildTestApp();
    const found = await app.inject({ method: 'GET', url: '/locales/en_US/common.json' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ hello: 'Hello' });
    const missing = await app.inject({ method: 'GET', url: '/locales/xx_XX/common.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not Found' });
  });

  it('answers 404 JSON for unknown API routes, whatever the method', async () => {
    const { app } = await buildTestApp();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/users'],
      ['GET', '/api'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ detail: 'Not Found' });
    }
  });

  it('shows a hint page when the web app is not built', async () => {
    const { app } = await buildTestApp({ webDir: makeTempDir('romshelf-noweb-') + '/missing' });
    const response = await app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(NOT_BUILT_PAGE);
    expect(response.body).toContain('npm run build');
  });

  it('sends a content security policy that allows the app', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('API documentation', () => {
  it('publishes the OpenAPI document at /openapi.json', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/config',
        '/api/heartbeat',
        '/api/login',
        '/api/logout',
        '/api/token',
        '/api/forgot-password',
        '/api/reset-password',
        '/api/login/openid',
        '/api/oauth/openid',
        '/api/users',
        '/api/users/me',
        '/api/users/invite-link',
        '/api/users/register',
        '/api/users/{id}',
        '/api/users/{id}/avatar',
        '/api/users/{id}/ra/refresh',
        '/api/platforms',
        '/api/platforms/{id}',
        '/api/roms',
        '/api/roms/by-hash',
        '/api/roms/by-metadata-provider',
        '/api/roms/{id}',
        '/api/roms/{id}/content/{file_name}',
      ]),
    );
  });

  it('names the entities once under components and every reference resolves', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    const text = response.body;
    const document = JSON.parse(text) as {
      components: { schemas: Record<string, unknown> };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const names = Object.keys(document.components.schemas);
    expect(names).toEqual(
      expect.arrayContaining([
        'DetailedRomSchema',
        'PlatformSchema',
        'UserSchema',
        'ErrorResponse',
      ]),
    );
    expect(names.filter((name) => name.endsWith('Input'))).toEqual([]);
    expect(document.paths['/api/roms/{id}']?.get?.responses['200']).toMatchObject({
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/DetailedRomSchema' } },
      },
    });
    const referenced = new Set(
      [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]),
    );
    expect([...referenced].filter((name) => name === undefined || !names.includes(name))).toEqual(
      [],
    );
    expect(names.filter((name) => !referenced.has(name))).toEqual([]);
  });

  it('serves the human docs at /api/docs', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
