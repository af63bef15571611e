/**
 * One link, start to finish (decision 076): a person who opens an invitation signed out
 * sees who invites, the role and the scopes, and nothing more; sign-in comes back to the join
 * screen on the app's own origin only. On PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, ORIGIN, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { recipientsOf } from '../src/modules/care/care-alert-list.repository.ts';
import { dumpDatabase } from './support/db-dump.ts';

describe.each(DRIVERS)('joining from a link while signed out on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const person = (name: string) => signIn(t.app, { name, email: `join${++counter}@example.com` });
  const invite = async (patient: SignedInUser, payload: object = { role: 'family' }) => {
    const response = await patient.request({ method: 'POST', url: '/api/care/invitations', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; token: string; expires_at: string };
  };
  /** A request with no cookie, as a browser that never signed in sends it. */
  const signedOut = (url: string, method = 'GET') =>
    t.app.inject({ method: method as 'GET', url, headers: { origin: ORIGIN } });

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('Ravi, signed out, sees who invites him, the role and what is shared, and nothing else', async () => {
    const asha = await person('Asha Rao');
    const { token, expires_at } = await invite(asha, { role: 'family', scopes: ['medications', 'glucose'] });
    const before = await dumpDatabase(t.database.db);
    const preview = await signedOut(`/api/care/invitations/${token}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      inviter_name: 'Asha Rao',
      role: 'family',
      scopes: ['medications', 'glucose'],
      can_mark_taken: false,
      expires_at,
    });
    expect(preview.body).not.toContain('@example.com');
    expect(preview.headers['cache-control']).toContain('no-store');
    // Looking changes nothing: the link is still unused and nobody joined.
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('an inviter without a name is never shown by their e-mail address to someone signed out', async () => {
    const asha = await person('Asha Rao');
    const { token } = await invite(asha);
    await t.database.db.execute(sql`UPDATE users SET name = NULL WHERE id = ${asha.user.id}::uuid`);
    const preview = await signedOut(`/api/care/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().inviter_name).toBe(asha.user.email!.split('@')[0]);
    expect(preview.body).not.toContain('@');
  });

  it('an unknown, used or withdrawn link says so signed out too, and a bad token is a 400 naming it', async () => {
    const asha = await person('Asha Rao');
    const ravi = await person('Ravi Rao');
    const used = await invite(asha);
    await ravi.request({ method: 'POST', url: `/api/care/invitations/${used.token}/accept` });
    const withdrawn = await invite(asha);
    await asha.request({ method: 'DELETE', url: `/api/care/invitations/${withdrawn.id}` });
    const before = await dumpDatabase(t.database.db);

    const unknown = await signedOut(`/api/care/invitations/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('This invitation link is not valid. Ask for a new one.');
    expect((await signedOut(`/api/care/invitations/${used.token}`)).json()).toEqual({
      detail: 'This invitation has already been used. Ask for a new link.',
    });
    expect((await signedOut(`/api/care/invitations/${withdrawn.token}`)).statusCode).toBe(410);
    const bad = await signedOut('/api/care/invitations/short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('token: must be an invitation token');
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('signed in, the preview still refuses one’s own link; accepting still needs a session', async () => {
    const asha = await person('Asha Rao');
    const { token } = await invite(asha);
    const own = await asha.request({ url: `/api/care/invitations/${token}` });
    expect(own.statusCode).toBe(400);
    expect(own.json().detail).toBe('This is your own invitation link. Send it to the person you want to invite.');
    // A stale cookie is simply signed out here: the preview answers, it does not 401.
    const stale = await t.app.inject({
      url: `/api/care/invitations/${token}`,
      headers: { origin: ORIGIN, cookie: 'diacare_session=not-a-session' },
    });
    expect(stale.statusCode).toBe(200);
    const accept = await signedOut(`/api/care/invitations/${token}/accept`, 'POST');
    expect(accept.statusCode).toBe(401);
    expect((await asha.request({ url: '/api/care/members' })).json()).toEqual([]);
  });

  it('sign-in started from the join screen returns to it, with the one-time code; never off the origin', async () => {
    const asha = await person('Asha Rao');
    const { token } = await invite(asha);
    const joinUrl = `${ORIGIN}/care/join/${token}`;
    const page = await signedOut(`/auth/login?redirect=${encodeURIComponent(joinUrl)}&lang=hi`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`value="${joinUrl}"`);
    const form = (redirect: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ name: 'Ravi Rao', email: `join${++counter}@example.com`, redirect }).toString(),
      });
    const back = await form(joinUrl);
    expect(back.statusCode).toBe(303);
    const location = new URL(back.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(joinUrl);
    expect(location.hash).toMatch(/^#session_id=[A-Za-z0-9_-]+$/);
    for (const elsewhere of [`https://evil.example/care/join/${token}`, `//evil.example/care/join/${token}`]) {
      expect((await form(elsewhere)).statusCode).toBe(400);
      expect((await signedOut(`/auth/login?redirect=${encodeURIComponent(elsewhere)}`)).statusCode).toBe(400);
    }
  });
});

describe('the signed-out preview is rate-limited per address', () => {
  it('past AUTH_RATE_LIMIT_PER_MINUTE the next look answers 429 with Retry-After', async () => {
    const t = await createTestApp('pglite', { env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const url = `/api/care/invitations/${'y'.repeat(43)}`;
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ url })).statusCode).toBe(404);
      const refused = await t.app.inject({ url });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().detail).toBe('Too many requests. Please wait a minute and try again.');
    } finally {
      await t.close();
    }
  });
});

describe('what the patient’s Home says reached each member', () => {
  it('a member reached by e-mail after a failed push was reached by e-mail, at the e-mail’s time', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(
      recipientsOf([
        { name: 'Ravi Rao', outcome: 'failed', channel: 'push', at_ms: at('2026-11-28T17:22:00Z') },
        { name: 'Meena Iyer', outcome: 'unavailable', channel: 'push', at_ms: at('2026-11-28T17:22:00Z') },
        { name: 'Ravi Rao', outcome: 'delivered', channel: 'email', at_ms: at('2026-11-28T17:23:00Z') },
        { name: 'Ravi Rao', outcome: 'delivered', channel: 'whatsapp', at_ms: at('2026-11-28T17:24:00Z') },
      ]),
    ).toEqual([
      { name: 'Ravi Rao', outcome: 'delivered', channels: ['email', 'whatsapp'], at: '2026-11-28T17:23:00.000Z' },
      { name: 'Meena Iyer', outcome: 'unavailable', channels: [], at: '2026-11-28T17:22:00.000Z' },
    ]);
  });

  it('a routed delivery (e-mail or WhatsApp configured) names the channels that took it, never "routed"', () => {
    const at_ms = Date.parse('2026-11-28T17:22:00Z');
    expect(
      recipientsOf([
        { name: 'Ravi Rao', outcome: 'delivered', channel: 'routed', detail: 'email, push', at_ms },
        { name: 'Meena Iyer', outcome: 'failed', channel: 'routed', detail: 'email: 550 refused', at_ms },
      ]),
    ).toEqual([
      { name: 'Ravi Rao', outcome: 'delivered', channels: ['email', 'push'], at: '2026-11-28T17:22:00.000Z' },
      { name: 'Meena Iyer', outcome: 'failed', channels: [], at: '2026-11-28T17:22:00.000Z' },
    ]);
  });
});
