import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { Adapter, AdapterPayload } from 'oidc-provider';

export interface TestOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

/** Who signs in at the provider next. */
export interface TestOidcUser {
  sub: string;
  /** Claims in both the ID token and userinfo (scopes permitting). */
  claims: Record<string, unknown>;
  /** Claims only userinfo answers (e.g. groups, as Authentik and Keycloak mappers often do). */
  userinfoOnly?: Record<string, unknown>;
}

/** Changes applied at the network edge, between the provider and RomShelf. */
export interface TestOidcTamper {
  /** ID token claims overridden and the token signed again with the provider's own key. */
  idToken?: Record<string, unknown>;
  /** The ID token signed with a key the provider does not publish. */
  unpublishedKey?: boolean;
  /** Fields overridden in the userinfo answer. */
  userinfo?: Record<string, unknown>;
}

export interface TestOidcProvider {
  issuer: string;
  user: TestOidcUser;
  /** What the user does at the provider's sign-in page. */
  answer: 'approve' | 'cancel';
  tamper: TestOidcTamper;
  /** Follows the browser's redirects from an authorization URL up to RomShelf's redirect URI. */
  authorize(url: string, redirectUri: string): Promise<URL>;
  close(): Promise<void>;
}

const KEY_ID = 'provider-key';
const TEN_MINUTES = 600;

/** The provider's storage, in memory (its own default says so loudly on every start). */
function memoryAdapter() {
  const store = new Map<string, AdapterPayload>();
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    upsert(id: string, payload: AdapterPayload) {
      store.set(this.key(id), payload);
      return Promise.resolve();
    }
    find(id: string) {
      return Promise.resolve(store.get(this.key(id)));
    }
    findByUserCode(userCode: string) {
      return Promise.resolve([...store.values()].find((item) => item.userCode === userCode));
    }
    findByUid(uid: string) {
      return Promise.resolve([...store.values()].find((item) => item.uid === uid));
    }
    consume(id: string) {
      const payload = store.get(this.key(id));
      if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
      return Promise.resolve();
    }
    destroy(id: string) {
      store.delete(this.key(id));
      return Promise.resolve();
    }
    revokeByGrantId(grantId: string) {
      for (const [key, item] of store) if (item.grantId === grantId) store.delete(key);
      return Promise.resolve();
    }
  };
}

async function readBody(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/**
 * A certified OpenID provider (the `oidc-provider` package) on loopback, for tests. Sign-in
 * pages are answered at once for {@link TestOidcProvider.user} (or cancelled, as a user pressing
 * "cancel" does). The provider sits behind an edge proxy that can alter what it answers — an ID
 * token's claims or signing key, a userinfo field — the way an attacker between the two would.
 */
export async function startTestOidcProvider(client: TestOidcClient): Promise<TestOidcProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const unpublished = await generateKeyPair('RS256');
  const privateJwk = { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };

  const edge = createServer();
  const edgePort = await listen(edge);
  const issuer = `http://127.0.0.1:${String(edgePort)}`;

  const state: TestOidcProvider = {
    issuer,
    user: { sub: 'user-1', claims: {} },
    answer: 'approve',
    tamper: {},
    authorize: (url, redirectUri) => followRedirects(url, redirectUri),
    close: () => Promise.resolve(),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    adapter: memoryAdapter(),
    ttl: {
      AccessToken: TEN_MINUTES,
      AuthorizationCode: TEN_MINUTES,
      Grant: TEN_MINUTES,
      IdToken: TEN_MINUTES,
      Interaction: TEN_MINUTES,
      Session: TEN_MINUTES,
    },
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
      groups: ['groups'],
    },
    // Scope claims go into the ID token too, as Keycloak and Authentik do by default.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = `<!doctype html><title>Sign out</title>${form}<button form="op.logoutForm" name="logout" value="yes">Sign out</button>`;
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: (use: string) => {
        const { sub, claims, userinfoOnly } = state.user;
        return use === 'userinfo' ? { ...claims, ...userinfoOnly, sub } : { ...claims, sub };
      },
    }),
  });
  // Quiet: refusals are part of the tests.
  provider.on('server_error', () => undefined);

  const callback = provider.callback();
  const inner = createServer((request, response) => {
    if (request.url?.startsWith('/interaction/') === true) {
      void finishInteraction(request, response).catch((error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      });
      return;
    }
    void callback(request, response);
  });
  const innerPort = await listen(inner);

  async function finishInteraction(request: IncomingMessage, response: ServerResponse) {
    const details = await provider.interactionDetails(request, response);
    if (state.answer === 'cancel') {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = state.user.sub;
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function rewriteIdToken(idToken: string): Promise<string> {
    const { idToken: claims, unpublishedKey } = state.tamper;
    if (claims === undefined && unpublishedKey !== true) return idToken;
    const header = decodeProtectedHeader(idToken);
    const key = unpublishedKey === true ? unpublished.privateKey : privateKey;
    return new SignJWT({ ...decodeJwt(idToken), ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: header.kid ?? KEY_ID })
      .sign(key);
  }

  edge.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readBody(request);
      const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
        const forward = httpRequest(
          {
            host: '127.0.0.1',
            port: innerPort,
            method: request.method,
            path: request.url,
            headers: request.headers,
          },
          resolve,
        );
        forward.on('error', reject);
        forward.end(body);
      });
      let payload = await readBody(upstream);
      const path = (request.url ?? '').split('?')[0];
      const headers = { ...upstream.headers };
      if (upstream.statusCode === 200 && (path === '/token' || path === '/me')) {
        const json = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
        if (path === '/token' && typeof json.id_token === 'string') {
          json.id_token = await rewriteIdToken(json.id_token);
        }
        const changed = path === '/me' ? { ...json, ...state.tamper.userinfo } : json;
        payload = Buffer.from(JSON.stringify(changed));
        delete headers['content-length'];
        delete headers.etag;
      }
      response.writeHead(upstream.statusCode ?? 502, headers);
      response.end(payload);
    })().catch((error: unknown) => {
      response.writeHead(502);
      response.end(String(error));
    });
  });

  /** A browser's redirect hops with a cookie jar, stopping at RomShelf's redirect URI. */
  async function followRedirects(start: string, redirectUri: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(start);
    for (let hop = 0; hop < 10; hop += 1) {
      if (`${url.origin}${url.pathname}` === redirectUri) return url;
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(url, { redirect: 'manual', headers: { cookie } });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (location === null) {
        throw new Error(`the provider answered ${String(response.status)} at ${url.pathname}`);
      }
      url = new URL(location, url);
    }
    throw new Error('too many redirects at the provider');
  }

  state.close = async () => {
    await closeServer(edge);
    await closeServer(inner);
  };
  return state;
}
