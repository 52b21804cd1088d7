import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from './config/app-config.js';
import type { ConfinedFiles } from './lib/confined-files.js';
import { createSmtpMailer } from './lib/mailer.js';
import { AuthService } from './modules/auth/auth.service.js';
import type { PasswordVerifier } from './modules/auth/auth.service.js';
import { OAuthService } from './modules/auth/oauth.service.js';
import { OidcService } from './modules/auth/oidc.service.js';
import { PasswordResetService } from './modules/auth/password-reset.service.js';
import { loadSecretKey } from './modules/auth/secret-key.js';
import { OneTimeLinks } from './modules/auth/one-time-links.js';
import { VerifiedCredentials } from './modules/auth/verified-credentials.js';
import { ClientTokensService } from './modules/client-tokens/client-tokens.service.js';
import { DeviceAuthService } from './modules/client-tokens/device-auth.service.js';
import { AvatarStore } from './modules/users/avatar.store.js';
import { UserAccounts } from './modules/users/user-accounts.js';
import { UsersService } from './modules/users/users.service.js';
import type { OidcRepository } from './modules/auth/oidc.repository.js';
import type { SessionRepository } from './modules/auth/session.repository.js';
import type { TokenRepository } from './modules/auth/token.repository.js';
import type { ClientTokensRepository } from './modules/client-tokens/client-tokens.repository.js';
import type { DevicesService } from './modules/devices/devices.service.js';
import type { createMetadataProviders } from './modules/metadata/metadata.providers.js';
import type { PermissionsService } from './modules/permissions/permissions.service.js';
import type { UsersRepository } from './modules/users/users.repository.js';
import type { Limits } from './scale-out.js';

/** The repositories accounts are kept in. */
interface AccountRepositories {
  users: UsersRepository;
  sessions: SessionRepository;
  tokens: TokenRepository;
  clientTokens: ClientTokensRepository;
  oidc: OidcRepository;
}

/** What accounts use of the parts shared across modules. */
interface AccountSharedParts {
  files: ConfinedFiles;
  limits: Limits;
  metadataProviders: ReturnType<typeof createMetadataProviders>;
  permissions: PermissionsService;
}

/** Accounts and every way of signing in (part of the composition root). */
export function createAccountServices(
  config: AppConfig,
  repositories: AccountRepositories,
  shared: AccountSharedParts,
  devices: { devices: DevicesService },
  log: FastifyBaseLogger,
  options: { clock?: () => number; verifyPassword?: PasswordVerifier },
) {
  const userAccounts = new UserAccounts(repositories.users);
  const secretKey = loadSecretKey(config.dataDir, config.auth.secretKey);
  const clock = options.clock ?? Date.now;
  const auth = new AuthService(
    userAccounts,
    repositories.sessions,
    repositories.tokens,
    shared.limits.credentials,
    new VerifiedCredentials(clock),
    {
      sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
      passwordsDisabled: config.disableUserpassLogin,
    },
    options.verifyPassword,
  );
  const { shortLived } = shared.limits;
  const clientTokens = new ClientTokensService(
    repositories.clientTokens,
    userAccounts,
    clock,
    shortLived,
  );
  return {
    userAccounts,
    auth,
    clientTokens,
    deviceAuth: new DeviceAuthService(clientTokens, clock, devices.devices, shortLived),
    users: new UsersService(
      repositories.users,
      new OneTimeLinks(repositories.tokens),
      auth,
      new AvatarStore(path.join(config.dataDir, 'assets'), shared.files),
      shared.metadataProviders.ra ?? null,
      { inviteTokenSeconds: config.auth.inviteTokenSeconds, baseUrl: config.baseUrl },
      shortLived.windows,
      shared.permissions,
    ),
    oauth: new OAuthService(userAccounts, repositories.tokens, secretKey, config.auth),
    passwordResets: new PasswordResetService(
      userAccounts,
      repositories.tokens,
      auth,
      config.smtp === null ? null : createSmtpMailer(config.smtp),
      log,
      { baseUrl: config.baseUrl },
      shortLived.windows,
    ),
    oidc: new OidcService(config.oidc, userAccounts, repositories.oidc, secretKey, log),
  };
}
