import { ACCOUNT_ERRORS } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { addUser, bearer, passwordTokens } from '../../../test/accounts.js';
import {
  ADMIN,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import { decodeQuotedPrintable, startFakeSmtp } from '../../../test/fake-smtp.js';
import { memoryWindowLimiters } from '../../lib/expiring-codes.js';
import { UserAccounts } from '../users/user-accounts.js';
import { UsersRepository } from '../users/users.repository.js';
import { MemoryCredentialLimiter } from './credential-limiter.js';
import { AuthService } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { SessionRepository } from './session.repository.js';
import { TokenRepository } from './token.repository.js';
import { VerifiedCredentials } from './verified-credentials.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function appWithSmtp() {
  const smtp = await startFakeSmtp();
  closers.push(smtp.close);
  const built = await buildTestApp({
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'RomShelf <romshelf@example.com>',
      ROMSHELF_BASE_URL: 'https://games.example.com',
    },
  });
  return { ...built, smtp };
}

const forgot = (app: Awaited<ReturnType<typeof buildTestApp>>['app'], username: string) =>
  app.inject({ method: 'POST', url: '/api/forgot-password', payload: { username } });

const reset = (
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  token: string,
  password = 'after-reset',
) =>
  app.inject({
    method: 'POST',
    url: '/api/reset-password',
    payload: { token, new_password: password },
  });

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends every session and token', async () => {
    const { app, smtp } = await appWithSmtp();
    await createFirstAdmin(app);
    const player = await addUser(app, 'player', 'viewer', { email: 'player@example.com' });
    const session = await login(app, player.username, player.password);
    const tokens = await passwordTokens(app, player);

    const asked = await forgot(app, 'Player');
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toBe('null');
    const mail = await smtp.next();
    expect(mail.from).toBe('romshelf@example.com');
    expect(mail.to).toEqual(['player@example.com']);
    const body = decodeQuotedPrintable(mail.data);
    expect(body).toMatch(/^Subject: Reset your RomShelf password$/m);
    const token = /https:\/\/games\.example\.com\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(
      body,
    )?.[1];
    expect(token).toBeDefined();

    const done = await reset(app, token ?? '');
    expect(done.statusCode).toBe(200);
    expect(done.body).toBe('null');
    const me = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect((await me({ cookie: session.cookie })).statusCode).toBe(401);
    expect((await me({ authorization: bearer(tokens.access_token) })).statusCode).toBe(401);
    expect((await me({ authorization: basic('player', player.password) })).statusCode).toBe(401);
    expect((await me({ authorization: basic('player', 'after-reset') })).statusCode).toBe(200);

    const again = await reset(app, token ?? '', 'third-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: ACCOUNT_ERRORS.resetUsed });
  });

  it('answers the same for unknown users and sends nothing', async () => {
    const { app, smtp } = await appWithSmtp();
    await createFirstAdmin(app);
    const unknown = await forgot(app, 'nobody-here');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe('null');
    // A mail for the unknown name would be on its way before that answer; the known user's,
    // asked for afterwards, is then the only connection and message the server receives.
    await forgot(app, ADMIN.username);
    const mail = await smtp.next();
    expect(mail.to).toEqual([ADMIN.email]);
    expect(smtp.messages).toEqual([mail]);
    expect(smtp.connections()).toBe(1);
  });

  it('refuses forged and expired tokens, and 10 minutes is the lifetime', async () => {
    const { app, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const forged = await reset(app, 'forged');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: ACCOUNT_ERRORS.resetInvalid });
    await forgot(app, ADMIN.username);
    const db = await openTestDatabase(dataDir);
    try {
      const row = await db.selectFrom('one_time_token').selectAll().executeTakeFirstOrThrow();
      expect(row.kind).toBe('reset');
      expect((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 1000).toBe(600);
    } finally {
      await db.destroy();
    }
    const weak = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: 'x', new_password: '1' },
    });
    expect(weak.statusCode).toBe(422);
  });

  it('writes the link to the log and expires it after 10 minutes', async () => {
    const { app, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const db = await openTestDatabase(dataDir);
    try {
      const users = new UserAccounts(new UsersRepository(db));
      const tokens = new TokenRepository(db);
      const auth = new AuthService(
        users,
        new SessionRepository(db),
        tokens,
        new MemoryCredentialLimiter(),
        new VerifiedCredentials(Date.now),
        { sessionMaxAgeSeconds: 60, passwordsDisabled: false },
      );
      const info = vi.fn();
      const log = { info, warn: vi.fn() } as unknown as FastifyBaseLogger;
      const service = new PasswordResetService(
        users,
        tokens,
        auth,
        null,
        log,
        { baseUrl: null },
        memoryWindowLimiters(Date.now),
      );
      await service.requestReset('admin', 'http://romshelf.lan:3000', '127.0.0.1');
      expect(info).toHaveBeenCalledTimes(1);
      const message = String(info.mock.calls[0]?.[1]);
      const token =
        /^Password reset link for admin: http:\/\/romshelf\.lan:3000\/reset-password\?token=([A-Za-z0-9_-]{43})$/.exec(
          message,
        )?.[1];
      expect(token).toBeDefined();
      await db
        .updateTable('one_time_token')
        .set({ expires_at: '2000-01-01T00:00:00.000+00:00' })
        .execute();
      await expect(service.reset(token ?? '', 'too-late-pass', '127.0.0.1')).rejects.toMatchObject({
        statusCode: 400,
        detail: ACCOUNT_ERRORS.resetExpired,
      });
      await service.requestReset('nobody', 'http://romshelf.lan:3000', '127.0.0.1');
      expect(info).toHaveBeenCalledTimes(1);
    } finally {
      await db.destroy();
    }
  });
});
