/**
 * "Continue with Google" end to end: a local OpenID provider (support/oidc-provider.ts) stands
 * in for Google; the browser is played with plain HTTP. Sign-in and its guards; refusals are in
 * oidc-refusals.test.ts. PGlite only: the database plays no special part in this flow.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { ORIGIN } from './helpers.ts';
import { CLIENT_ID, accounts } from './support/oidc-provider.ts';
import { oidcSignInFlow } from './support/oidc-sign-in.ts';

describe('sign-in with an OpenID Connect provider', () => {
  const flow = oidcSignInFlow();
  const { startSignIn, signInThroughProvider, exchangeCode } = flow;

  it('Continue with Google sends the browser to the provider with PKCE, state and nonce', async () => {
    const { location, flowCookie } = await startSignIn();
    const url = new URL(location);
    expect(url.origin).toBe(flow.provider.issuer);
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
    const me = await flow.t.app.inject({ url: '/api/auth/me', headers: { cookie: `diacare_session=${cookie.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('asha@example.com');

    const [row] = await flow.t.database.db.select().from(users).where(eq(users.email, 'asha@example.com'));
    expect(row).toMatchObject({ issuer: flow.provider.issuer, subject: 'asha-sub' });
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
    const response = await flow.t.app.inject({
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
    expect(await flow.t.database.db.select().from(users).where(eq(users.email, 'mallory@example.com'))).toEqual([]);
  });

  it('a redirect off the app origin is refused before going to the provider', async () => {
    const response = await flow.t.app.inject({
      url: `/auth/login?redirect=${encodeURIComponent('https://evil.example/')}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.cookies).toEqual([]);
  });
});
