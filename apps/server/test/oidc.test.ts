/**
 * "Continue with Google" end to end: a local OpenID
 * provider (oidc-provider) stands in for Google; the browser is played with plain HTTP.
 * PGlite only: the database plays no special part in this flow.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { ORIGIN, createTestApp, type TestApp } from './helpers.ts';

const CLIENT_ID = 'diacare-test';
const CLIENT_SECRET = 'a-client-secret-long-enough-for-the-provider';

/** The provider's people, by subject (what is typed as "login" on its dev login form). */
const accounts = new Map<string, { email: string; name: string; picture: string; email_verified?: boolean }>([
  ['asha-sub', { email: 'asha@example.com', name: 'Asha Rao', picture: 'https://pictures.example/asha.png' }],
  ['ben-sub', { email: 'ben@example.com', name: 'Ben Thomas', picture: 'https://pictures.example/ben.png' }],
]);

/** ID token claims as a misbehaving provider (or an attacker in its place) would change them. */
type Tamper = (claims: Record<string, unknown>) => Record<string, unknown>;

interface TestProvider {
  issuer: string;
  servers: Server[];
  /** Alters the ID token of the next token response (re-signed with the provider's key). */
  tamperNextIdToken(tamper: Tamper): void;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed RS256 with `key`, as the provider signs its ID tokens. */
function signJwt(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject): string {
  const input = `${base64url(header)}.${base64url(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/**
 * oidc-provider on an inner server, behind a pass-through front server whose address is the
 * issuer. The front can rewrite one token response's ID token: that is how the tests play a
 * provider answering with a wrong audience, issuer, nonce or an expired token.
 */
async function startProvider(): Promise<TestProvider> {
  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const inner = createServer();
  const front = createServer();
  const innerPort = await listen(inner);
  const issuer = `http://127.0.0.1:${await listen(front)}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = privateKey.export({ format: 'jwk' });
  let pending: Tamper | null = null;

  front.on('request', (request, response) => {
    const tamper = request.method === 'POST' && request.url?.startsWith('/token') ? pending : null;
    if (tamper) pending = null;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: innerPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        if (!tamper) {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const [header, claims] = (body.id_token as string)
            .split('.')
            .slice(0, 2)
            .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
          body.id_token = signJwt(header, tamper(claims), privateKey);
          const text = JSON.stringify(body);
          const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
          delete headers['transfer-encoding'];
          response.writeHead(answer.statusCode!, headers).end(text);
        });
      },
    );
    request.pipe(upstream);
  });

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
  inner.on('request', provider.callback());
  return {
    issuer,
    servers: [front, inner],
    tamperNextIdToken(tamper) {
      pending = tamper;
    },
  };
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
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp('pglite', {
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
    for (const server of provider?.servers ?? []) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
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

  /**
   * The whole round trip up to DiaCare's callback; returns the callback response.
   * `tamper` alters the ID token the provider then hands DiaCare.
   */
  async function signInThroughProvider(subject: string, tamper?: Tamper) {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, subject);
    if (tamper) provider.tamperNextIdToken(tamper);
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

  /**
   * Issue 15, Fix 11: a refused callback is a readable page with a way back to '/', and
   * neither signs anyone in nor creates anyone.
   */
  async function expectRefusalPage(response: Awaited<ReturnType<typeof signInThroughProvider>>, reason: RegExp) {
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toMatch(/^<!doctype html>/);
    expect(response.body).toContain('<h1>Sign-in did not work</h1>');
    expect(response.body).toMatch(reason);
    expect(response.body).toContain('<a class="button" href="/">Back to DiaCare</a>');
    expect(response.cookies.filter((c) => c.name === 'diacare_session')).toEqual([]);
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

  const EXPIRED_LINK = /This sign-in link has expired or was already used\. Please sign in again\./;
  const NOT_CONFIRMED = /Sign-in with Google could not be confirmed\. Please try again\./;

  it('a callback without the sign-in cookie is refused with a page', async () => {
    const { location } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    const response = await t.app.inject({ url: `${callback.pathname}${callback.search}` });
    await expectRefusalPage(response, EXPIRED_LINK);
  });

  it('a callback whose state was tampered with is refused with a page', async () => {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const response = await t.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `diacare_oidc=${flowCookie.value}` },
    });
    await expectRefusalPage(response, NOT_CONFIRMED);
  });

  it('a callback can be used once: replaying it is refused with a page', async () => {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    const request = {
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `diacare_oidc=${flowCookie.value}` },
    };
    expect((await t.app.inject(request)).statusCode).toBe(303);
    await expectRefusalPage(await t.app.inject(request), EXPIRED_LINK);
  });

  it('a started sign-in expires after 10 minutes', async () => {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    t.clock.advance(10 * 60_000 + 1000);
    const response = await t.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `diacare_oidc=${flowCookie.value}` },
    });
    await expectRefusalPage(response, EXPIRED_LINK);
  });

  it('the provider refusing (access_denied) is a page too', async () => {
    const { flowCookie, location } = await startSignIn();
    const state = new URL(location).searchParams.get('state')!;
    const response = await t.app.inject({
      url: `/auth/callback?error=access_denied&state=${state}`,
      headers: { cookie: `diacare_oidc=${flowCookie.value}` },
    });
    await expectRefusalPage(response, NOT_CONFIRMED);
  });

  describe('an ID token DiaCare must not accept is refused with a page, and no one is signed in or created', () => {
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    it.each<[string, Tamper]>([
      ['for another audience', (claims) => ({ ...claims, aud: 'another-client' })],
      ['from another issuer', (claims) => ({ ...claims, iss: 'https://accounts.example' })],
      ['with another nonce', (claims) => ({ ...claims, nonce: 'a-nonce-from-another-sign-in' })],
      ['expired', (claims) => ({ ...claims, iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 })],
      ['without a subject', ({ sub: _sub, ...claims }) => claims],
    ])('%s', async (_case, tamper) => {
      accounts.set('carol-sub', { email: 'carol@example.com', name: 'Carol Dias', picture: 'https://p.example/c.png' });
      const response = await signInThroughProvider('carol-sub', tamper);
      await expectRefusalPage(response, NOT_CONFIRMED);
      expect(await t.database.db.select().from(users).where(eq(users.subject, 'carol-sub'))).toEqual([]);
    });

    it('the same sign-in with the ID token untouched goes through (the tampering is what is refused)', async () => {
      accounts.set('dan-sub', { email: 'dan@example.com', name: 'Dan Roy', picture: 'https://p.example/d.png' });
      const response = await signInThroughProvider('dan-sub', (claims) => claims);
      expect((await exchangeCode(response)).statusCode).toBe(200);
    });
  });

  describe('an email the provider has not verified (email_verified: false)', () => {
    it('is not stored for a new user', async () => {
      accounts.set('eve-sub', {
        email: 'someone.else@example.com',
        name: 'Eve Ng',
        picture: 'https://p.example/e.png',
        email_verified: false,
      });
      const session = await exchangeCode(await signInThroughProvider('eve-sub'));
      expect(session.statusCode).toBe(200);
      expect(session.json().user).toMatchObject({ name: 'Eve Ng', email: null });
      expect(await t.database.db.select().from(users).where(eq(users.email, 'someone.else@example.com'))).toEqual([]);
    });

    it('does not replace the verified email a user already has', async () => {
      accounts.set('fay-sub', { email: 'fay@example.com', name: 'Fay Iyer', picture: 'https://p.example/f.png' });
      const first = (await exchangeCode(await signInThroughProvider('fay-sub'))).json().user;
      expect(first.email).toBe('fay@example.com');
      accounts.set('fay-sub', { ...accounts.get('fay-sub')!, email: 'not.fay@example.com', email_verified: false });
      const again = (await exchangeCode(await signInThroughProvider('fay-sub'))).json().user;
      expect(again).toMatchObject({ id: first.id, email: 'fay@example.com' });
    });
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
