/**
 * Low-glucose care alerts and the alert routes (decision 051): readings posted through the API,
 * alerts claimed and pushed from the real database to a local push service on an injected clock.
 * Kolkata is UTC+05:30: 10:00Z is 15:30 there.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQL_DRIVERS } from './helpers.ts';
import { alertsTo, escalation, makeCircle, type Circle } from './support/care-alerts.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';

describe.each(SQL_DRIVERS)('low-glucose care alerts and alert routes on %s', (driver) => {
  let push: PushTestApp;
  let day = 0;
  beforeAll(async () => {
    push = await startPushTestApp(driver);
  });
  afterAll(() => push.close());

  /** A circle on a day of its own; at('HH:MM') sets the clock (UTC). */
  async function glucoseDay() {
    const date = new Date(Date.UTC(2026, 8, 1 + ++day * 3)).toISOString().slice(0, 10);
    const at = (time: string) => {
      const instant = new Date(`${date}T${time}:00Z`);
      push.t.clock.set(instant);
      return instant;
    };
    at('10:00');
    const circle = await makeCircle(push);
    /** Posts a reading at Kolkata 'HH:MM' on the day. */
    const reading = async (value: number, time: string) => {
      const response = await circle.patient.request({
        method: 'POST',
        url: '/api/health/glucose',
        payload: { value, meal_context: 'After Lunch', date, time },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string };
    };
    return { circle, at, reading, date };
  }

  const quiet = (circle: Circle) =>
    circle.patient.request({
      method: 'PUT',
      url: '/api/care/settings',
      payload: {
        missed_dose_alert_minutes: 60,
        low_glucose_alerts: true,
        quiet_hours: { start: '15:00', end: '16:30' },
      },
    });

  it('under 54: at once, even in quiet hours; the doctor (alerts off) gets none', async () => {
    const { circle, reading } = await glucoseDay();
    expect((await quiet(circle)).statusCode).toBe(200);
    await reading(48, '15:30');
    await escalation(push).runOnce();
    const alerts = alertsTo(push, circle.sonPush);
    expect(alerts.map((alert) => [alert.title, alert.body])).toEqual([
      ['Very low glucose: Asha Rao', 'Asha Rao logged 48 mg/dL at 15:30. Please check on them now.'],
    ]);
    expect(alertsTo(push, circle.doctorPush)).toEqual([]);
  });

  it('under 70 then 75 within 30 minutes: none', async () => {
    const { circle, at, reading } = await glucoseDay();
    await reading(65, '15:30');
    at('10:10');
    await reading(75, '15:40');
    at('10:30');
    await escalation(push).runOnce();
    at('11:30');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
  });

  it('under 70 alone: one alert 30 minutes later, not before; a second low in the episode adds none', async () => {
    const { circle, at, reading } = await glucoseDay();
    await reading(65, '15:30');
    at('10:05');
    await reading(62, '15:35');
    at('10:29');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
    at('10:30');
    await escalation(push).runOnce();
    at('10:40');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush).map((alert) => alert.title)).toEqual(['Low glucose: Asha Rao']);
  });

  it('under 70 in quiet hours: held until they end', async () => {
    const { circle, at, reading } = await glucoseDay();
    expect((await quiet(circle)).statusCode).toBe(200);
    await reading(65, '15:30');
    at('10:30'); // 16:00 Kolkata: due, but quiet
    await escalation(push).runOnce();
    at('10:59');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
    at('11:00'); // 16:30 Kolkata
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toHaveLength(1);
  });

  it('back-dated and imported readings never alert', async () => {
    const { circle, at, reading, date } = await glucoseDay();
    await reading(40, '15:10'); // 20 minutes before now
    const header =
      'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL),Insulin Value (u)';
    const csv = [header, '1,,Device,,,G7,G7 App,,', `2,${date}T15:29:00,EGV,,,,G7 App,45,`].join('\r\n');
    const upload = await circle.patient.request({
      method: 'POST',
      url: '/api/imports',
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    const commit = await circle.patient.request({ method: 'POST', url: `/api/imports/${upload.json().id}/commit` });
    expect(commit.json()).toMatchObject({ status: 'committed', readings: 1 });
    at('11:00');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
    const rows = await push.t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM care_alerts WHERE patient_id = ${circle.patient.user.id}::uuid`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('Seen by one member shows for every member and for the patient; another patient’s alert → 404; bad input → 400', async () => {
    const { circle, reading } = await glucoseDay();
    const patch = await circle.patient.request({
      method: 'PATCH',
      url: `/api/care/members/${circle.doctorMembership}`,
      payload: { alerts: true },
    });
    expect(patch.statusCode).toBe(200);
    await reading(50, '15:30');
    await escalation(push).runOnce();
    const patientId = circle.patient.user.id;
    const forSon = (await circle.son.request({ url: `/api/care/patients/${patientId}/alerts` })).json();
    expect(forSon).toHaveLength(1);
    expect(forSon[0]).toMatchObject({ kind: 'urgent_low_glucose', value: 50, seen_at: null });
    expect(forSon[0].recipients.map((r: { name: string }) => r.name).sort()).toEqual(['Dr Iyer', 'Ravi Rao']);

    const seen = await circle.son.request({ method: 'POST', url: `/api/care/alerts/${forSon[0].id}/seen` });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ seen_by_name: 'Ravi Rao', seen_at: expect.any(String) });
    // A later 'Seen' by the doctor keeps the first.
    expect(
      (await circle.doctor.request({ method: 'POST', url: `/api/care/alerts/${forSon[0].id}/seen` })).json(),
    ).toMatchObject({ seen_by_name: 'Ravi Rao' });
    const forDoctor = (await circle.doctor.request({ url: `/api/care/patients/${patientId}/alerts` })).json();
    expect(forDoctor[0]).toMatchObject({ seen_by_name: 'Ravi Rao' });
    const own = (await circle.patient.request({ url: '/api/care/alerts' })).json();
    expect(own[0]).toMatchObject({ id: forSon[0].id, seen_by_name: 'Ravi Rao' });

    // Another patient's circle: its member cannot see or acknowledge this alert.
    const other = await makeCircle(push);
    const foreign = await other.son.request({ method: 'POST', url: `/api/care/alerts/${forSon[0].id}/seen` });
    expect(foreign.statusCode).toBe(404);
    expect((await other.son.request({ url: `/api/care/patients/${patientId}/alerts` })).statusCode).toBe(404);
    // The patient is not a member of their own circle.
    expect(
      (await circle.patient.request({ method: 'POST', url: `/api/care/alerts/${forSon[0].id}/seen` })).statusCode,
    ).toBe(404);

    const badId = await circle.son.request({ method: 'POST', url: '/api/care/alerts/not-a-uuid/seen' });
    expect(badId.statusCode).toBe(400);
    expect((await circle.son.request({ url: `/api/care/patients/${patientId}/alerts?limit=0` })).statusCode).toBe(400);
    expect((await circle.patient.request({ url: '/api/care/alerts?limit=abc' })).statusCode).toBe(400);
    const after = (await circle.patient.request({ url: '/api/care/alerts' })).json();
    expect(after[0]).toMatchObject({ seen_by_name: 'Ravi Rao' });

    // The member's read is in the patient's audit, like their other views.
    const audit: { action: string; resource: string | null }[] = (
      await circle.patient.request({ url: '/api/care/audit' })
    ).json();
    expect(audit.some((entry) => entry.action === 'view' && entry.resource === 'alerts')).toBe(true);
  });

  it('low-glucose alerts off: none', async () => {
    const { circle, reading } = await glucoseDay();
    const put = await circle.patient.request({
      method: 'PUT',
      url: '/api/care/settings',
      payload: { missed_dose_alert_minutes: 60, low_glucose_alerts: false, quiet_hours: null },
    });
    expect(put.statusCode).toBe(200);
    await reading(45, '15:30');
    await escalation(push).runOnce();
    expect(alertsTo(push, circle.sonPush)).toEqual([]);
  });

  it('a member with no push subscription: the alert fails to reach anyone yet shows in the app, and can be seen', async () => {
    const { circle, reading } = await glucoseDay();
    const unsubscribe = await circle.son.request({
      method: 'POST',
      url: '/api/push/unsubscribe',
      payload: { endpoint: circle.sonPush.endpoint },
    });
    expect(unsubscribe.statusCode, unsubscribe.body).toBeLessThan(300);
    await reading(50, '15:30');
    await escalation(push).runOnce();
    const own = (await circle.patient.request({ url: '/api/care/alerts' })).json();
    expect(own[0]).toMatchObject({ status: 'failed', recipients: [{ name: 'Ravi Rao', outcome: 'unavailable' }] });
    const forSon = (await circle.son.request({ url: `/api/care/patients/${circle.patient.user.id}/alerts` })).json();
    expect(forSon.map((alert: { id: string }) => alert.id)).toEqual([own[0].id]);
    const seen = await circle.son.request({ method: 'POST', url: `/api/care/alerts/${own[0].id}/seen` });
    expect(seen.json()).toMatchObject({ seen_by_name: 'Ravi Rao' });
  });
});
