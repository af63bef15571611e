/**
 * Sign-in: the local sign-in page, the one-time code, the session
 * cookie, logout, expiry, the https cookie, production defaults and the auth rate limit.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCodes, sessions, users } from '../src/db/schema.ts';
import { DRIVERS, ORIGIN, createTestApp, createTestClock, signIn, type TestApp } from './helpers.ts';
import type { App } from '../src/app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Posts the local sign-in form; returns the response. */
function postLoginForm(
  app: App,
  fields: { name: string; email: string; redirect: string },
  origin: string = ORIGIN,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Signs in through the local form and returns the one-time code from `#session_id=`. */
async function loginCode(
  app: App,
  identity: { name: string; email: string },
  origin: string = ORIGIN,
): Promise<string> {
  const response = await postLoginForm(app, { ...identity, redirect: `${origin}/` }, origin);
  expect(response.statusCode).toBe(303);
  const location = new URL(response.headers.location as string);
  expect(location.hash).toMatch(/^#session_id=[\w-]{43}$/);
  return location.hash.slice('#session_id='.length);
}

function exchange(app: App, body: Record<string, unknown>, origin: string = ORIGIN): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/session', headers: { origin }, payload: body });
}

function me(app: App, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ url: '/api/auth/me', headers: cookie ? { cookie } : {} });
}

describe.each(DRIVERS)('sign-in on %s', (driver) => {
  describe('with the default configuration (local sign-in, http://localhost:3000)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver, { clock: createTestClock(new Date('2025-03-10T08:00:00.000Z')) });
    });
    afterAll(() => t.close());

    it('the local sign-in page is titled "Local sign-in" with labelled Name and Email inputs and a Sign in button', async () => {
      const response = await t.app.inject({ url: `/auth/login?redirect=${encodeURIComponent(`${ORIGIN}/`)}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const html = response.body;
      expect(html).toMatch(/<title>Local sign-in\b/);
      expect(html).toContain('<h1>Local sign-in</h1>');
      expect(html).toContain('<label for="name">Name</label>');
      expect(html).toMatch(/<input id="name" name="name"/);
      expect(html).toContain('<label for="email">Email</label>');
      expect(html).toMatch(/<input id="email" name="email" type="email"/);
      expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
      expect(html).toContain(`<input type="hidden" name="redirect" value="${ORIGIN}/">`);
    });

    it.each([
      'https://evil.example/',
      'http://localhost:3001/',
      'http://localhost:3000@evil.example/',
      '//evil.example/',
      'javascript:alert(1)',
      'not a url',
    ])('a redirect to %s is refused with 400 and a detail', async (redirect) => {
      const response = await t.app.inject({ url: `/auth/login?redirect=${encodeURIComponent(redirect)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: expect.stringMatching(/redirect/) });
    });

    it('the local form posted with a foreign redirect is refused and creates no user', async () => {
      const response = await postLoginForm(t.app, {
        name: 'Mallory',
        email: 'mallory@example.com',
        redirect: 'https://evil.example/',
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      const rows = await t.database.db.select().from(users).where(eq(users.email, 'mallory@example.com'));
      expect(rows).toEqual([]);
    });

    it('a redirect on http://127.0.0.1:3000 is accepted when APP_ORIGIN is not set', async () => {
      const local = 'http://127.0.0.1:3000';
      const page = await t.app.inject({ url: `/auth/login?redirect=${encodeURIComponent(`${local}/`)}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`name="redirect" value="${local}/"`);

      const login = await postLoginForm(
        t.app,
        { name: 'Asha', email: 'asha@example.com', redirect: `${local}/` },
        local,
      );
      expect(login.statusCode).toBe(303);
      expect(login.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:3000\/#session_id=/);
    });

    it('a bad email in the local form shows the page again with status 400 and the error', async () => {
      const response = await postLoginForm(t.app, { name: 'Asha', email: 'not-an-email', redirect: `${ORIGIN}/` });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toMatch(/role="alert">Enter a valid email address</);
      expect(response.body).toContain('value="Asha"');
      const rows = await t.database.db.select().from(users).where(eq(users.email, 'not-an-email'));
      expect(rows).toEqual([]);
    });

    it('an empty name in the local form is refused with the error on the page', async () => {
      const response = await postLoginForm(t.app, { name: '   ', email: 'asha@example.com', redirect: `${ORIGIN}/` });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Enter your name');
    });

    it('the local sign-in page escapes the values it shows again', async () => {
      const response = await postLoginForm(t.app, {
        name: '"><script>alert(1)</script>',
        email: 'bad',
        redirect: `${ORIGIN}/`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toContain('<script>');
      expect(response.body).toContain('&#34;&#62;&#60;script&#62;');
    });

    it('a good code gives the user and an HttpOnly, SameSite=Lax session cookie on / that expires in 30 days', async () => {
      const code = await loginCode(t.app, { name: 'Priya Nair', email: 'priya@example.com' });
      const response = await exchange(t.app, { session_id: code });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: expect.objectContaining({ id: expect.any(String), name: 'Priya Nair', email: 'priya@example.com' }),
      });

      const header = [response.headers['set-cookie']].flat().join('\n');
      expect(header).toMatch(/^diacare_session=[\w-]{43};/);
      const cookie = response.cookies.find((c) => c.name === 'diacare_session')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.path).toBe('/');
      expect(cookie.secure).toBeUndefined();
      expect(header).not.toMatch(/;\s*Secure/i);
      expect(cookie.expires?.getTime()).toBe(t.clock().getTime() + 30 * DAY_MS);
    });

    it('the email is matched without regard to case, so signing in again finds the same user', async () => {
      const first = await exchange(t.app, {
        session_id: await loginCode(t.app, { name: 'Ravi', email: 'ravi@example.com' }),
      });
      const again = await exchange(t.app, {
        session_id: await loginCode(t.app, { name: 'Ravi', email: 'RAVI@Example.com' }),
      });
      expect(again.json().user.id).toBe(first.json().user.id);
      expect(again.json().user.email).toBe('ravi@example.com');
    });

    it('a code works once: exchanging it again gets 401', async () => {
      const code = await loginCode(t.app, { name: 'Asha', email: 'asha@example.com' });
      expect((await exchange(t.app, { session_id: code })).statusCode).toBe(200);
      const reused = await exchange(t.app, { session_id: code });
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toEqual({ detail: expect.any(String) });
      expect(reused.cookies).toEqual([]);
    });

    it('a code exchanged 59 seconds after it was made still works', async () => {
      const code = await loginCode(t.app, { name: 'Asha', email: 'asha@example.com' });
      t.clock.advance(59_000);
      expect((await exchange(t.app, { session_id: code })).statusCode).toBe(200);
    });

    it('a code exchanged 61 seconds after it was made has expired: 401', async () => {
      const code = await loginCode(t.app, { name: 'Asha', email: 'asha@example.com' });
      t.clock.advance(61_000);
      const response = await exchange(t.app, { session_id: code });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    });

    it('an unknown code gets 401', async () => {
      const response = await exchange(t.app, { session_id: 'x'.repeat(43) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    });

    it('a missing code is refused with 400 naming session_id', async () => {
      const response = await exchange(t.app, {});
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^session_id: /);
    });

    it('the time zone sent with the code is stored on the user', async () => {
      const code = await loginCode(t.app, { name: 'Asha', email: 'asha@example.com' });
      const response = await exchange(t.app, { session_id: code, timezone: 'America/New_York' });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.timezone).toBe('America/New_York');
      const cookie = `diacare_session=${response.cookies[0]!.value}`;
      expect((await me(t.app, cookie)).json().timezone).toBe('America/New_York');
    });

    it('an invalid time zone is refused with 400 naming the field, and the code stays usable', async () => {
      const code = await loginCode(t.app, { name: 'Asha', email: 'asha@example.com' });
      const response = await exchange(t.app, { session_id: code, timezone: 'Mars/Olympus' });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^timezone: /);
      expect(response.cookies).toEqual([]);
      expect((await exchange(t.app, { session_id: code, timezone: 'Asia/Kolkata' })).statusCode).toBe(200);
    });

    it('each sign-in gives a new session token, and both sessions work', async () => {
      const first = await signIn(t.app, { name: 'Asha', email: 'asha@example.com' });
      const second = await signIn(t.app, { name: 'Asha', email: 'asha@example.com' });
      expect(second.cookie).not.toBe(first.cookie);
      expect((await me(t.app, first.cookie)).statusCode).toBe(200);
      expect((await me(t.app, second.cookie)).statusCode).toBe(200);
    });

    it('the one-time code and the session token are stored only as SHA-256 hashes', async () => {
      const code = await loginCode(t.app, { name: 'Hashim', email: 'hashim@example.com' });
      const [user] = await t.database.db.select().from(users).where(eq(users.email, 'hashim@example.com'));
      const codeRows = await t.database.db.select().from(loginCodes).where(eq(loginCodes.user_id, user!.id));
      expect(codeRows.map((row) => row.code_hash)).toEqual([sha256(code)]);
      expect(JSON.stringify(codeRows)).not.toContain(code);

      const response = await exchange(t.app, { session_id: code });
      const token = response.cookies.find((c) => c.name === 'diacare_session')!.value;
      const sessionRows = await t.database.db.select().from(sessions).where(eq(sessions.user_id, user!.id));
      expect(sessionRows.map((row) => row.token_hash)).toEqual([sha256(token)]);
      expect(JSON.stringify(sessionRows)).not.toContain(token);
      expect(JSON.stringify(await t.database.db.select().from(loginCodes))).not.toContain(code);
    });

    it('a made-up session cookie gets 401', async () => {
      const response = await me(t.app, `diacare_session=${'A'.repeat(43)}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    });

    it('GET /api/auth/me returns the signed-in user', async () => {
      const asha = await signIn(t.app, { name: 'Asha', email: 'asha@example.com' });
      const response = await asha.request({ url: '/api/auth/me' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: asha.user.id, email: 'asha@example.com' });
    });

    it('signing out revokes the session on the server, so the old cookie gets 401', async () => {
      const asha = await signIn(t.app, { name: 'Asha', email: 'asha@example.com' });
      const logout = await asha.request({ method: 'POST', url: '/api/auth/logout' });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ ok: true });
      const cleared = logout.cookies.find((c) => c.name === 'diacare_session');
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());

      const after = await me(t.app, asha.cookie);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ detail: expect.any(String) });
      const token = asha.cookie.split('=')[1]!;
      expect(
        await t.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.token_hash, sha256(token))),
      ).toEqual([]);
    });

    it('signing out one browser leaves the other signed in', async () => {
      const phone = await signIn(t.app, { name: 'Asha', email: 'asha@example.com' });
      const laptop = await signIn(t.app, { name: 'Asha', email: 'asha@example.com' });
      await phone.request({ method: 'POST', url: '/api/auth/logout' });
      expect((await me(t.app, phone.cookie)).statusCode).toBe(401);
      expect((await me(t.app, laptop.cookie)).statusCode).toBe(200);
    });

    it('a session works until 30 days after sign-in and then gets 401', async () => {
      const asha = await signIn(t.app, { name: 'Asha', email: 'asha@example.com' });
      t.clock.advance(30 * DAY_MS - 60_000);
      expect((await me(t.app, asha.cookie)).statusCode).toBe(200);
      t.clock.advance(60_000);
      const expired = await me(t.app, asha.cookie);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ detail: expect.any(String) });
    });
  });

  describe('behind https (APP_ORIGIN=https://diacare.example)', () => {
    const HTTPS_ORIGIN = 'https://diacare.example';
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver, { env: { APP_ORIGIN: HTTPS_ORIGIN } });
    });
    afterAll(() => t.close());

    it('the session cookie is named __Host-diacare_session and is Secure', async () => {
      const code = await loginCode(t.app, { name: 'Asha', email: 'asha@example.com' }, HTTPS_ORIGIN);
      const response = await exchange(t.app, { session_id: code }, HTTPS_ORIGIN);
      expect(response.statusCode).toBe(200);
      expect(response.cookies.map((c) => c.name)).toEqual(['__Host-diacare_session']);
      const cookie = response.cookies[0]!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.domain).toBeUndefined();

      expect((await me(t.app, `__Host-diacare_session=${cookie.value}`)).statusCode).toBe(200);
      // The same token under the plain-http name is not a session here.
      expect((await me(t.app, `diacare_session=${cookie.value}`)).statusCode).toBe(401);
    });

    it('the loopback origins of local mode are not accepted once APP_ORIGIN is set', async () => {
      for (const redirect of ['http://localhost:3000/', 'http://127.0.0.1:3000/']) {
        const response = await t.app.inject({ url: `/auth/login?redirect=${encodeURIComponent(redirect)}` });
        expect(response.statusCode).toBe(400);
      }
      const code = await loginCode(t.app, { name: 'Asha', email: 'asha@example.com' }, HTTPS_ORIGIN);
      expect((await exchange(t.app, { session_id: code }, 'http://localhost:3000')).statusCode).toBe(403);
    });

    it('responses tell browsers to use https only (HSTS)', async () => {
      const response = await t.app.inject({ url: '/auth/login' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });
  });

  describe('in production (NODE_ENV=production)', () => {
    let off: TestApp;
    let on: TestApp;
    beforeAll(async () => {
      off = await createTestApp(driver, { env: { NODE_ENV: 'production' } });
      on = await createTestApp(driver, { env: { NODE_ENV: 'production', AUTH_LOCAL_SIGNIN: 'true' } });
    });
    afterAll(async () => {
      await off?.close();
      await on?.close();
    });

    it('local sign-in is off: the page is 503 and the form post is 403 and creates no user', async () => {
      const page = await off.app.inject({ url: '/auth/login' });
      expect(page.statusCode).toBe(503);
      expect(page.json()).toEqual({ detail: expect.any(String) });

      const post = await postLoginForm(off.app, { name: 'Asha', email: 'asha@example.com', redirect: `${ORIGIN}/` });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toEqual({ detail: expect.any(String) });
      expect(await off.database.db.select().from(users)).toEqual([]);
    });

    it('AUTH_LOCAL_SIGNIN=true turns local sign-in back on', async () => {
      const page = await on.app.inject({ url: '/auth/login' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Local sign-in</h1>');
      const asha = await signIn(on.app, { name: 'Asha', email: 'asha@example.com' });
      expect((await asha.request({ url: '/api/auth/me' })).statusCode).toBe(200);
    });
  });

  describe('rate limit (AUTH_RATE_LIMIT_PER_MINUTE=3)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    });
    afterAll(() => t.close());

    it('the fourth code exchange within a minute gets 429 with a detail, while the API stays usable', async () => {
      // One form post and one exchange.
      const asha = await signIn(t.app, { name: 'Asha', email: 'asha@example.com' });
      for (let attempt = 2; attempt <= 3; attempt++) {
        expect((await exchange(t.app, { session_id: `guess-${attempt}` })).statusCode).toBe(401);
      }
      const limited = await exchange(t.app, { session_id: 'guess-4' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ detail: expect.any(String) });
      expect(limited.headers['retry-after']).toBeDefined();

      for (let i = 0; i < 5; i++) {
        expect((await asha.request({ url: '/api/users/me' })).statusCode).toBe(200);
      }
    });

    it('the sign-in page is limited too', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ url: '/auth/login' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });
});
