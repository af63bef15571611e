/**
 * The care circle's invitations, joining, members, reading as a member, marking a dose taken
 * and the audit, on the real app and database, with an
 * injected clock for expiry and the audit's hour.
 */
import { CARE_SCOPES } from '@diacare/contract/care';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, ORIGIN, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

describe.each(DRIVERS)('care circle on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const person = (name: string) =>
    signIn(t.app, { name, email: `care${++counter}@example.com`, timezone: 'Asia/Kolkata' });

  beforeAll(async () => {
    t = await createTestApp(driver);
    t.clock.set(new Date('2026-11-20T06:30:00.000Z'));
  });
  afterAll(() => t.close());

  const invite = async (patient: SignedInUser, payload: object) => {
    const response = await patient.request({ method: 'POST', url: '/api/care/invitations', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const join = async (patient: SignedInUser, member: SignedInUser, payload: object = { role: 'family' }) => {
    const { token } = await invite(patient, payload);
    const accepted = await member.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const members = (await patient.request({ url: '/api/care/members' })).json();
    return members.find((entry: { name: string }) => entry.name === member.user.name).id as string;
  };

  describe('invitations', () => {
    it('answers 201 with a single-use link on APP_ORIGIN and the role’s default scopes and 7 days', async () => {
      const asha = await person('Asha Rao');
      const family = await invite(asha, { role: 'family' });
      expect(family).toMatchObject({ role: 'family', scopes: [...CARE_SCOPES] });
      expect(family.url).toBe(`${ORIGIN}/care/join/${family.token}`); // APP_ORIGIN's default in tests
      expect(family.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
      expect(new Date(family.expires_at).getTime()).toBe(t.clock().getTime() + 7 * DAY_MS);
      const doctor = await invite(asha, { role: 'doctor', expires_in_days: 30 });
      expect(doctor.scopes).toEqual(['medications', 'glucose']);
      expect(new Date(doctor.expires_at).getTime()).toBe(t.clock().getTime() + 30 * DAY_MS);
      expect(doctor.token).not.toBe(family.token);
    });

    it('stores the token only as its hash', async () => {
      const asha = await person('Asha Rao');
      const { token } = await invite(asha, { role: 'family' });
      const dump = JSON.stringify(await dumpDatabase(t.database.db));
      expect(dump).not.toContain(token);
    });

    it.each([
      [{}, 'role: is required'],
      [{ role: 'friend' }, "role: must be 'family' or 'doctor'"],
      [{ role: 'doctor', scopes: ['assistant'] }, 'scopes.0:'],
      [{ role: 'doctor', expires_in_days: 31 }, 'expires_in_days: must be at most 30'],
      [{ role: 'doctor', expires_in_days: 0 }, 'expires_in_days: must be at least 1'],
    ])('refuses %j with 400 and changes nothing', async (payload, detail) => {
      const asha = await person('Asha Rao');
      const before = await dumpDatabase(t.database.db);
      const response = await asha.request({ method: 'POST', url: '/api/care/invitations', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(detail);
      expect(await dumpDatabase(t.database.db)).toEqual(before);
    });

    it('the consent screen gets the inviter’s name, role and scopes, and nothing else', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const { token, expires_at } = await invite(asha, { role: 'doctor', scopes: ['glucose'] });
      const preview = await ravi.request({ url: `/api/care/invitations/${token}` });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toEqual({
        inviter_name: 'Asha Rao',
        role: 'doctor',
        scopes: ['glucose'],
        can_mark_taken: false,
        expires_at,
      });
    });
  });

  describe('joining', () => {
    it('a link is used once; a second person is told it was used', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const meena = await person('Meena Iyer');
      const { token } = await invite(asha, { role: 'family' });
      expect((await ravi.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` })).statusCode).toBe(
        200,
      );
      const again = await meena.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
      expect(again.statusCode).toBe(410);
      expect(again.json().detail).toBe('This invitation has already been used. Ask for a new link.');
      expect((await meena.request({ url: `/api/care/invitations/${token}` })).statusCode).toBe(410);
      expect((await meena.request({ url: '/api/care/patients' })).json()).toEqual([]);
    });

    it('a link expires at its time (injected clock): one millisecond before works, at it is refused', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const meena = await person('Meena Iyer');
      const early = await invite(asha, { role: 'family', expires_in_days: 1 });
      const late = await invite(asha, { role: 'family', expires_in_days: 1 });
      const start = t.clock().getTime();
      try {
        t.clock.set(new Date(start + DAY_MS - 1));
        expect(
          (await ravi.request({ method: 'POST', url: `/api/care/invitations/${early.token}/accept` })).statusCode,
        ).toBe(200);
        t.clock.set(new Date(start + DAY_MS));
        const before = await dumpDatabase(t.database.db);
        const expired = await meena.request({ method: 'POST', url: `/api/care/invitations/${late.token}/accept` });
        expect(expired.statusCode).toBe(410);
        expect(expired.json().detail).toBe('This invitation has expired. Ask for a new link.');
        expect(await dumpDatabase(t.database.db)).toEqual(before);
      } finally {
        t.clock.set(new Date(start));
      }
    });

    it('one’s own link, an unknown link and a second link from the same person are refused clearly', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const { token } = await invite(asha, { role: 'family' });
      const own = await asha.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
      expect(own.statusCode).toBe(400);
      expect(own.json().detail).toContain('your own invitation link');
      const unknown = await ravi.request({ method: 'POST', url: `/api/care/invitations/${'x'.repeat(43)}/accept` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toBe('This invitation link is not valid. Ask for a new one.');
      const malformed = await ravi.request({ method: 'POST', url: '/api/care/invitations/a.b/accept' });
      expect(malformed.statusCode).toBe(400);
      await join(asha, ravi);
      const { token: second } = await invite(asha, { role: 'doctor' });
      const twice = await ravi.request({ method: 'POST', url: `/api/care/invitations/${second}/accept` });
      expect(twice.statusCode).toBe(409);
      // The refused link is still unused: someone else can take it.
      expect((await ravi.request({ url: `/api/care/invitations/${second}` })).statusCode).toBe(200);
    });

    it('speaks the reader’s language', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const { token } = await invite(asha, { role: 'family' });
      await ravi.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
      await asha.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
      const response = await asha.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
      expect(response.json().detail).toBe('यह आपका अपना निमंत्रण लिंक है। इसे उस व्यक्ति को भेजें जिसे आप जोड़ना चाहते हैं।');
    });
  });

  describe('reading as a member', () => {
    it('answers the patient’s own routes’ shapes for the same query; outside the scopes 403; strangers 404', async () => {
      const asha = await person('Asha Rao');
      const doctor = await person('Dr Mehta');
      const stranger = await person('Ben Okafor');
      for (const [value, date] of [
        [152, '2026-11-18'],
        [98, '2026-11-19'],
        [131, '2026-11-20'],
      ] as const) {
        const posted = await asha.request({
          method: 'POST',
          url: '/api/health/glucose',
          payload: { value, meal_context: 'Fasting', date, time: '08:00' },
        });
        expect(posted.statusCode).toBe(201);
      }
      await join(asha, doctor, { role: 'doctor' });
      const patients = (await doctor.request({ url: '/api/care/patients' })).json();
      expect(patients).toEqual([
        {
          patient_id: asha.user.id,
          name: 'Asha Rao',
          timezone: 'Asia/Kolkata',
          role: 'doctor',
          scopes: ['medications', 'glucose'],
          can_mark_taken: false,
        },
      ]);
      for (const query of ['', '?limit=1', '?start_date=2026-11-19&end_date=2026-11-19']) {
        const own = await asha.request({ url: `/api/health/glucose${query}` });
        const theirs = await doctor.request({ url: `/api/care/patients/${asha.user.id}/glucose${query}` });
        expect(theirs.statusCode).toBe(200);
        expect(theirs.json()).toEqual(own.json());
      }
      const bad = await doctor.request({ url: `/api/care/patients/${asha.user.id}/glucose?limit=0` });
      expect(bad.statusCode).toBe(400);
      const bp = await doctor.request({ url: `/api/care/patients/${asha.user.id}/bp` });
      expect(bp.statusCode).toBe(403);
      expect(bp.json().detail).toBe('This has not been shared with you.');
      expect((await stranger.request({ url: `/api/care/patients/${asha.user.id}/glucose` })).statusCode).toBe(404);
      expect((await doctor.request({ url: `/api/care/patients/${crypto.randomUUID()}/glucose` })).statusCode).toBe(404);
      // The assistant conversation has no member route at all.
      expect((await doctor.request({ url: `/api/care/patients/${asha.user.id}/assistant` })).statusCode).toBe(404);
    });

    it('a removed member is refused on the very next request', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const memberId = await join(asha, ravi);
      expect((await ravi.request({ url: `/api/care/patients/${asha.user.id}/medications` })).statusCode).toBe(200);
      expect((await asha.request({ method: 'DELETE', url: `/api/care/members/${memberId}` })).statusCode).toBe(200);
      expect((await ravi.request({ url: `/api/care/patients/${asha.user.id}/medications` })).statusCode).toBe(404);
      expect((await ravi.request({ url: '/api/care/patients' })).json()).toEqual([]);
      expect((await asha.request({ method: 'DELETE', url: `/api/care/members/${memberId}` })).statusCode).toBe(404);
    });

    it('labs: with the scope, the patient’s results as their own route answers them; without it, 403', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const doctor = await person('Dr Mehta');
      await join(asha, ravi);
      await join(asha, doctor, { role: 'doctor' });
      const created = await asha.request({
        method: 'POST',
        url: '/api/health/labs',
        payload: { test: 'hba1c', value: 53, unit: 'mmol/mol', date: '2026-11-01' },
      });
      expect(created.statusCode).toBe(201);
      const own = await asha.request({ url: '/api/health/labs?test=hba1c' });
      const labs = await ravi.request({ url: `/api/care/patients/${asha.user.id}/labs?test=hba1c` });
      expect(labs.statusCode).toBe(200);
      expect(labs.json()).toEqual(own.json());
      expect(labs.json()).toHaveLength(1);
      expect((await doctor.request({ url: `/api/care/patients/${asha.user.id}/labs` })).statusCode).toBe(403);
    });
  });

  describe('marking a dose taken on the patient’s behalf', () => {
    it('is off by default; when granted it records the dose and who did it', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const medication = (
        await asha.request({
          method: 'POST',
          url: '/api/medications',
          payload: {
            name: 'Metformin',
            dosage: '500 mg',
            form: 'Tablet',
            color: '#FF6B6B',
            schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-11-01' },
            refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
          },
        })
      ).json();
      const memberId = await join(asha, ravi);
      const dose = { medication_id: medication.id, date: '2026-11-20', scheduled_time: '09:00', status: 'taken' };
      const url = `/api/care/patients/${asha.user.id}/adherence`;
      const before = await dumpDatabase(t.database.db);
      const refused = await ravi.request({ method: 'POST', url, payload: dose });
      expect(refused.statusCode).toBe(403);
      expect(await dumpDatabase(t.database.db)).toEqual(before);

      const granted = await asha.request({
        method: 'PATCH',
        url: `/api/care/members/${memberId}`,
        payload: { can_mark_taken: true },
      });
      expect(granted.json()).toMatchObject({ can_mark_taken: true, role: 'family' });
      const skipped = await ravi.request({ method: 'POST', url, payload: { ...dose, status: 'skipped' } });
      expect(skipped.statusCode).toBe(400);
      const taken = await ravi.request({ method: 'POST', url, payload: dose });
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json()).toMatchObject({ medication_id: medication.id, status: 'taken' });
      expect((await asha.request({ url: '/api/adherence' })).json()).toEqual([taken.json()]);
      const recorded = await t.database.db.execute(
        sql`SELECT recorded_by::text AS by FROM adherence_records WHERE id = ${taken.json().id}::uuid`,
      );
      expect((recorded as unknown as { rows: { by: string }[] }).rows[0]!.by).toBe(ravi.user.id);
      // The patient taking it again makes it theirs.
      await asha.request({ method: 'POST', url: '/api/adherence', payload: dose });
      const mine = await t.database.db.execute(
        sql`SELECT recorded_by FROM adherence_records WHERE id = ${taken.json().id}::uuid`,
      );
      expect((mine as unknown as { rows: { recorded_by: string | null }[] }).rows[0]!.recorded_by).toBeNull();
    });
  });

  describe('members and audit', () => {
    it('PATCH changes role and scopes (kept in order); bad input → 400 changing nothing', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const memberId = await join(asha, ravi, { role: 'doctor' });
      const changed = await asha.request({
        method: 'PATCH',
        url: `/api/care/members/${memberId}`,
        payload: { role: 'family', scopes: ['weight', 'bp'] },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ name: 'Ravi Rao', role: 'family', scopes: ['bp', 'weight'] });
      for (const payload of [{}, { scopes: ['chat'] }, { alerts: 'no' }, { can_mark_taken: 'yes' }]) {
        const before = await dumpDatabase(t.database.db);
        const response = await asha.request({ method: 'PATCH', url: `/api/care/members/${memberId}`, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(await dumpDatabase(t.database.db)).toEqual(before);
      }
      // The member cannot change their own grant.
      expect(
        (
          await ravi.request({
            method: 'PATCH',
            url: `/api/care/members/${memberId}`,
            payload: { can_mark_taken: true },
          })
        ).statusCode,
      ).toBe(404);
    });

    it('records invite, join, views (one per member, resource and hour), change and removal', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const start = t.clock().getTime();
      // A minute between steps, so the audit's newest-first order is the order of events.
      const step = () => t.clock.advance(60_000);
      try {
        const { token } = await invite(asha, { role: 'family' });
        step();
        await ravi.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
        const memberId = (await asha.request({ url: '/api/care/members' })).json()[0].id;
        for (let i = 0; i < 3; i++) {
          step();
          await ravi.request({ url: `/api/care/patients/${asha.user.id}/glucose` });
        }
        step();
        await ravi.request({ url: `/api/care/patients/${asha.user.id}/bp` });
        t.clock.advance(HOUR_MS);
        await ravi.request({ url: `/api/care/patients/${asha.user.id}/glucose` });
        step();
        await asha.request({ method: 'PATCH', url: `/api/care/members/${memberId}`, payload: { scopes: ['glucose'] } });
        step();
        await asha.request({ method: 'DELETE', url: `/api/care/members/${memberId}` });
        step();
        // After removal a try is refused and not recorded as a view.
        await ravi.request({ url: `/api/care/patients/${asha.user.id}/glucose` });
      } finally {
        t.clock.set(new Date(start));
      }
      const audit = (await asha.request({ url: '/api/care/audit' })).json();
      expect(
        audit.map(
          (entry: { action: string; actor_name: string; member_name: string | null; resource: string | null }) => [
            entry.action,
            entry.actor_name,
            entry.member_name,
            entry.resource,
          ],
        ),
      ).toEqual([
        ['remove', 'Asha Rao', 'Ravi Rao', null],
        ['change', 'Asha Rao', 'Ravi Rao', null],
        ['view', 'Ravi Rao', 'Ravi Rao', 'glucose'],
        ['view', 'Ravi Rao', 'Ravi Rao', 'bp'],
        ['view', 'Ravi Rao', 'Ravi Rao', 'glucose'],
        ['join', 'Ravi Rao', 'Ravi Rao', null],
        ['invite', 'Asha Rao', null, null],
      ]);
      expect(audit[1].scopes).toEqual(['glucose']);
      // The audit is the patient's own: the member's is empty of it.
      expect((await ravi.request({ url: '/api/care/audit' })).json()).toEqual([]);
    });
  });
});
