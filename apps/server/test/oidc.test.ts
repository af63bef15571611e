/**
 * "Continue with Google" end to end: a local OpenID provider (support/oidc-provider.ts) stands
 * in for Google; the browser is played with plain HTTP. Sign-in and its guards; refusals are in
 * oidc-refusals.test.ts. PGlite only: the database plays no special part in this flow.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { ORIGIN, createTestApp, type TestApp } from './helpers.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  accounts,
  signInAtProvider,
  startProvider,
  type Tamper,
  type TestProvider,
} from './support/oidc-provider.ts';

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
