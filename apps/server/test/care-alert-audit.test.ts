/**
 * Care alerts in the patient's audit (GET /api/care/audit): who was told, on which channel with
 * what outcome, and who saw it first. Decisions 048, 051.
 */
import type { CareAuditEntry } from '@diacare/contract/care';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQL_DRIVERS } from './helpers.ts';
import { addMedication, escalation, makeCircle } from './support/care-alerts.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';

describe.each(SQL_DRIVERS)('care alerts in the audit on %s', (driver) => {
  let push: PushTestApp;
  beforeAll(async () => {
    push = await startPushTestApp(driver);
  });
  afterAll(() => push.close());

  it("an alert sent is an 'alert' entry per member told with each channel's outcome; the first Seen is 'alert_seen'", async () => {
    push.t.clock.set(new Date('2026-10-05T03:00:00Z'));
    const circle = await makeCircle(push);
    await addMedication(circle.patient);
    // The doctor turns alerts on too: both are told.
    const on = await circle.patient.request({
      method: 'PATCH',
      url: `/api/care/members/${circle.doctorMembership}`,
      payload: { alerts: true },
    });
    expect(on.statusCode).toBe(200);
    push.t.clock.set(new Date('2026-10-05T04:31:00Z'));
    await escalation(push).runOnce();

    const audit = async (): Promise<CareAuditEntry[]> =>
      (await circle.patient.request({ url: '/api/care/audit' })).json();
    const told = (await audit()).filter((entry) => entry.action === 'alert');
    expect(told.map((entry) => [entry.member_name, entry.resource, entry.detail]).sort()).toEqual([
      ['Dr Iyer', 'missed_dose', 'push: delivered'],
      ['Ravi Rao', 'missed_dose', 'push: delivered'],
    ]);

    const [alert] = (await circle.son.request({ url: `/api/care/patients/${circle.patient.user.id}/alerts` })).json();
    expect((await circle.son.request({ method: 'POST', url: `/api/care/alerts/${alert.id}/seen` })).statusCode).toBe(
      200,
    );
    expect((await circle.doctor.request({ method: 'POST', url: `/api/care/alerts/${alert.id}/seen` })).statusCode).toBe(
      200,
    );
    const seen = (await audit()).filter((entry) => entry.action === 'alert_seen');
    expect(seen.map((entry) => [entry.actor_name, entry.resource])).toEqual([['Ravi Rao', 'missed_dose']]);
  });
});
