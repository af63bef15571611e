/**
 * A patient's control over their invitations: the pending list (never a token), revoking
 * one (its link then answers 410), at most 10 pending, and the per-user creation limit in the shared
 * store, on PGlite and PostgreSQL.
 */
import { MAX_PENDING_INVITATIONS } from '@diacare/contract/care';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens.ts';
import { SQL_DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const DAY_MS = 86_400_000;

describe.each(SQL_DRIVERS)('a patient’s invitations on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const person = (name: string, app = t.app) =>
    signIn(app, { name, email: `invites${++counter}@example.com`, timezone: 'Asia/Kolkata' });

  beforeAll(async () => {
    t = await createTestApp(driver);
    t.clock.set(new Date('2026-11-20T06:30:00.000Z'));
  });
  afterAll(() => t.close());

  const invite = async (patient: SignedInUser, payload: object = { role: 'family' }) => {
    const response = await patient.request({ method: 'POST', url: '/api/care/invitations', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; token: string; role: string; scopes: string[]; expires_at: string };
  };
  const pending = async (patient: SignedInUser) => {
    const response = await patient.request({ url: '/api/care/invitations' });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const members = async (patientId: string) =>
    (
      (await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM care_members WHERE patient_id = ${patientId}::uuid`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;

  it('lists only pending invitations, newest first, with what they share and never a token or its hash', async () => {
    const asha = await person('Asha Rao');
    const ravi = await person('Ravi Rao');
    const used = await invite(asha);
    await ravi.request({ method: 'POST', url: `/api/care/invitations/${used.token}/accept` });
    const revoked = await invite(asha);
    await asha.request({ method: 'DELETE', url: `/api/care/invitations/${revoked.id}` });
    const short = await invite(asha, { role: 'family', expires_in_days: 1 });
    t.clock.set(new Date(t.clock().getTime() + 1000));
    const doctor = await invite(asha, { role: 'doctor', scopes: ['glucose', 'labs'], expires_in_days: 14 });
    const start = t.clock().getTime();

    const list = await pending(asha);
    expect(list.json()).toEqual([
      {
        id: doctor.id,
        role: 'doctor',
        scopes: ['glucose', 'labs'],
        can_mark_taken: false,
        created_at: new Date(start).toISOString(),
        expires_at: new Date(start + 14 * DAY_MS).toISOString(),
      },
      {
        id: short.id,
        role: 'family',
        scopes: short.scopes,
        can_mark_taken: false,
        created_at: new Date(start - 1000).toISOString(),
        expires_at: short.expires_at,
      },
    ]);
    for (const { token } of [used, revoked, short, doctor]) {
      expect(list.body).not.toContain(token);
      expect(list.body).not.toContain(hashToken(token));
    }
    // Expired at its time: gone from the list.
    try {
      t.clock.set(new Date(new Date(short.expires_at).getTime()));
      expect((await pending(asha)).json().map((row: { id: string }) => row.id)).toEqual([doctor.id]);
    } finally {
      t.clock.set(new Date(start));
    }
    // Another patient's list holds none of these; a bad limit is a 400 naming it.
    expect((await pending(ravi)).json()).toEqual([]);
    const bad = await asha.request({ url: '/api/care/invitations?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^limit: /);
  });

  it('a revoked invitation is gone at once: its link says so (410) and accepting it joins nobody', async () => {
    const asha = await person('Asha Rao');
    const ravi = await person('Ravi Rao');
    const invitation = await invite(asha);
    expect((await ravi.request({ url: `/api/care/invitations/${invitation.token}` })).statusCode).toBe(200);

    const revoke = await asha.request({ method: 'DELETE', url: `/api/care/invitations/${invitation.id}` });
    expect(revoke.statusCode, revoke.body).toBe(204);
    expect(revoke.body).toBe('');
    expect((await pending(asha)).json()).toEqual([]);

    const before = await dumpDatabase(t.database.db);
    const preview = await ravi.request({ url: `/api/care/invitations/${invitation.token}` });
    expect(preview.statusCode).toBe(410);
    expect(preview.json().detail).toBe('This invitation was withdrawn and is no longer valid. Ask for a new link.');
    const accepted = await ravi.request({ method: 'POST', url: `/api/care/invitations/${invitation.token}/accept` });
    expect(accepted.statusCode).toBe(410);
    expect(accepted.json().detail).toBe(preview.json().detail);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect(await members(asha.user.id)).toBe(0);
    expect((await ravi.request({ url: '/api/care/patients' })).json()).toEqual([]);

    // Revoking twice, or a used link, is not a pending invitation: 404 changing nothing.
    const again = await asha.request({ method: 'DELETE', url: `/api/care/invitations/${invitation.id}` });
    expect(again.statusCode).toBe(404);
    const used = await invite(asha);
    await ravi.request({ method: 'POST', url: `/api/care/invitations/${used.token}/accept` });
    const afterJoin = await dumpDatabase(t.database.db);
    expect((await asha.request({ method: 'DELETE', url: `/api/care/invitations/${used.id}` })).statusCode).toBe(404);
    expect(await dumpDatabase(t.database.db)).toEqual(afterJoin);
    expect(await members(asha.user.id)).toBe(1);

    // The patient's audit says who withdrew what.
    const audit = (await asha.request({ url: '/api/care/audit' })).json() as { action: string; role: string }[];
    expect(audit.filter((entry) => entry.action === 'revoke')).toEqual([
      expect.objectContaining({ action: 'revoke', role: 'family', actor_name: 'Asha Rao', member_name: null }),
    ]);
  });

  it('the revoked link speaks the reader’s language', async () => {
    const asha = await person('Asha Rao');
    const ravi = await person('Ravi Rao');
    const invitation = await invite(asha);
    await asha.request({ method: 'DELETE', url: `/api/care/invitations/${invitation.id}` });
    await ravi.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    const preview = await ravi.request({ url: `/api/care/invitations/${invitation.token}` });
    expect(preview.json().detail).toBe('यह निमंत्रण वापस ले लिया गया है और अब मान्य नहीं है। नया लिंक माँगें।');
  });

  it('another person’s invitation id is 404 for GET and DELETE and stays usable; a bad id is 400', async () => {
    const asha = await person('Asha Rao');
    const ravi = await person('Ravi Rao');
    const meena = await person('Meena Iyer');
    const invitation = await invite(asha);
    const before = await dumpDatabase(t.database.db);
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await ravi.request({ method, url: `/api/care/invitations/${invitation.id}` });
      expect(response.statusCode, `${method} ${response.body}`).toBe(404);
      expect(response.body).not.toContain(asha.user.id);
    }
    const malformed = await asha.request({ method: 'DELETE', url: '/api/care/invitations/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/^id: /);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect((await pending(asha)).json()).toHaveLength(1);
    const accepted = await meena.request({ method: 'POST', url: `/api/care/invitations/${invitation.token}/accept` });
    expect(accepted.statusCode).toBe(200);
  });

  it(`refuses the ${MAX_PENDING_INVITATIONS + 1}th pending invitation with 409; revoking or expiry makes room`, async () => {
    const asha = await person('Asha Rao');
    const first = await invite(asha, { role: 'family', expires_in_days: 1 });
    for (let i = 1; i < MAX_PENDING_INVITATIONS; i += 1) await invite(asha);
    const before = await dumpDatabase(t.database.db);
    const refused = await asha.request({ method: 'POST', url: '/api/care/invitations', payload: { role: 'doctor' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'You already have 10 pending invitations, the most allowed. Withdraw one on Profile, or wait until one is used or expires.',
    );
    expect(await dumpDatabase(t.database.db)).toEqual(before);

    const list = (await pending(asha)).json() as { id: string }[];
    expect(list).toHaveLength(MAX_PENDING_INVITATIONS);
    // Not `first`: its expiry makes room below. (All were made at the same instant, so the list's
    // order among them is the ids'.)
    const other = list.find((invitation) => invitation.id !== first.id)!;
    await asha.request({ method: 'DELETE', url: `/api/care/invitations/${other.id}` });
    await invite(asha, { role: 'doctor' });
    const start = t.clock().getTime();
    try {
      t.clock.set(new Date(new Date(first.expires_at).getTime()));
      await invite(asha, { role: 'doctor' });
      expect(
        (await asha.request({ method: 'POST', url: '/api/care/invitations', payload: { role: 'doctor' } })).statusCode,
      ).toBe(409);
    } finally {
      t.clock.set(new Date(start));
    }
  });

  it('creations at the same moment never pass the limit', async () => {
    const asha = await person('Asha Rao');
    const statuses = await Promise.all(
      Array.from({ length: MAX_PENDING_INVITATIONS + 5 }, () =>
        asha.request({ method: 'POST', url: '/api/care/invitations', payload: { role: 'family' } }),
      ),
    );
    const counts = statuses.map((response) => response.statusCode).sort();
    expect(counts.filter((status) => status === 201)).toHaveLength(MAX_PENDING_INVITATIONS);
    expect(counts.filter((status) => status === 409)).toHaveLength(5);
    expect((await pending(asha)).json()).toHaveLength(MAX_PENDING_INVITATIONS);
  });

  describe('with CARE_INVITATION_RATE_LIMIT_PER_MINUTE=3', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp(driver, { env: { CARE_INVITATION_RATE_LIMIT_PER_MINUTE: '3' } });
    });
    afterAll(() => limited.close());

    it('the fourth creation in a minute answers 429 with Retry-After, for that user only, storing nothing', async () => {
      const asha = await person('Asha Rao', limited.app);
      const ravi = await person('Ravi Rao', limited.app);
      const create = (user: SignedInUser) =>
        user.request({ method: 'POST', url: '/api/care/invitations', payload: { role: 'family' } });
      for (let i = 0; i < 3; i += 1) expect((await create(asha)).statusCode).toBe(201);
      const before = await dumpDatabase(limited.database.db);
      const refused = await create(asha);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json().detail).toBe(
        `Too many invitations at once. Please wait ${retryAfter} seconds before creating another.`,
      );
      expect(await dumpDatabase(limited.database.db)).toEqual(before);
      // Listing and revoking are not creations; another user has their own count.
      expect((await asha.request({ url: '/api/care/invitations' })).statusCode).toBe(200);
      expect((await create(ravi)).statusCode).toBe(201);
    });
  });
});
