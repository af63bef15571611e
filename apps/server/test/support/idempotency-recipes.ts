/** What the Idempotency-Key tests send: a valid request for every write route (decision 022). */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { idempotencyKeys } from '../../src/db/schema.ts';
import { createTestApp, signIn, type Driver, type SignedInUser, type TestApp } from '../helpers.ts';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const DAY_MS = 86_400_000;
export const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

export const MEDICATION = {
  name: 'Metformin',
  dosage: '500 mg',
  form: 'Tablet',
  color: '#FF6B6B',
  schedule: { frequency: 'daily', times: ['08:00', '20:00'], start_date: '2026-01-01' },
  refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
};
// Yesterday (UTC): its 08:00 has passed in every zone at any hour of the run, where today's 08:00
// is still to come in Asia/Kolkata between 00:00 and 02:30 UTC.
export const GLUCOSE = { value: 152, date: isoDate(-1), time: '08:00' };
export const BLOOD_PRESSURE = { systolic: 128, diastolic: 82, date: isoDate(-1), time: '08:00' };
export const BODY = { weight: 72.5, height: 168, date: isoDate(-1) };

export interface Recipe {
  url: string;
  payload?: unknown;
}

/** A browser's push subscription on the default FCM host, with real P-256 and auth keys. */
export function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/**
 * The write recipes for users made by `newUser`: `RECIPES` maps 'METHOD /route' to a request
 * (records it names created first); `created` POSTs and returns the new record's id.
 */
export function writeRecipes(newUser: (name?: string) => Promise<SignedInUser>) {
  const created = async (user: SignedInUser, url: string, payload: unknown): Promise<{ id: string }> => {
    const response = await user.request({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };

  /** `patient` invites a new person (or `member`) into their circle; returns the member id and the member. */
  const careJoin = async (patient: SignedInUser, member?: SignedInUser) => {
    const joiner = member ?? (await newUser('Ravi Rao'));
    const invitation = await created(patient, '/api/care/invitations', { role: 'family' });
    const accepted = await joiner.request({
      method: 'POST',
      url: `/api/care/invitations/${(invitation as unknown as { token: string }).token}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const members = (await patient.request({ url: '/api/care/members' })).json();
    return { memberId: members.at(-1).id as string, joiner };
  };

  /**
   * `member` joins a new patient's circle with the mark-taken right; returns the patient's id and
   * one of her doses (yesterday's 08:00 Metformin) for the member to mark.
   */
  const markingMember = async (member: SignedInUser) => {
    const patient = await newUser('Meena Iyer');
    const { memberId } = await careJoin(patient, member);
    await patient.request({
      method: 'PATCH',
      url: `/api/care/members/${memberId}`,
      payload: { can_mark_taken: true },
    });
    const medication = await created(patient, '/api/medications', MEDICATION);
    const dose = { medication_id: medication.id, date: isoDate(-1), scheduled_time: '08:00', status: 'taken' };
    return { patientId: patient.user.id, dose };
  };

  /** A valid request for each write route, with the records it names created first. */
  const RECIPES: Record<string, (user: SignedInUser) => Promise<Recipe>> = {
    'POST /api/medications': async () => ({ url: '/api/medications', payload: MEDICATION }),
    'PUT /api/medications/:id': async (user) => ({
      url: `/api/medications/${(await created(user, '/api/medications', MEDICATION)).id}`,
      payload: { ...MEDICATION, dosage: '1000 mg' },
    }),
    'DELETE /api/medications/:id': async (user) => ({
      url: `/api/medications/${(await created(user, '/api/medications', MEDICATION)).id}`,
    }),
    'POST /api/adherence': async (user) => ({
      url: '/api/adherence',
      payload: {
        medication_id: (await created(user, '/api/medications', MEDICATION)).id,
        date: isoDate(-1),
        scheduled_time: '08:00',
        status: 'taken',
      },
    }),
    'PUT /api/adherence/:id': async (user) => {
      const medication = await created(user, '/api/medications', MEDICATION);
      const dose = await user.request({
        method: 'POST',
        url: '/api/adherence',
        payload: { medication_id: medication.id, date: isoDate(-1), scheduled_time: '08:00', status: 'taken' },
      });
      return { url: `/api/adherence/${dose.json().id}?status=pending` };
    },
    'POST /api/appointments': async () => ({
      url: '/api/appointments',
      payload: { type: 'doctor', title: 'Review', location: 'Clinic', date: isoDate(20), time: '10:30' },
    }),
    'PATCH /api/appointments/:id': async (user) => {
      const visit = await created(user, '/api/appointments', {
        type: 'lab',
        title: 'HbA1c',
        location: 'Lab',
        date: isoDate(20),
        time: '08:00',
      });
      return { url: `/api/appointments/${visit.id}`, payload: { status: 'cancelled' } };
    },
    'POST /api/health/glucose': async () => ({ url: '/api/health/glucose', payload: GLUCOSE }),
    'POST /api/health/bp': async () => ({ url: '/api/health/bp', payload: BLOOD_PRESSURE }),
    'POST /api/health/metrics': async () => ({ url: '/api/health/metrics', payload: BODY }),
    'PUT /api/health/glucose/:id': async (user) => ({
      url: `/api/health/glucose/${(await created(user, '/api/health/glucose', GLUCOSE)).id}`,
      payload: { ...GLUCOSE, value: 160 },
    }),
    'DELETE /api/health/glucose/:id': async (user) => ({
      url: `/api/health/glucose/${(await created(user, '/api/health/glucose', GLUCOSE)).id}`,
    }),
    'PUT /api/health/bp/:id': async (user) => ({
      url: `/api/health/bp/${(await created(user, '/api/health/bp', BLOOD_PRESSURE)).id}`,
      payload: { ...BLOOD_PRESSURE, systolic: 130 },
    }),
    'DELETE /api/health/bp/:id': async (user) => ({
      url: `/api/health/bp/${(await created(user, '/api/health/bp', BLOOD_PRESSURE)).id}`,
    }),
    'PUT /api/health/metrics/:id': async (user) => ({
      url: `/api/health/metrics/${(await created(user, '/api/health/metrics', BODY)).id}`,
      payload: { ...BODY, weight: 71 },
    }),
    'DELETE /api/health/metrics/:id': async (user) => ({
      url: `/api/health/metrics/${(await created(user, '/api/health/metrics', BODY)).id}`,
    }),
    'POST /api/reminders': async () => ({
      url: '/api/reminders',
      payload: { title: 'Order strips', due_at: new Date(Date.now() + DAY_MS).toISOString() },
    }),
    'DELETE /api/reminders/:id': async (user) => ({
      url: `/api/reminders/${(await created(user, '/api/reminders', { title: 'Strips', due_at: new Date(Date.now() + DAY_MS).toISOString() })).id}`,
    }),
    'PUT /api/settings/notifications': async () => ({
      url: '/api/settings/notifications',
      payload: { healthTips: false },
    }),
    'PUT /api/notifications/channels': async () => ({
      url: '/api/notifications/channels',
      payload: { dose: { email: true } },
    }),
    'POST /api/push/subscribe': async () => ({ url: '/api/push/subscribe', payload: pushSubscription() }),
    'POST /api/push/unsubscribe': async (user) => {
      const subscription = pushSubscription();
      await user.request({ method: 'POST', url: '/api/push/subscribe', payload: subscription });
      return { url: '/api/push/unsubscribe', payload: { endpoint: subscription.endpoint } };
    },
    'PUT /api/users/me': async () => ({ url: '/api/users/me', payload: { name: 'Asha R', age: 53 } }),
    'POST /api/assistant/messages': async () => ({
      url: '/api/assistant/messages',
      payload: { content: 'How was my sugar this week?' },
    }),
    'PUT /api/care/settings': async () => ({
      url: '/api/care/settings',
      payload: { missed_dose_alert_minutes: 30, low_glucose_alerts: false, quiet_hours: null },
    }),
    'POST /api/care/invitations/:token/accept': async () => {
      const patient = await newUser('Meena Iyer');
      const invitation = (await created(patient, '/api/care/invitations', { role: 'family' })) as unknown as {
        token: string;
      };
      return { url: `/api/care/invitations/${invitation.token}/accept` };
    },
    'DELETE /api/care/invitations/:id': async (user) => ({
      url: `/api/care/invitations/${(await created(user, '/api/care/invitations', { role: 'family' })).id}`,
    }),
    'PATCH /api/care/members/:id': async (user) => ({
      url: `/api/care/members/${(await careJoin(user)).memberId}`,
      payload: { scopes: ['glucose'] },
    }),
    'DELETE /api/care/members/:id': async (user) => ({
      url: `/api/care/members/${(await careJoin(user)).memberId}`,
    }),
    'POST /api/care/patients/:patient_id/adherence': async (user) => {
      const { patientId, dose } = await markingMember(user);
      return { url: `/api/care/patients/${patientId}/adherence`, payload: dose };
    },
    'POST /api/care/patients/:patient_id/reviewed': async (user) => {
      const patient = await newUser('Lata Nair');
      await careJoin(patient, user);
      return { url: `/api/care/patients/${patient.user.id}/reviewed` };
    },
    'POST /api/care/requests': async () => ({ url: '/api/care/requests', payload: {} }),
    'DELETE /api/care/requests/:id': async (user) => ({
      url: `/api/care/requests/${(await created(user, '/api/care/requests', {})).id}`,
    }),
    'POST /api/care/requests/:code/accept': async () => {
      const doctor = await newUser('Dr Mehta');
      const code = (await created(doctor, '/api/care/requests', {})) as unknown as { code: string };
      return { url: `/api/care/requests/${code.code}/accept`, payload: {} };
    },
    'PUT /api/care/patients/:patient_id/adherence/:id': async (user) => {
      // The member's Undo of a dose they marked taken (decision 078).
      const { patientId, dose } = await markingMember(user);
      const marked = await created(user, `/api/care/patients/${patientId}/adherence`, dose);
      return { url: `/api/care/patients/${patientId}/adherence/${marked.id}?status=pending` };
    },
    'DELETE /api/assistant/messages': async (user) => {
      await user.request({
        method: 'POST',
        url: '/api/assistant/messages',
        payload: { content: 'What is HbA1c?' },
      });
      return { url: '/api/assistant/messages' };
    },
  };
  /** A Clarity upload's preview id (imports take text/csv). */
  const preview = async (user: SignedInUser) => {
    const response = await user.request({
      method: 'POST',
      url: '/api/imports',
      headers: { 'content-type': 'text/csv' },
      payload: `Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL)\n1,${isoDate(-1)}T08:00:00,EGV,,,,G7,112`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const LAB = { test: 'hba1c', value: 7.4, unit: '%', date: isoDate(-1) };
  const INSULIN = { units: 8, insulin_type: 'rapid', date: isoDate(-1), time: '08:00' };
  const MEAL = {
    date: isoDate(-1),
    time: '13:00',
    meal_type: 'lunch',
    items: [{ food_id: 'rice', name: 'Rice', portions: 1 }],
  };
  /** A meal with a photo (decision 090). */
  const mealWithPhoto = async (user: SignedInUser) => {
    const { id } = await created(user, '/api/meals', MEAL);
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } })
      .jpeg()
      .toBuffer();
    const response = await user.request({
      method: 'PUT',
      url: `/api/meals/${id}/photo`,
      headers: { 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(response.statusCode, response.body).toBe(200);
    return id;
  };
  Object.assign(RECIPES, {
    'POST /api/health/labs': async () => ({ url: '/api/health/labs', payload: LAB }),
    'PUT /api/health/labs/:id': async (user: SignedInUser) => ({
      url: `/api/health/labs/${(await created(user, '/api/health/labs', LAB)).id}`,
      payload: { ...LAB, value: 7.1 },
    }),
    'DELETE /api/health/labs/:id': async (user: SignedInUser) => ({
      url: `/api/health/labs/${(await created(user, '/api/health/labs', LAB)).id}`,
    }),
    'POST /api/health/insulin': async () => ({ url: '/api/health/insulin', payload: INSULIN }),
    'PUT /api/health/insulin/:id': async (user: SignedInUser) => ({
      url: `/api/health/insulin/${(await created(user, '/api/health/insulin', INSULIN)).id}`,
      payload: { ...INSULIN, units: 9 },
    }),
    'DELETE /api/health/insulin/:id': async (user: SignedInUser) => ({
      url: `/api/health/insulin/${(await created(user, '/api/health/insulin', INSULIN)).id}`,
    }),
    'POST /api/meals': async () => ({ url: '/api/meals', payload: MEAL }),
    'PUT /api/meals/:id': async (user: SignedInUser) => ({
      url: `/api/meals/${(await created(user, '/api/meals', MEAL)).id}`,
      payload: { ...MEAL, meal_type: 'dinner' },
    }),
    'DELETE /api/meals/:id': async (user: SignedInUser) => ({
      url: `/api/meals/${(await created(user, '/api/meals', MEAL)).id}`,
    }),
    'DELETE /api/meals/:id/photo': async (user: SignedInUser) => ({
      url: `/api/meals/${await mealWithPhoto(user)}/photo`,
    }),
    'POST /api/imports/:id/commit': async (user: SignedInUser) => ({
      url: `/api/imports/${await preview(user)}/commit`,
    }),
    'DELETE /api/imports/:id': async (user: SignedInUser) => ({ url: `/api/imports/${await preview(user)}` }),
  });
  return { RECIPES, created };
}

/** Routes outside the rule, and why (decision 022). */
export const EXEMPT: Record<string, string> = {
  'POST /api/auth/session': 'public: the one-time code is single use by itself',
  'POST /api/auth/logout': 'ends the session; a repeat is a no-op or 401',
  'DELETE /api/users/me': 'deletes the account and its keys with it; a repeat answers 401',
  'POST /api/care/invitations':
    'opts out (`config.idempotency: false`): its answer holds the one-time token, never stored (decision 048)',
  'POST /api/imports':
    'a file upload the outbox never sends; a repeat makes a second preview, and a commit adds nothing twice (decision 046)',
  'POST /api/imports/nightscout':
    'reads another site; a repeat makes a second preview, and a commit adds nothing twice (decisions 046, 053)',
  'PUT /api/meals/:id/photo':
    'an image upload the outbox never sends (the web sends it online); a repeat stores the same cleaned photo and answers the same meal (decision 090)',
  'POST /api/care/alerts/:id/seen':
    'idempotent by nature: the first Seen counts, a repeat changes nothing (decision 051)',
};

/**
 * Starts a test app on `driver` (with `options`) for the enclosing describe, closed after it.
 * Returns `t` (read it inside tests), `newUser` (a new user in Asia/Kolkata), the write recipes
 * for them, `send` (a request with an Idempotency-Key) and `keysOf` (a user's stored keys).
 */
export function idempotencyApp(driver: Driver, options: Parameters<typeof createTestApp>[1] = {}) {
  let t: TestApp;
  let users = 0;
  const newUser = (name = 'Asha Rao') =>
    signIn(t.app, { name, email: `idem${++users}@example.com`, timezone: 'Asia/Kolkata' });
  const { RECIPES, created } = writeRecipes(newUser);

  beforeAll(async () => {
    t = await createTestApp(driver, options);
  });
  afterAll(() => t.close());

  const send = (user: SignedInUser, method: string, recipe: Recipe, key: string) =>
    user.request({
      method,
      url: recipe.url,
      ...(recipe.payload === undefined ? {} : { payload: recipe.payload }),
      headers: { 'idempotency-key': key },
    });
  const keysOf = (userId: string) =>
    t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.user_id, userId));

  return {
    get t() {
      return t;
    },
    newUser,
    RECIPES,
    created,
    send,
    keysOf,
  };
}
