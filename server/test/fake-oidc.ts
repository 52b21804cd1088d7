import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { SignJWT, exportJWK, generateKeyPair } from 'jose';

export interface FakeOidcOptions {
  clientId: string;
  clientSecret: string;
}

export interface FakeOidc {
  issuer: string;
  /** Claims put in the next ID tokens (on top of iss, sub, aud, nonce, iat, exp). */
  claims: Record<string, unknown>;
  /** Overrides applied to the ID token payload last (to forge an audience, issuer, nonce…). */
  tamper: Record<string, unknown>;
  close: () => Promise<void>;
}

interface PendingCode {
  nonce: string;
  challenge: string;
  redirectUri: string;
}

/**
 * A minimal OpenID provider on loopback: discovery, an authorize endpoint that approves at once
 * and redirects back with a code, a token endpoint (client secret by Basic or form, PKCE S256) answering an
 * RS256 ID token, JWKS and userinfo.
 */
export async function startFakeOidc(options: FakeOidcOptions): Promise<FakeOidc> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const state: FakeOidc = {
    issuer: '',
    claims: {},
    tamper: {},
    close: () => Promise.resolve(),
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', state.issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      json(200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        userinfo_endpoint: `${state.issuer}/userinfo`,
        jwks_uri: `${state.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
      return;
    }
    if (url.pathname === '/jwks') {
      json(200, { keys: [jwk] });
      return;
    }
    if (url.pathname === '/authorize') {
      const params = url.searchParams;
      if (params.get('client_id') !== options.clientId || params.get('response_type') !== 'code') {
        json(400, { error: 'invalid_request' });
        return;
      }
      const code = randomBytes(16).toString('hex');
      const redirectUri = params.get('redirect_uri') ?? '';
      codes.set(code, {
        nonce: params.get('nonce') ?? '',
        challenge: params.get('code_challenge') ?? '',
        redirectUri,
      });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', params.get('state') ?? '');
      response.writeHead(302, { location: target.href });
      response.end();
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let raw = '';
      request.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      request.on('end', () => {
        void (async () => {
          const form = new URLSearchParams(raw);
          const expectedAuth = `Basic ${Buffer.from(
            `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
          ).toString('base64')}`;
          const viaPost =
            form.get('client_id') === options.clientId &&
            form.get('client_secret') === options.clientSecret;
          if (request.headers.authorization !== expectedAuth && !viaPost) {
            json(401, { error: 'invalid_client' });
            return;
          }
          const pending = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (
            pending === undefined ||
            pending.challenge !== challenge ||
            pending.redirectUri !== form.get('redirect_uri')
          ) {
            json(400, { error: 'invalid_grant' });
            return;
          }
          const now = Math.floor(Date.now() / 1000);
          const payload = {
            iss: state.issuer,
            sub: 'user-123',
            aud: options.clientId,
            nonce: pending.nonce,
            iat: now,
            exp: now + 300,
            ...state.claims,
            ...state.tamper,
          };
          const idToken = await new SignJWT(payload)
            .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
            .sign(privateKey);
          json(200, {
            access_token: randomBytes(16).toString('hex'),
            token_type: 'Bearer',
            expires_in: 300,
            id_token: idToken,
          });
        })();
      });
      return;
    }
    if (url.pathname === '/userinfo') {
      json(200, { sub: 'user-123', ...state.claims });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.issuer = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
