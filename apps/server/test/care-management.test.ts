/**
 * The patient's management of the care circle (decision 048): an invitation never stored
 * under an Idempotency-Key, a member's scopes, mark-taken right and alerts, the care-alert
 * settings and the repository functions the alert engine reads, on the real app and database.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_CARE_SETTINGS } from '@diacare/contract/care';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCareSettingsRepository } from '../src/modules/care/care-settings.repository.ts';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

describe.each(DRIVERS)('managing the care circle on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const person = (name: string) =>
    signIn(t.app, { name, email: `manage${++counter}@example.com`, timezone: 'Asia/Kolkata' });

  beforeAll(async () => {
    t = await createTestApp(driver);
    t.clock.set(new Date('2026-11-20T06:30:00.000Z'));
  });
  afterAll(() => t.close());

  const rows = async <Row>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const join = async (patient: SignedInUser, member: SignedInUser, role = 'family') => {
    const invitation = await patient.request({ method: 'POST', url: '/api/care/invitations', payload: { role } });
    const { token } = invitation.json();
    const accepted = await member.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const members = (await patient.request({ url: '/api/care/members' })).json();
    return members.find((entry: { name: string }) => entry.name === member.user.name).id as string;
  };

  describe('an invitation sent with Idempotency-Key', () => {
    it('is never stored: a retry with the same key makes a new link, and both work once', async () => {
      const asha = await person('Asha Rao');
      const key = randomUUID();
      const send = () =>
        asha.request({
          method: 'POST',
          url: '/api/care/invitations',
          payload: { role: 'family' },
          headers: { 'idempotency-key': key },
        });
      const first = await send();
      const second = await send();
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(second.json().token).not.toBe(first.json().token);
      const stored = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = ${asha.user.id}::uuid`,
      );
      expect(stored[0]!.n).toBe(0);
      const dump = JSON.stringify(await rows(sql`SELECT * FROM idempotency_keys`));
      expect(dump).not.toContain(first.json().token);
      const ravi = await person('Ravi Rao');
      const meena = await person('Meena Rao');
      for (const [member, token] of [
        [ravi, first.json().token],
        [meena, second.json().token],
      ] as const) {
        const accepted = await member.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
        expect(accepted.statusCode).toBe(200);
      }
    });

    it('the API document offers the header on other writes but not on the invitation', async () => {
      const document = (await t.app.inject({ url: '/api/docs/json' })).json();
      const parameters = (method: string, path: string) =>
        JSON.stringify(document.paths[path][method].parameters ?? []);
      expect(parameters('post', '/api/care/invitations')).not.toContain('IdempotencyKey');
      expect(Object.keys(document.paths['/api/care/invitations'].post.responses)).not.toContain('422');
      expect(parameters('put', '/api/care/settings')).toContain('IdempotencyKey');
      expect(parameters('patch', '/api/care/members/{id}')).toContain('IdempotencyKey');
    });
  });

  describe('PATCH /api/care/members/{id}', () => {
    it('changes scopes, the mark-taken right and alerts; the audit says so', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const memberId = await join(asha, ravi);
      const [member] = (await asha.request({ url: '/api/care/members' })).json();
      expect(member).toMatchObject({ can_mark_taken: false, alerts: true });
      t.clock.advance(60_000); // the change comes after the join in the audit's order
      const changed = await asha.request({
        method: 'PATCH',
        url: `/api/care/members/${memberId}`,
        payload: { scopes: ['glucose', 'medications'], can_mark_taken: true, alerts: false },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ scopes: ['medications', 'glucose'], can_mark_taken: true, alerts: false });
      expect((await asha.request({ url: '/api/care/members' })).json()[0]).toEqual(changed.json());
      expect((await ravi.request({ url: '/api/care/patients' })).json()[0]).toMatchObject({
        scopes: ['medications', 'glucose'],
        can_mark_taken: true,
      });
      const audit = (await asha.request({ url: '/api/care/audit' })).json();
      expect(audit[0]).toMatchObject({ action: 'change', member_name: 'Ravi Rao' });
    });

    it.each([[{ alerts: 1 }], [{ scopes: 'glucose' }], [{ scopes: ['glucose', 'glucose'] }], [{ nickname: 'R' }]])(
      'refuses %j with 400 and changes nothing',
      async (payload) => {
        const asha = await person('Asha Rao');
        const memberId = await join(asha, await person('Ravi Rao'));
        const before = await dumpDatabase(t.database.db);
        const response = await asha.request({ method: 'PATCH', url: `/api/care/members/${memberId}`, payload });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(/\S/);
        expect(await dumpDatabase(t.database.db)).toEqual(before);
      },
    );

    it('another patient’s member → 404, changing nothing', async () => {
      const asha = await person('Asha Rao');
      const memberId = await join(asha, await person('Ravi Rao'));
      const ben = await person('Ben Carter');
      const before = await dumpDatabase(t.database.db);
      for (const method of ['PATCH', 'DELETE']) {
        const response = await ben.request({
          method,
          url: `/api/care/members/${memberId}`,
          ...(method === 'PATCH' ? { payload: { alerts: false } } : {}),
        });
        expect(response.statusCode).toBe(404);
      }
      expect(await dumpDatabase(t.database.db)).toEqual(before);
    });
  });

  describe('care settings', () => {
    it('GET gives the defaults until saved; PUT stores them whole, per patient', async () => {
      const asha = await person('Asha Rao');
      const ben = await person('Ben Carter');
      expect((await asha.request({ url: '/api/care/settings' })).json()).toEqual(DEFAULT_CARE_SETTINGS);
      const settings = {
        missed_dose_alert_minutes: 30,
        low_glucose_alerts: false,
        quiet_hours: { start: '22:00', end: '07:00' },
      };
      const saved = await asha.request({ method: 'PUT', url: '/api/care/settings', payload: settings });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual(settings);
      expect((await asha.request({ url: '/api/care/settings' })).json()).toEqual(settings);
      expect((await ben.request({ url: '/api/care/settings' })).json()).toEqual(DEFAULT_CARE_SETTINGS);
      expect(await createCareSettingsRepository(t.database.db).getCareSettings(asha.user.id)).toEqual(settings);
      const cleared = { ...settings, quiet_hours: null, missed_dose_alert_minutes: 240 };
      await asha.request({ method: 'PUT', url: '/api/care/settings', payload: cleared });
      expect(await createCareSettingsRepository(t.database.db).getCareSettings(asha.user.id)).toEqual(cleared);
    });

    const VALID = { missed_dose_alert_minutes: 60, low_glucose_alerts: true, quiet_hours: null };
    it.each([
      [{ ...VALID, missed_dose_alert_minutes: 4 }, 'missed_dose_alert_minutes: must be at least 5'],
      [{ ...VALID, missed_dose_alert_minutes: 241 }, 'missed_dose_alert_minutes: must be at most 240'],
      [{ ...VALID, missed_dose_alert_minutes: 12.5 }, 'missed_dose_alert_minutes: must be a whole number'],
      [{ ...VALID, low_glucose_alerts: 'yes' }, 'low_glucose_alerts: must be true or false'],
      [{ ...VALID, quiet_hours: { start: '22:00', end: '24:00' } }, "quiet_hours.end: must be a time 'HH:MM'"],
      [{ ...VALID, quiet_hours: { start: '22:00', end: '22:00' } }, 'quiet_hours: start and end must differ'],
      [{ ...VALID, quiet_hours: '22:00-07:00' }, 'quiet_hours: must be'],
      [{ low_glucose_alerts: true, quiet_hours: null }, 'missed_dose_alert_minutes: is required'],
      [{ ...VALID, sms: true }, 'sms'],
    ])('PUT %j → 400 (%s), nothing changed', async (payload, detail) => {
      const asha = await person('Asha Rao');
      await asha.request({
        method: 'PUT',
        url: '/api/care/settings',
        payload: { ...VALID, low_glucose_alerts: false },
      });
      const before = await dumpDatabase(t.database.db);
      const response = await asha.request({ method: 'PUT', url: '/api/care/settings', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(detail);
      expect(await dumpDatabase(t.database.db)).toEqual(before);
    });
  });

  describe('listAlertRecipients', () => {
    it('lists the members with alerts on, with role, scopes, language, unit, e-mail and WhatsApp number; not after removal', async () => {
      const asha = await person('Asha Rao');
      const ravi = await person('Ravi Rao');
      const doctor = await person('Dr Mehta');
      await ravi.request({
        method: 'PUT',
        url: '/api/users/me',
        payload: { language: 'hi', glucose_unit: 'mmol/L', phone: '9876543210' },
      });
      const raviId = await join(asha, ravi);
      const doctorId = await join(asha, doctor, 'doctor');
      expect(await createCareSettingsRepository(t.database.db).listAlertRecipients(asha.user.id)).toEqual([
        {
          membership_id: raviId,
          user_id: ravi.user.id,
          name: 'Ravi Rao',
          role: 'family',
          scopes: ['medications', 'glucose', 'bp', 'weight', 'appointments', 'labs', 'meals'],
          language: 'hi',
          glucose_unit: 'mmol/L',
          email: ravi.user.email,
          whatsapp: '9876543210',
        },
      ]);
      await asha.request({ method: 'PATCH', url: `/api/care/members/${doctorId}`, payload: { alerts: true } });
      await asha.request({ method: 'PATCH', url: `/api/care/members/${raviId}`, payload: { alerts: false } });
      expect(await createCareSettingsRepository(t.database.db).listAlertRecipients(asha.user.id)).toEqual([
        expect.objectContaining({
          user_id: doctor.user.id,
          role: 'doctor',
          language: 'en',
          scopes: ['medications', 'glucose'],
        }),
      ]);
      await asha.request({ method: 'DELETE', url: `/api/care/members/${doctorId}` });
      expect(await createCareSettingsRepository(t.database.db).listAlertRecipients(asha.user.id)).toEqual([]);
      expect(await createCareSettingsRepository(t.database.db).listAlertRecipients(ravi.user.id)).toEqual([]);
    });
  });
});
