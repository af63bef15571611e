/**
 * A member's open alerts across everyone they care for (GET /api/care/alerts/open, decision 075):
 * alerts made and sent by the real escalation job on an injected clock, read as Ravi (the son),
 * Dr Iyer, another circle's son and a removed member. Kolkata is UTC+05:30.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQL_DRIVERS } from './helpers.ts';
import { addMedication, escalation, makeCircle, type Circle } from './support/care-alerts.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';

interface OpenAlert {
  id: string;
  patient_id: string;
  patient_name: string;
  kind: string;
  value: number | null;
  medication_name: string | null;
}

describe.each(SQL_DRIVERS)('a member’s open care alerts on %s', (driver) => {
  let push: PushTestApp;
  let day = 0;
  beforeAll(async () => {
    push = await startPushTestApp(driver);
  });
  afterAll(() => push.close());

  /**
   * A circle on a day of its own with Metformin at 09:00 (Kolkata), its dose not taken: at 04:30Z
   * the missed-dose alert goes out; at 04:40Z Asha logs 48 mg/dL (10:10 in Kolkata), alerted at once.
   */
  async function dayWithTwoAlerts() {
    const date = new Date(Date.UTC(2026, 9, 1 + ++day * 3)).toISOString().slice(0, 10);
    const at = (time: string) => push.t.clock.set(new Date(`${date}T${time}:00Z`));
    at('03:00');
    const circle = await makeCircle(push);
    await addMedication(circle.patient);
    at('04:30');
    await escalation(push).runOnce();
    at('04:40');
    const reading = await circle.patient.request({
      method: 'POST',
      url: '/api/health/glucose',
      payload: { value: 48, meal_context: 'After Lunch', date, time: '10:10' },
    });
    expect(reading.statusCode, reading.body).toBe(201);
    await escalation(push).runOnce();
    return { circle, at };
  }

  const openOf = async (member: Circle['son'], query = '') => {
    const response = await member.request({ url: `/api/care/alerts/open${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OpenAlert[];
  };

  it('Ravi reads both of Asha’s open alerts, newest first, with her name; the doctor (alerts off) reads none', async () => {
    const { circle } = await dayWithTwoAlerts();
    const open = await openOf(circle.son);
    expect(open).toEqual([
      {
        id: expect.any(String),
        patient_id: circle.patient.user.id,
        patient_name: 'Asha Rao',
        patient_timezone: 'Asia/Kolkata',
        kind: 'urgent_low_glucose',
        medication_name: null,
        dose_date: null,
        scheduled_time: null,
        value: 48,
        event_at: expect.stringMatching(/T04:40:00/),
        sent_at: expect.any(String),
      },
      expect.objectContaining({
        kind: 'missed_dose',
        medication_name: 'Metformin',
        scheduled_time: '09:00',
        value: null,
      }),
    ]);
    expect(await openOf(circle.son, '?limit=1')).toHaveLength(1);
    expect(await openOf(circle.doctor)).toEqual([]);
    // Polling it is not a view of Asha's data: her audit has no 'view' from it.
    const audit: { action: string }[] = (await circle.patient.request({ url: '/api/care/audit' })).json();
    expect(audit.filter((entry) => entry.action === 'view')).toEqual([]);
  });

  it('only the kinds his scopes cover; Seen takes an alert off for everyone; a week later none is open', async () => {
    const { circle, at } = await dayWithTwoAlerts();
    const scopes = (list: string[]) =>
      circle.patient.request({
        method: 'PATCH',
        url: `/api/care/members/${circle.sonMembership}`,
        payload: { scopes: list },
      });
    expect((await scopes(['glucose'])).statusCode).toBe(200);
    expect((await openOf(circle.son)).map((alert) => alert.kind)).toEqual(['urgent_low_glucose']);
    expect((await scopes(['medications', 'bp'])).statusCode).toBe(200);
    expect((await openOf(circle.son)).map((alert) => alert.kind)).toEqual(['missed_dose']);
    expect((await scopes(['medications', 'glucose'])).statusCode).toBe(200);

    const [urgent] = await openOf(circle.son);
    const seen = await circle.son.request({ method: 'POST', url: `/api/care/alerts/${urgent!.id}/seen` });
    expect(seen.statusCode, seen.body).toBe(200);
    expect((await openOf(circle.son)).map((alert) => alert.kind)).toEqual(['missed_dose']);
    // The doctor, with alerts turned on, finds only what nobody has seen.
    const doctorAlerts = await circle.patient.request({
      method: 'PATCH',
      url: `/api/care/members/${circle.doctorMembership}`,
      payload: { alerts: true },
    });
    expect(doctorAlerts.statusCode).toBe(200);
    expect((await openOf(circle.doctor)).map((alert) => alert.kind)).toEqual(['missed_dose']);

    // The missed-dose alert was made at 04:30.
    at('04:29');
    push.t.clock.advance(7 * 86_400_000);
    expect(await openOf(circle.son)).toHaveLength(1);
    push.t.clock.advance(2 * 60_000);
    expect(await openOf(circle.son)).toEqual([]);
  });

  it('never another circle’s alert; a removed member reads none and cannot mark one seen; rejoining does not bring old ones back', async () => {
    const { circle } = await dayWithTwoAlerts();
    const other = await makeCircle(push);
    expect(await openOf(other.son)).toEqual([]);
    expect(await openOf(circle.patient)).toEqual([]);
    const [alert] = await openOf(circle.son);

    const removed = await circle.patient.request({
      method: 'DELETE',
      url: `/api/care/members/${circle.sonMembership}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(await openOf(circle.son)).toEqual([]);
    const seen = await circle.son.request({ method: 'POST', url: `/api/care/alerts/${alert!.id}/seen` });
    expect(seen.statusCode).toBe(404);

    push.t.clock.advance(60_000);
    const invitation = await circle.patient.request({
      method: 'POST',
      url: '/api/care/invitations',
      payload: { role: 'family' },
    });
    const accepted = await circle.son.request({
      method: 'POST',
      url: `/api/care/invitations/${invitation.json().token}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await openOf(circle.son)).toEqual([]);
  });

  it('bad input → 400 naming the field, and nothing is marked', async () => {
    const { circle } = await dayWithTwoAlerts();
    const zero = await circle.son.request({ url: '/api/care/alerts/open?limit=0' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().detail).toMatch(/^limit: /);
    const unknown = await circle.son.request({ url: '/api/care/alerts/open?patient_id=x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/^patient_id: /);
    expect(await openOf(circle.son)).toHaveLength(2);
  });
});
