/**
 * Exactly-once writes (issue 12, item 3; plugins/idempotency.ts; decision 022), on PGlite
 * and PostgreSQL. The write routes come from the app's route table, so a write route added
 * tomorrow without a recipe here fails the first test.
 *
 * For every write route: the same Idempotency-Key twice → the second answer is the first one
 * (status and body, `Idempotent-Replayed: true`) and no row of any table changes. Then the
 * key's rules: another request with a used key → 422; another user's identical key is
 * independent; a malformed key → 400; refusals are not stored; concurrent repeats run once;
 * a claim still running → 409 after the wait; an abandoned claim is taken over; keys older
 * than 8 days are purged by the materialiser's pass.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema.ts';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IN_PROGRESS_DETAIL,
  KEY_REUSED_DETAIL,
  purgeExpiredIdempotencyKeys,
} from '../src/plugins/idempotency.ts';
import { createMaintenance } from '../src/workers/maintenance.ts';
import { SQL_DRIVERS, ORIGIN, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { parseEvents } from './support/assistant-client.ts';
import { fingerprintDatabase } from './support/db-dump.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DAY_MS = 86_400_000;
const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

const MEDICATION = {
  name: 'Metformin',
  dosage: '500 mg',
  form: 'Tablet',
  color: '#FF6B6B',
  schedule: { frequency: 'daily', times: ['08:00', '20:00'], start_date: '2026-01-01' },
  refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
};
const GLUCOSE = { value: 152, date: isoDate(0), time: '08:00' };
const BLOOD_PRESSURE = { systolic: 128, diastolic: 82, date: isoDate(0), time: '08:00' };
const BODY = { weight: 72.5, height: 168, date: isoDate(0) };

interface Recipe {
  url: string;
  payload?: unknown;
}

/** A browser's push subscription on the default FCM host, with real P-256 and auth keys. */
function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe.each(SQL_DRIVERS)('Idempotency-Key on %s', (driver) => {
  let t: TestApp;
  let users = 0;
  const writeRoutes: string[] = [];
  const newUser = (name = 'Asha Rao') =>
    signIn(t.app, { name, email: `idem${++users}@example.com`, timezone: 'Asia/Kolkata' });

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
    'PATCH /api/care/members/:id': async (user) => ({
      url: `/api/care/members/${(await careJoin(user)).memberId}`,
      payload: { scopes: ['glucose'] },
    }),
    'DELETE /api/care/members/:id': async (user) => ({
      url: `/api/care/members/${(await careJoin(user)).memberId}`,
    }),
    'POST /api/care/patients/:patient_id/adherence': async (user) => {
      const patient = await newUser('Meena Iyer');
      const { memberId } = await careJoin(patient, user);
      await patient.request({
        method: 'PATCH',
        url: `/api/care/members/${memberId}`,
        payload: { can_mark_taken: true },
      });
      const medication = await created(patient, '/api/medications', MEDICATION);
      return {
        url: `/api/care/patients/${patient.user.id}/adherence`,
        payload: { medication_id: medication.id, date: isoDate(-1), scheduled_time: '08:00', status: 'taken' },
      };
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
  /** A Clarity upload's preview id (imports take text/csv, issue 24). */
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
    'POST /api/imports/:id/commit': async (user: SignedInUser) => ({
      url: `/api/imports/${await preview(user)}/commit`,
    }),
    'DELETE /api/imports/:id': async (user: SignedInUser) => ({ url: `/api/imports/${await preview(user)}` }),
  });
  /** Routes outside the rule, and why (decision 022). */
  const EXEMPT: Record<string, string> = {
    'POST /api/auth/session': 'public: the one-time code is single use by itself',
    'POST /api/auth/logout': 'ends the session; a repeat is a no-op or 401',
    'DELETE /api/users/me': 'deletes the account and its keys with it; a repeat answers 401',
    'POST /api/care/invitations':
      'opts out (`config.idempotency: false`): its answer holds the one-time token, never stored (decision 048)',
    'POST /api/imports':
      'a file upload the outbox never sends; a repeat makes a second preview, and a commit adds nothing twice (decision 046)',
  };

  beforeAll(async () => {
    t = await createTestApp(driver, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (WRITE_METHODS.has(method) && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
            writeRoutes.push(`${method} ${route.url}`);
        }
      },
    });
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

  it('every write route of the route table has a recipe here or a stated exemption', () => {
    expect(writeRoutes.length).toBeGreaterThanOrEqual(25);
    expect(writeRoutes.filter((route) => !RECIPES[route] && !EXEMPT[route])).toEqual([]);
  });

  it('for every write route, the same key twice: the first answer again, and no row changes', async () => {
    const user = await newUser();
    for (const route of writeRoutes.filter((name) => RECIPES[name])) {
      const method = route.split(' ')[0]!;
      const recipe = await RECIPES[route]!(user);
      const key = randomUUID();
      const before = await fingerprintDatabase(t.database.db);
      const first = await send(user, method, recipe, key);
      expect(first.statusCode, `${route}: ${first.body}`).toBeLessThan(300);
      expect(first.headers['idempotent-replayed'], route).toBeUndefined();
      const afterFirst = await fingerprintDatabase(t.database.db);
      expect(afterFirst, route).not.toEqual(before);

      const second = await send(user, method, recipe, key);
      expect({ route, status: second.statusCode, body: second.body }).toEqual({
        route,
        status: first.statusCode,
        body: first.body,
      });
      expect(second.headers['content-type'], route).toBe(first.headers['content-type']);
      expect(second.headers['idempotent-replayed'], route).toBe('true');
      expect(await fingerprintDatabase(t.database.db), route).toEqual(afterFirst);
    }
  });

  it('creates once: two POSTs of a reading with one key store one reading', async () => {
    const user = await newUser();
    const key = randomUUID();
    const recipe = { url: '/api/health/glucose', payload: GLUCOSE };
    const [first, second] = [await send(user, 'POST', recipe, key), await send(user, 'POST', recipe, key)];
    expect(second.json()).toEqual(first.json());
    expect((await user.request({ url: '/api/health/glucose' })).json()).toHaveLength(1);
    // Without a key, a repeat is a new reading (the header is what makes it the same change).
    await user.request({ method: 'POST', url: '/api/health/glucose', payload: GLUCOSE });
    expect((await user.request({ url: '/api/health/glucose' })).json()).toHaveLength(2);
  });

  it('a delete repeated with its key answers its first 200, not 404', async () => {
    const user = await newUser();
    const medication = await created(user, '/api/medications', MEDICATION);
    const recipe = { url: `/api/medications/${medication.id}` };
    const key = randomUUID();
    expect((await send(user, 'DELETE', recipe, key)).statusCode).toBe(200);
    const again = await send(user, 'DELETE', recipe, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true });
    // A delete from elsewhere (another key) is told it is gone.
    expect((await send(user, 'DELETE', recipe, randomUUID())).json()).toEqual({
      detail: 'This medication was deleted.',
    });
  });

  it('the assistant’s streamed answer is stored whole and replayed; one question, one answer', async () => {
    const user = await newUser();
    const key = randomUUID();
    const recipe = { url: '/api/assistant/messages', payload: { content: 'How was my sugar this week?' } };
    const first = await send(user, 'POST', recipe, key);
    expect(first.headers['content-type']).toContain('application/x-ndjson');
    expect(first.body.trim().split('\n').at(-1)).toContain('"type":"done"');
    const second = await send(user, 'POST', recipe, key);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect((await user.request({ url: '/api/assistant/messages' })).json().messages).toHaveLength(2);
    // The same key with another question: refused, and nothing more is stored.
    const other = await send(user, 'POST', { ...recipe, payload: { content: 'What should I eat?' } }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: KEY_REUSED_DETAIL });
    expect((await user.request({ url: '/api/assistant/messages' })).json().messages).toHaveLength(2);
  });

  it.each([
    ['another body', { url: '/api/health/glucose', payload: { ...GLUCOSE, value: 99 } }, 'POST'],
    ['another path', { url: '/api/health/bp', payload: BLOOD_PRESSURE }, 'POST'],
    ['another method', { url: '/api/settings/notifications', payload: { healthTips: false } }, 'PUT'],
  ])('the same key with %s → 422 with a clear detail, nothing changed', async (_name, other, method) => {
    const user = await newUser();
    const key = randomUUID();
    const first = await send(user, 'POST', { url: '/api/health/glucose', payload: GLUCOSE }, key);
    expect(first.statusCode).toBe(201);
    const before = await fingerprintDatabase(t.database.db);
    const reused = await send(user, method, other, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ detail: KEY_REUSED_DETAIL });
    expect(await fingerprintDatabase(t.database.db)).toEqual(before);
  });

  it('the same key with another query string (a dose’s new status) → 422', async () => {
    const user = await newUser();
    const recipe = await RECIPES['PUT /api/adherence/:id']!(user);
    const key = randomUUID();
    expect((await send(user, 'PUT', recipe, key)).statusCode).toBe(200);
    const other = await send(user, 'PUT', { url: recipe.url.replace('pending', 'skipped') }, key);
    expect(other.statusCode).toBe(422);
  });

  it('another user sending the same key is independent: both changes are made', async () => {
    const asha = await newUser('Asha Rao');
    const ben = await newUser('Ben Okafor');
    const key = randomUUID();
    const recipe = { url: '/api/health/glucose', payload: GLUCOSE };
    const forAsha = await send(asha, 'POST', recipe, key);
    const forBen = await send(ben, 'POST', recipe, key);
    expect([forAsha.statusCode, forBen.statusCode]).toEqual([201, 201]);
    expect(forBen.headers['idempotent-replayed']).toBeUndefined();
    expect(forBen.json().id).not.toBe(forAsha.json().id);
    expect((await ben.request({ url: '/api/health/glucose' })).json()).toEqual([forBen.json()]);
    expect((await asha.request({ url: '/api/health/glucose' })).json()).toEqual([forAsha.json()]);
    // Ben's repeat replays Ben's answer, never Asha's.
    expect((await send(ben, 'POST', recipe, key)).json()).toEqual(forBen.json());
  });

  it.each(['not-a-uuid', '', '12345678-1234-1234-1234-1234567890', `${randomUUID()}x`])(
    'a malformed key (%j) → 400 naming the header, nothing changed',
    async (key) => {
      const user = await newUser();
      const before = await fingerprintDatabase(t.database.db);
      const response = await send(user, 'POST', { url: '/api/health/glucose', payload: GLUCOSE }, key);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Idempotency-Key: must be a UUID' });
      expect(await fingerprintDatabase(t.database.db)).toEqual(before);
    },
  );

  it('reads ignore the header; requests without it behave as before', async () => {
    const user = await newUser();
    const read = await user.request({ url: '/api/health/glucose', headers: { 'idempotency-key': 'not-a-uuid' } });
    expect(read.statusCode).toBe(200);
    expect(await keysOf(user.user.id)).toEqual([]);
  });

  it('a refusal is not stored: the repeat runs again, and the same key may then carry the corrected change', async () => {
    const user = await newUser();
    const key = randomUUID();
    const missing = {
      url: '/api/adherence',
      payload: { medication_id: randomUUID(), date: isoDate(-1), scheduled_time: '08:00', status: 'taken' },
    };
    const before = await fingerprintDatabase(t.database.db);
    const refused = await send(user, 'POST', missing, key);
    expect(refused.statusCode).toBe(404);
    expect(await fingerprintDatabase(t.database.db)).toEqual(before);
    expect((await send(user, 'POST', missing, key)).json()).toEqual(refused.json());
    // A future reading refused by the handler (the user's zone), then the corrected one, same key.
    const future = { url: '/api/health/glucose', payload: { ...GLUCOSE, date: isoDate(3) } };
    expect((await send(user, 'POST', future, key)).statusCode).toBe(400);
    expect((await send(user, 'POST', { url: '/api/health/glucose', payload: GLUCOSE }, key)).statusCode).toBe(201);
    expect(await keysOf(user.user.id)).toHaveLength(1);
  });

  it('a repeat while a request with its key is running (a slow phone retried) waits and replays it: one change', async () => {
    const user = await newUser();
    const key = randomUUID();
    const recipe = { url: '/api/medications', payload: MEDICATION };
    const answers = await Promise.all([
      send(user, 'POST', recipe, key),
      send(user, 'POST', recipe, key),
      send(user, 'POST', recipe, key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect((await user.request({ url: '/api/medications' })).json()).toHaveLength(1);
  });

  it('two phones taking one dose at once with one key: one adherence record', async () => {
    const user = await newUser();
    const recipe = await RECIPES['POST /api/adherence']!(user);
    const key = randomUUID();
    const answers = await Promise.all([send(user, 'POST', recipe, key), send(user, 'POST', recipe, key)]);
    expect(answers[0]!.body).toBe(answers[1]!.body);
    expect((await user.request({ url: '/api/adherence' })).json()).toHaveLength(1);
  });

  it('a claim that stays in progress → 409 after the wait; an abandoned claim (> 2 min) is taken over', async () => {
    const user = await newUser();
    const recipe = { url: '/api/health/glucose', payload: GLUCOSE };
    // The first request's row, as a process still running it leaves it: no answer yet.
    const claim = async (createdAt: Date) => {
      const key = randomUUID();
      const first = await send(user, 'POST', recipe, key);
      expect(first.statusCode).toBe(201);
      await t.database.db
        .update(idempotencyKeys)
        .set({ status: null, response_body: null, created_at: createdAt })
        .where(and(eq(idempotencyKeys.user_id, user.user.id), eq(idempotencyKeys.key, key)));
      return key;
    };
    const running = await claim(t.clock());
    const waited = await send(user, 'POST', recipe, running);
    expect(waited.statusCode).toBe(409);
    expect(waited.json()).toEqual({ detail: IN_PROGRESS_DETAIL });

    const abandoned = await claim(new Date(t.clock().getTime() - 3 * 60_000));
    const readings = (await user.request({ url: '/api/health/glucose' })).json().length;
    const takenOver = await send(user, 'POST', recipe, abandoned);
    expect(takenOver.statusCode).toBe(201);
    expect((await user.request({ url: '/api/health/glucose' })).json()).toHaveLength(readings + 1);
    expect((await send(user, 'POST', recipe, abandoned)).json()).toEqual(takenOver.json());
  }, 20_000);

  it('keeps keys 8 days; the materialiser’s pass purges older ones, and a purged key runs again', async () => {
    const user = await newUser();
    const old = randomUUID();
    const recent = randomUUID();
    const recipe = { url: '/api/health/metrics', payload: BODY };
    const start = t.clock();
    try {
      await send(user, 'POST', recipe, old);
      t.clock.advance(2 * DAY_MS);
      await send(user, 'POST', { ...recipe, payload: { ...BODY, weight: 73 } }, recent);
      // 7 days after the first: a phone offline for a week still replays.
      t.clock.set(new Date(start.getTime() + 7 * DAY_MS));
      expect(await purgeExpiredIdempotencyKeys(t.database.db, t.clock)).toBe(0);
      expect((await send(user, 'POST', recipe, old)).headers['idempotent-replayed']).toBe('true');

      t.clock.set(new Date(start.getTime() + IDEMPOTENCY_KEY_TTL_MS + 60_000));
      await createMaintenance({ db: t.database.db, clock: t.clock }).runOnce();
      expect((await keysOf(user.user.id)).map((row) => row.key)).toEqual([recent]);
      const rerun = await send(user, 'POST', recipe, old);
      expect(rerun.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      t.clock.set(start);
    }
  });

  it('keys are the user’s: deleting the account deletes them', async () => {
    const user = await newUser();
    await send(user, 'POST', { url: '/api/health/glucose', payload: GLUCOSE }, randomUUID());
    expect(await keysOf(user.user.id)).toHaveLength(1);
    const deleted = await user.request({ method: 'DELETE', url: '/api/users/me', payload: { confirm: 'DELETE' } });
    expect(deleted.statusCode).toBe(200);
    expect(await keysOf(user.user.id)).toEqual([]);
    const count = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM idempotency_keys`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });

  it('the API document lists the header on every write that honours it, with 409 and 422', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { $ref?: string }[]; responses: Record<string, unknown> }>>;
      components: { parameters: Record<string, { name: string; in: string }> };
    };
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    const missing: string[] = [];
    for (const route of writeRoutes.filter((name) => RECIPES[name])) {
      const [method, url] = route.split(' ') as [string, string];
      const operation = doc.paths[url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
      const ok =
        operation?.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey') &&
        operation.responses['409'] &&
        operation.responses['422'];
      if (!ok) missing.push(route);
    }
    expect(missing).toEqual([]);
    expect(doc.paths['/api/auth/session']!.post!.parameters ?? []).toEqual([]);
  });
});

/**
 * The phone loses its connection while the answer streams (offline outbox, issue 12): the
 * server still finishes and stores the answer under the key, so the outbox's repeat gets the
 * whole stream back and the model runs once. Over a real HTTP connection that the client
 * closes after the first line, with a model that takes a moment to answer.
 */
describe.each(SQL_DRIVERS)('Idempotency-Key and a dropped assistant stream on %s', (driver) => {
  let t: TestApp;
  let base = '';
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };
  const model = new MockLanguageModelV3({
    modelId: 'slow-model',
    doStream: async () => {
      const chunks: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Check your sugar before meals ' },
        { type: 'text-delta', id: 't', delta: 'and write it down.' },
        { type: 'text-end', id: 't' },
        { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
      ];
      return { stream: simulateReadableStream({ chunks, initialDelayInMs: 400, chunkDelayInMs: 20 }) };
    },
  });

  beforeAll(async () => {
    t = await createTestApp(driver, { assistantLlm: { model: 'slow-model', languageModel: model } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('a stream cut off after the question is still answered and stored; the repeat replays it whole', async () => {
    const user = await signIn(t.app, { name: 'Asha Rao', email: `drop-${driver}@example.com` });
    const key = randomUUID();
    const post = (signal?: AbortSignal) =>
      fetch(`${base}/api/assistant/messages`, {
        method: 'POST',
        headers: {
          cookie: user.cookie,
          origin: ORIGIN,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ content: 'How often should I check my sugar?' }),
        signal,
      });
    const abort = new AbortController();
    const first = await post(abort.signal);
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('"type":"user"');
    abort.abort(); // the network drops before the answer arrives
    await reader.cancel().catch(() => undefined);

    const again = await post();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const events = parseEvents(await again.text());
    expect([events[0]?.type, events.at(-1)?.type]).toEqual(['user', 'done']);
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      message: { content: 'Check your sugar before meals and write it down.' },
    });
    expect(model.doStreamCalls).toHaveLength(1); // the model ran for the first request only
    const { messages } = (await user.request({ url: '/api/assistant/messages' })).json() as {
      messages: { role: string }[];
    };
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  }, 20_000);
});
