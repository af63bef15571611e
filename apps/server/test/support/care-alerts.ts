/** Set-up shared by the care-alert tests: a patient in Kolkata, a family member and a doctor with push subscriptions. */
import type { ReminderPush } from '@diacare/contract/push';
import { expect } from 'vitest';
import { createPushAlertChannel } from '../../src/modules/care/care-alert-channels.ts';
import { createCareEscalation } from '../../src/workers/care-escalation.ts';
import { signIn, type SignedInUser } from '../helpers.ts';
import type { PushTestApp } from './push-app.ts';
import type { TestSubscription } from './push-service.ts';

export const KOLKATA = 'Asia/Kolkata';

const ok = <R extends { statusCode: number; body: string }>(response: R): R => {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
};

export interface Circle {
  patient: SignedInUser;
  son: SignedInUser;
  doctor: SignedInUser;
  sonPush: TestSubscription;
  doctorPush: TestSubscription;
  /** The son's and the doctor's care_members ids (for PATCH). */
  sonMembership: string;
  doctorMembership: string;
}

let counter = 0;

/** A patient with a son (family: alerts on) and a doctor (alerts off by default), both subscribed to push. */
export async function makeCircle(push: PushTestApp, sonLanguage: 'en' | 'hi' = 'en'): Promise<Circle> {
  const { t, service } = push;
  const n = ++counter;
  const patient = await signIn(t.app, { name: 'Asha Rao', email: `alert-patient${n}@example.com`, timezone: KOLKATA });
  const son = await signIn(t.app, { name: 'Ravi Rao', email: `alert-son${n}@example.com`, timezone: 'Asia/Kolkata' });
  const doctor = await signIn(t.app, { name: 'Dr Iyer', email: `alert-doc${n}@example.com`, timezone: KOLKATA });
  if (sonLanguage === 'hi') ok(await son.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } }));
  const join = async (member: SignedInUser, role: 'family' | 'doctor') => {
    const invitation = ok(
      await patient.request({ method: 'POST', url: '/api/care/invitations', payload: { role } }),
    ).json();
    ok(await member.request({ method: 'POST', url: `/api/care/invitations/${invitation.token}/accept` }));
    const members: { id: string; email: string | null }[] = (
      await patient.request({ url: '/api/care/members' })
    ).json();
    return members.find((one) => one.email === member.user.email)!.id;
  };
  const sonMembership = await join(son, 'family');
  const doctorMembership = await join(doctor, 'doctor');
  const subscribe = async (user: SignedInUser) => {
    const subscription = service.createSubscription();
    ok(await user.request({ method: 'POST', url: '/api/push/subscribe', payload: subscription }));
    return subscription;
  };
  return {
    patient,
    son,
    doctor,
    sonPush: await subscribe(son),
    doctorPush: await subscribe(doctor),
    sonMembership,
    doctorMembership,
  };
}

/** The care-alert pushes one subscription received. */
export const alertsTo = (push: PushTestApp, subscription: TestSubscription): ReminderPush[] =>
  push.service.received
    .filter((message) => message.subscriptionId === subscription.id)
    .map((message) => JSON.parse(message.payload) as ReminderPush)
    .filter((payload) => payload.tag.startsWith('care-alert-'));

/** An escalation over the test app's database, clock and push sender. */
export const escalation = (push: PushTestApp, overrides: Partial<Parameters<typeof createCareEscalation>[0]> = {}) =>
  createCareEscalation({
    db: push.t.database.db,
    clock: push.t.clock,
    channels: [createPushAlertChannel({ db: push.t.database.db, sender: push.sender })],
    ...overrides,
  });

/** Daily medication at `times` (Kolkata), started well before the tests. */
export async function addMedication(user: SignedInUser, times = ['09:00'], name = 'Metformin') {
  return ok(
    await user.request({
      method: 'POST',
      url: '/api/medications',
      payload: {
        name,
        dosage: '500 mg',
        form: 'Tablet',
        color: '#FF6B6B',
        schedule: { frequency: 'daily', times, start_date: '2026-01-01', end_date: null },
        refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
      },
    }),
  ).json() as { id: string };
}
