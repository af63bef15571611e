/**
 * Missed-dose care alerts end to end (decision 051): doses made through the API, alerts made,
 * claimed and pushed from the real database to a local push service, on an injected clock.
 * Kolkata is UTC+05:30: the 09:00 dose is 03:30Z, its 60-minute alert 04:30Z.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCareAlertClaims } from '../src/modules/care/care-alert.repository.ts';
import { SQL_DRIVERS } from './helpers.ts';
import { addMedication, alertsTo, escalation, makeCircle, type Circle } from './support/care-alerts.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';

describe.each(SQL_DRIVERS)('missed-dose care alerts on %s', (driver) => {
  let push: PushTestApp;
  let day = 0;
  beforeAll(async () => {
    push = await startPushTestApp(driver);
  });
  afterAll(() => push.close());

  /** A clock on a day of the test's own: at('HH:MM') sets it (UTC) and returns it. */
  function startDay() {
    const date = new Date(Date.UTC(2026, 6, 1 + ++day * 3)).toISOString().slice(0, 10);
    return {
      date,
      at(time: string) {
        const instant = new Date(`${date}T${time}:00Z`);
        push.t.clock.set(instant);
        return instant;
      },
    };
  }

  /** A circle and a 09:00 dose made at 03:00Z (08:30 in Kolkata). */
  async function doseDay(
    language: 'en' | 'hi' = 'en',
  ): Promise<{ circle: Circle; medication: string; date: string; at: (time: string) => Date }> {
    const clock = startDay();
    clock.at('03:00');
    const circle = await makeCircle(push, language);
    const medication = (await addMedication(circle.patient)).id;
    return { circle, medication, date: clock.date, at: clock.at };
  }

  it('a dose not taken 60 minutes after its time alerts the son once, naming patient, medicine and time; not the doctor', async () => {
    const { circle, at } = await doseDay();
    const run = escalation(push);
    at('04:29');
    await run.runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
    at('04:30');
    await run.runOnce();
    await run.runOnce();
    at('05:30');
    await run.runOnce();
    const alerts = alertsTo(push, circle.sonPush);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      title: 'Asha Rao has not taken Metformin',
      body: 'The 09:00 dose of Metformin is not marked as taken yet.',
      url: `/care/patients/${circle.patient.user.id}`,
      dose: null,
    });
    expect(alertsTo(push, circle.doctorPush)).toEqual([]);

    const own = (await circle.patient.request({ url: '/api/care/alerts' })).json();
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      kind: 'missed_dose',
      status: 'sent',
      medication_name: 'Metformin',
      scheduled_time: '09:00',
    });
    expect(own[0].recipients).toEqual([
      { name: 'Ravi Rao', outcome: 'delivered', channels: ['push'], at: expect.any(String) },
    ]);
  });

  it('the alert is in the member’s language (Hindi)', async () => {
    const { circle, at } = await doseDay('hi');
    at('04:31');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)[0]?.title).toBe('Asha Rao ने Metformin नहीं ली है');
  });

  it('the patient’s own delay counts: 15 minutes', async () => {
    const { circle, at } = await doseDay();
    const put = await circle.patient.request({
      method: 'PUT',
      url: '/api/care/settings',
      payload: { missed_dose_alert_minutes: 15, low_glucose_alerts: true, quiet_hours: null },
    });
    expect(put.statusCode).toBe(200);
    at('03:44');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toHaveLength(0);
    at('03:45');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toHaveLength(1);
  });

  it('a Take before the delay: no alert', async () => {
    const { circle, medication, date, at } = await doseDay();
    at('04:00');
    const take = await circle.patient.request({
      method: 'POST',
      url: '/api/adherence',
      payload: { medication_id: medication, date, scheduled_time: '09:00', taken_time: '09:30', status: 'taken' },
    });
    expect(take.statusCode, take.body).toBeLessThan(300);
    at('04:31');
    await escalation(push).runOnce();
    at('06:00');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
    expect((await circle.patient.request({ url: '/api/care/alerts' })).json()).toEqual([]);
  });

  it('a snooze before the delay: no alert', async () => {
    const { circle, at } = await doseDay();
    at('03:31');
    const reminders: { id: string; kind: string }[] = (
      await circle.patient.request({ url: '/api/reminders?include_sent=true' })
    ).json();
    const dose = reminders.find((reminder) => reminder.kind === 'dose')!;
    const snooze = await circle.patient.request({
      method: 'POST',
      url: '/api/reminders',
      payload: { title: 'Metformin', body: '', due_at: at('03:31').toISOString(), snoozed_from: dose.id },
    });
    expect(snooze.statusCode, snooze.body).toBe(201);
    at('04:31');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
  });

  it('a member with alerts off gets none; a doctor whose alerts are turned on gets one', async () => {
    const { circle, at } = await doseDay();
    const patch = (id: string, alerts: boolean) =>
      circle.patient.request({ method: 'PATCH', url: `/api/care/members/${id}`, payload: { alerts } });
    expect((await patch(circle.sonMembership, false)).statusCode).toBe(200);
    expect((await patch(circle.doctorMembership, true)).statusCode).toBe(200);
    at('04:31');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
    expect(alertsTo(push, circle.doctorPush)).toHaveLength(1);
  });

  it('two instances passing at once: one alert per member', async () => {
    const { circle, at } = await doseDay();
    await addMedication(circle.patient, ['09:00'], 'Glimepiride');
    at('04:31');
    const [a, b] = [escalation(push), escalation(push)];
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    const alerts = alertsTo(push, circle.sonPush);
    expect(alerts.map((alert) => alert.title).sort()).toEqual([
      'Asha Rao has not taken Glimepiride',
      'Asha Rao has not taken Metformin',
    ]);
  });

  it('two loops running side by side: one alert per member', async () => {
    const { circle, at } = await doseDay();
    at('04:31');
    const [a, b] = [escalation(push, { intervalMs: 5 }), escalation(push, { intervalMs: 5 })];
    a.start();
    b.start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await Promise.all([a.stop(), b.stop()]);
    expect(alertsTo(push, circle.sonPush)).toHaveLength(1);
  });

  it('a pass killed after claiming: sent once after its lease runs out', async () => {
    const { circle, at } = await doseDay();
    at('04:31');
    const leaseMs = 120_000;
    // The pass made and claimed the alert, then died before sending.
    const run = escalation(push, { leaseMs });
    const claims = createCareAlertClaims(push.t.database.db, { batchSize: 100, leaseMs });
    await run.runOnce(AbortSignal.abort());
    const claimed = await claims.claim(randomUUID(), push.t.clock());
    expect(claimed.map((alert) => alert.kind)).toEqual(['missed_dose']);
    await run.runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
    at('04:34');
    await run.runOnce();
    await escalation(push, { leaseMs }).runOnce();
    expect(alertsTo(push, circle.sonPush)).toHaveLength(1);
  });

  it('quiet hours crossing midnight hold the alert until they end (Kolkata 22:00–07:00)', async () => {
    const clock = startDay();
    clock.at('15:00'); // 20:30 Kolkata
    const circle = await makeCircle(push);
    await addMedication(circle.patient, ['21:30']);
    const put = await circle.patient.request({
      method: 'PUT',
      url: '/api/care/settings',
      payload: {
        missed_dose_alert_minutes: 60,
        low_glucose_alerts: true,
        quiet_hours: { start: '22:00', end: '07:00' },
      },
    });
    expect(put.statusCode).toBe(200);
    const run = escalation(push);
    clock.at('17:01'); // 22:31 Kolkata: due, but quiet
    await run.runOnce();
    clock.at('23:00'); // 04:30 Kolkata
    await run.runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
    const next = new Date(new Date(`${clock.date}T01:30:00Z`).getTime() + 86_400_000); // 07:00 Kolkata
    push.t.clock.set(new Date(next.getTime() - 60_000));
    await run.runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
    push.t.clock.set(next);
    await run.runOnce();
    expect(alertsTo(push, circle.sonPush).map((alert) => alert.body)).toEqual([
      'The 21:30 dose of Metformin is not marked as taken yet.',
    ]);
  });

  it('a medicine added at 22:51 owes no earlier dose that day: no missed-dose alert, even from a stale reminder (decision 077)', async () => {
    const clock = startDay();
    clock.at('17:21'); // 22:51 Kolkata
    const circle = await makeCircle(push);
    const medication = (await addMedication(circle.patient, ['08:00', '22:00', '23:00'])).id;
    const db = push.t.database.db;
    // The materialiser made no reminder for the 08:00 and 22:00 doses; one for 22:00 made by an
    // older server (within the alert look-back) proves the escalation applies the rule itself.
    const made = (
      (await db.execute(sql`SELECT scheduled_time FROM reminders
        WHERE medication_id = ${medication} AND dose_date = ${clock.date} ORDER BY due_at`)) as unknown as {
        rows: { scheduled_time: string }[];
      }
    ).rows;
    expect(made.map((row) => row.scheduled_time)).toEqual(['23:00']);
    await db.execute(sql`
      INSERT INTO reminders (user_id, kind, medication_id, dose_date, scheduled_time, title, body, due_at,
        expires_at, dedupe_key, status, sent, sent_at)
      SELECT user_id, kind, medication_id, dose_date, '22:00', title, body, ${`${clock.date}T16:30:00Z`}::timestamptz,
        ${`${clock.date}T18:30:00Z`}::timestamptz, ${`dose:${medication}:${clock.date}:22:00`}, 'sent', true,
        ${`${clock.date}T16:30:00Z`}::timestamptz
      FROM reminders WHERE medication_id = ${medication} AND scheduled_time = '23:00' AND dose_date = ${clock.date}`);

    const run = escalation(push);
    clock.at('17:31'); // the 22:00 dose's alert time has passed
    await run.runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
    // The 23:00 dose (17:30Z) was expected: its alert comes at 18:30Z.
    clock.at('18:31');
    await run.runOnce();
    expect(alertsTo(push, circle.sonPush).map((alert) => alert.body)).toEqual([
      'The 23:00 dose of Metformin is not marked as taken yet.',
    ]);
    // The member's view reads the same rule: the medicine says when it was added.
    const seen = (await circle.son.request({ url: `/api/care/patients/${circle.patient.user.id}/medications` })).json();
    expect(seen[0].created_at).toBe(`${clock.date}T17:21:00.000Z`);
  });
});
