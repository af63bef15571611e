/**
 * "Continue with Google" end to end (design.md §Sign-in, §Testing): a local OpenID
 * provider (oidc-provider) stands in for Google; the browser is played with plain HTTP.
 * PGlite only: the database plays no special part in this flow.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { ORIGIN, createTestApp, type TestApp } from './helpers.ts';

const CLIENT_ID = 'diacare-test';
const CLIENT_SECRET = 'a-client-secret-long-enough-for-the-provider';

/** The provider's people, by subject (what is typed as "login" on its dev login form). */
const accounts = new Map<string, { email: string; name: string; picture: string }>([
  ['asha-sub', { email: 'asha@example.com', name: 'Asha Rao', picture: 'https://pictures.example/asha.png' }],
  ['ben-sub', { email: 'ben@example.com', name: 'Ben Thomas', picture: 'https://pictures.example/ben.png' }],
]);

async function startProvider(): Promise<{ issuer: string; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${ORIGIN}/auth/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client sends the secret in the body by default; Google accepts both ways.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['a-cookie-signing-key-for-tests'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google, put the profile claims in the ID token (DiaCare reads them from there).
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, subject: string) {
      const account = accounts.get(subject);
      if (!account) return undefined;
      return {
        accountId: subject,
        claims: async () => ({ sub: subject, email_verified: true, ...account }),
      };
    },
  });
  server.on('request', provider.callback());
  return { issuer, server };
}

/** A browser's cookies for the provider: enough of a jar for one sign-in. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=.*1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const decodeHtml = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x2F;/gi, '/');

/**
 * Plays the browser at the provider: follows redirects, submits the dev login form (with
 * `subject` as the login) and the consent form, and returns the URL the provider finally
 * sends the browser to on DiaCare's origin (/auth/callback?code=…&state=…).
 */
async function signInAtProvider(authorizationUrl: string, subject: string): Promise<URL> {
  const jar = new CookieJar();
  let request: { url: string; body?: URLSearchParams } = { url: authorizationUrl };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(request.url, {
      method: request.body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.body ? { body: request.body } : {}),
    });
    jar.store(response);
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location')!, request.url);
      if (location.origin === ORIGIN) return location;
      request = { url: location.href };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html}`);
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form) throw new Error(`no form on the provider's page: ${html}`);
    const body = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      if (!name) continue;
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      body.set(name, name === 'login' ? subject : name === 'password' ? 'any password' : decodeHtml(value));
    }
    request = { url: new URL(decodeHtml(form[1]!), request.url).href, body };
  }
  throw new Error('the provider never sent the browser back to DiaCare');
}

describe('sign-in with an OpenID Connect provider', () => {
  let provider: { issuer: string; server: Server };
  let t: TestApp;

  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp('pglite', {
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
    if (provider) {
      provider.server.closeAllConnections();
      await new Promise((resolve) => provider.server.close(resolve));
    }
  });

  /** Starts at DiaCare's /auth/login, as "Continue with Google" does. */
  async function startSignIn() {
    const response = await t.app.inject({ url: `/auth/login?redirect=${encodeURIComponent(`${ORIGIN}/`)}` });
    expect(response.statusCode).toBe(302);
    const flowCookie = response.cookies.find((c) => c.name === 'diacare_oidc');
    expect(flowCookie).toBeDefined();
    return { response, location: response.headers.location as string, flowCookie: flowCookie! };
  }

  /** The whole round trip up to DiaCare's callback; returns the callback response. */
  async function signInThroughProvider(subject: string) {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, subject);
    return t.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `diacare_oidc=${flowCookie.value}` },
    });
  }

  /** Exchanges the `#session_id=` of a callback's redirect at POST /api/auth/session. */
  async function exchangeCode(callback: Awaited<ReturnType<typeof signInThroughProvider>>) {
    expect(callback.statusCode).toBe(303);
    const location = callback.headers.location as string;
    expect(location).toMatch(/^http:\/\/localhost:3000\/#session_id=[\w-]{43}$/);
    const code = location.split('#session_id=')[1]!;
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { origin: ORIGIN },
      payload: { session_id: code },
    });
  }

  it('Continue with Google sends the browser to the provider with PKCE, state and nonce', async () => {
    const { location, flowCookie } = await startSignIn();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('redirect_uri')).toBe(`${ORIGIN}/auth/callback`);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth' });
    // The PKCE verifier stays on the server; the cookie is an opaque handle.
    expect(flowCookie.value).not.toContain(params.get('state'));
  });

  it('a person signs in at the provider and DiaCare gets a session for their email', async () => {
    const session = await exchangeCode(await signInThroughProvider('asha-sub'));
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({
      email: 'asha@example.com',
      name: 'Asha Rao',
      picture: 'https://pictures.example/asha.png',
    });

    const cookie = session.cookies.find((c) => c.name === 'diacare_session')!;
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `diacare_session=${cookie.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('asha@example.com');

    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'asha@example.com'));
    expect(row).toMatchObject({ issuer: provider.issuer, subject: 'asha-sub' });
  });

  it('signing in again with the same subject finds the same user, even after the email changed', async () => {
    const first = (await exchangeCode(await signInThroughProvider('asha-sub'))).json().user;
    accounts.set('asha-sub', { ...accounts.get('asha-sub')!, email: 'asha.rao@example.com' });
    const again = (await exchangeCode(await signInThroughProvider('asha-sub'))).json().user;
    expect(again.id).toBe(first.id);
    expect(again.email).toBe('asha.rao@example.com');
  });

  it('Asha and Ben sign in at the same provider and get two different users', async () => {
    const asha = (await exchangeCode(await signInThroughProvider('asha-sub'))).json().user;
    const ben = (await exchangeCode(await signInThroughProvider('ben-sub'))).json().user;
    expect(ben.id).not.toBe(asha.id);
    expect(ben.email).toBe('ben@example.com');
  });

  it('a callback without the sign-in cookie is refused with 400', async () => {
    const { location } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    const response = await t.app.inject({ url: `${callback.pathname}${callback.search}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(response.headers.location).toBeUndefined();
  });

  it('a callback whose state was tampered with is refused with 400', async () => {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const response = await t.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `diacare_oidc=${flowCookie.value}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(response.headers.location).toBeUndefined();
  });

  it('a callback can be used once: replaying it is refused with 400', async () => {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    const request = {
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `diacare_oidc=${flowCookie.value}` },
    };
    expect((await t.app.inject(request)).statusCode).toBe(303);
    expect((await t.app.inject(request)).statusCode).toBe(400);
  });

  it('a started sign-in expires after 10 minutes', async () => {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    t.clock.advance(10 * 60_000 + 1000);
    const response = await t.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `diacare_oidc=${flowCookie.value}` },
    });
    expect(response.statusCode).toBe(400);
  });

  it('the local sign-in form is refused when Google sign-in is configured', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Mallory',
        email: 'mallory@example.com',
        redirect: `${ORIGIN}/`,
      }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'mallory@example.com'))).toEqual([]);
  });

  it('a redirect off the app origin is refused before going to the provider', async () => {
    const response = await t.app.inject({ url: `/auth/login?redirect=${encodeURIComponent('https://evil.example/')}` });
    expect(response.statusCode).toBe(400);
    expect(response.cookies).toEqual([]);
  });
});
