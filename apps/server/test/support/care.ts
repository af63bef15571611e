/** Test set-up for the care circle, shared by tests that need a circle around a user. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { signIn, type SignedInUser } from '../helpers.ts';

/** The columns of the care circle (and of a dose marked on one's behalf) that hold a user's id. */
export const CARE_USER_COLUMNS = [
  'care_invitations.patient_id',
  'care_members.patient_id',
  'care_members.member_id',
  'care_audit.patient_id',
  'care_audit.actor_id',
  'care_audit.member_id',
  'adherence_records.recorded_by',
  'care_settings.patient_id',
  'care_alerts.patient_id',
  'care_alerts.seen_by',
  'care_alert_deliveries.member_id',
];

const ok = <R extends { statusCode: number; body: string }>(response: R): R => {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
};

/**
 * Puts `user` in a care circle both ways: a new person joins `user`'s circle and reads their
 * glucose, and `user` joins a new person's circle with the right to mark doses and marks one
 * taken. `email` makes the two new people's addresses unique.
 */
export async function careCircleBothWays(app: App, user: SignedInUser, email: string): Promise<void> {
  const join = async (patient: SignedInUser, member: SignedInUser) => {
    const invitation = ok(
      await patient.request({ method: 'POST', url: '/api/care/invitations', payload: { role: 'family' } }),
    ).json();
    ok(await member.request({ method: 'POST', url: `/api/care/invitations/${invitation.token}/accept` }));
    return (await patient.request({ url: '/api/care/members' })).json().at(-1).id as string;
  };
  const carer = await signIn(app, { name: 'Carer', email: `carer-of-${email}`, timezone: 'Asia/Kolkata' });
  await join(user, carer);
  ok(await carer.request({ url: `/api/care/patients/${user.user.id}/glucose` }));
  const cared = await signIn(app, { name: 'Cared', email: `cared-by-${email}`, timezone: 'Asia/Kolkata' });
  const membership = await join(cared, user);
  ok(
    await cared.request({
      method: 'PATCH',
      url: `/api/care/members/${membership}`,
      payload: { can_mark_taken: true },
    }),
  );
  const caredMedication = ok(
    await cared.request({
      method: 'POST',
      url: '/api/medications',
      payload: {
        name: 'Glimepiride',
        dosage: '1 mg',
        form: 'Tablet',
        color: '#FF6B6B',
        schedule: { frequency: 'daily', times: ['08:00'], start_date: '2026-11-01' },
        refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
      },
    }),
  ).json();
  ok(
    await user.request({
      method: 'POST',
      url: `/api/care/patients/${cared.user.id}/adherence`,
      payload: { medication_id: caredMedication.id, date: '2026-11-20', scheduled_time: '08:00', status: 'taken' },
    }),
  );
  // The user as a doctor: a clinic code of theirs (decision 087), and a review of the person they follow.
  ok(await user.request({ method: 'POST', url: '/api/care/requests', payload: {} }));
  ok(await user.request({ method: 'POST', url: `/api/care/patients/${cared.user.id}/reviewed` }));
}

/**
 * A row in every care-alert column that holds `userId`: their care settings, an alert about
 * them that they marked seen, and its delivery to them (the account-deletion walk needs each).
 */
export async function careAlertRows(db: Database, userId: string): Promise<void> {
  await db.execute(sql`INSERT INTO care_settings (patient_id) VALUES (${userId}::uuid)`);
  await db.execute(sql`
    WITH alert AS (
      INSERT INTO care_alerts (patient_id, kind, dedupe_key, value, event_at, due_at, status, seen_by, seen_at, created_at)
      VALUES (${userId}::uuid, 'urgent_low_glucose', ${`glucose:${userId}`}, 48, now(), now(), 'sent',
        ${userId}::uuid, now(), now())
      RETURNING id)
    INSERT INTO care_alert_deliveries (alert_id, member_id, channel, outcome, at)
    SELECT id, ${userId}::uuid, 'push', 'delivered', now() FROM alert`);
}
