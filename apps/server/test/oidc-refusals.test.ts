/**
 * "Continue with Google" refusals, each a page: no sign-in cookie, tampered state, a replayed
 * callback, an expired start, the provider refusing, ID tokens DiaCare must not accept, and an
 * unverified email. PGlite only.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { accounts, signInAtProvider, type Tamper } from './support/oidc-provider.ts';
import { oidcSignInFlow } from './support/oidc-sign-in.ts';

describe('sign-in with an OpenID Connect provider: refusals', () => {
  const flow = oidcSignInFlow();
  const { startSignIn, signInThroughProvider, exchangeCode } = flow;

  /**
   * A refused callback is a readable page with a way back to '/', and
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

  const EXPIRED_LINK = /This sign-in link has expired or was already used\. Please sign in again\./;
  const NOT_CONFIRMED = /Sign-in with Google could not be confirmed\. Please try again\./;

  it('a callback without the sign-in cookie is refused with a page', async () => {
    const { location } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    const response = await flow.t.app.inject({ url: `${callback.pathname}${callback.search}` });
    await expectRefusalPage(response, EXPIRED_LINK);
  });

  it('a callback whose state was tampered with is refused with a page', async () => {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const response = await flow.t.app.inject({
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
    expect((await flow.t.app.inject(request)).statusCode).toBe(303);
    await expectRefusalPage(await flow.t.app.inject(request), EXPIRED_LINK);
  });

  it('a started sign-in expires after 10 minutes', async () => {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, 'ben-sub');
    flow.t.clock.advance(10 * 60_000 + 1000);
    const response = await flow.t.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `diacare_oidc=${flowCookie.value}` },
    });
    await expectRefusalPage(response, EXPIRED_LINK);
  });

  it('the provider refusing (access_denied) is a page too', async () => {
    const { flowCookie, location } = await startSignIn();
    const state = new URL(location).searchParams.get('state')!;
    const response = await flow.t.app.inject({
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
      expect(await flow.t.database.db.select().from(users).where(eq(users.subject, 'carol-sub'))).toEqual([]);
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
      expect(await flow.t.database.db.select().from(users).where(eq(users.email, 'someone.else@example.com'))).toEqual(
        [],
      );
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
});
