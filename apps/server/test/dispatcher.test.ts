/**
 * The reminder dispatcher end to end (issue 6; docs/architecture.md and push): reminders made
 * through the API, claimed from the real database, encrypted and sent over TLS to a local
 * push service that decrypts every payload (test/support/push-service.ts). Time is the
 * injected clock; the dispatcher passes are run one at a time with runOnce(), except where
 * two dispatchers race with start().
 */
import { randomUUID } from 'node:crypto';
import type { MedicationInput } from '@diacare/contract/medications';
import type { ReminderPush } from '@diacare/contract/push';
import type { Reminder } from '@diacare/contract/reminders';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { pushSubscriptions, reminders } from '../src/db/schema.ts';
import { createPushSender, type PushSender } from '../src/modules/push/push-sender.ts';
import { loadVapidKeys } from '../src/modules/push/vapid.ts';
import { DISPATCH_LEASE_MS, DISPATCH_RETRY_DELAY_MS } from '../src/modules/reminders/constants.ts';
import { arrayLiteral } from '../src/modules/reminders/dispatch.repository.ts';
import { createDispatcher } from '../src/workers/reminder-dispatcher.ts';
import { SQL_DRIVERS, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';
import type { PushService, TestSubscription } from './support/push-service.ts';

const KOLKATA = 'Asia/Kolkata';

/** Daily Metformin at `times` (Kolkata: 09:00 is 03:30Z), started well before the tests. */
function metformin(times = ['09:00'], name = 'Metformin'): MedicationInput {
  return {
    name,
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    when_to_take: 'After food',
    schedule: { frequency: 'daily', times, start_date: '2026-01-01', end_date: null },
    refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
  };
}

describe.each(SQL_DRIVERS)('reminder dispatcher on %s', (driver) => {
  let t: TestApp;
  let service: PushService;
  let sender: PushSender;
  let userCounter = 0;
  /** Days apart per test, so one test's doses are never due in another's. */
  let day = 0;
  const extraSenders: PushSender[] = [];

  let pushApp: PushTestApp;

  beforeAll(async () => {
    // One attempt per message: the retry test drives retries through the dispatcher.
    pushApp = await startPushTestApp(driver);
    ({ t, service, sender } = pushApp);
  });
  afterAll(async () => {
    await Promise.all(extraSenders.map((s) => s.close()));
    await pushApp.close();
  });

  /** Sets the clock to `time` (UTC, 'HH:MM:SS') on a day of this test's own. */
  function startDay(): (time: string) => Date {
    const date = new Date(Date.UTC(2026, 5, 1 + ++day * 3));
    const at = (time: string) => new Date(`${date.toISOString().slice(0, 10)}T${time}Z`);
    return (time) => {
      t.clock.set(at(time));
      return at(time);
    };
  }

  const dispatcher = (overrides: Partial<Parameters<typeof createDispatcher>[0]> = {}) =>
    createDispatcher({ db: t.database.db, clock: t.clock, sender, ...overrides });

  async function newUser(subscriptions = 1): Promise<{ user: SignedInUser; subscriptions: TestSubscription[] }> {
    const user = await signIn(t.app, {
      name: 'Asha Rao',
      email: `dispatch${++userCounter}@example.com`,
      timezone: KOLKATA,
    });
    const created = Array.from({ length: subscriptions }, () => service.createSubscription());
    for (const subscription of created) {
      const response = await user.request({ method: 'POST', url: '/api/push/subscribe', payload: subscription });
      expect(response.statusCode).toBe(201);
    }
    return { user, subscriptions: created };
  }
  async function addMedication(user: SignedInUser, payload = metformin()): Promise<{ id: string }> {
    const response = await user.request({ method: 'POST', url: '/api/medications', payload });
    expect(response.statusCode).toBe(201);
    return response.json();
  }
  const receivedBy = (subscription: TestSubscription) =>
    service.received.filter((message) => message.subscriptionId === subscription.id);
  const allReminders = async (user: SignedInUser): Promise<Reminder[]> =>
    (await user.request({ url: '/api/reminders?include_sent=true' })).json();

  it('a dose due in the next minute arrives once, naming the medicine', async () => {
    const clock = startDay();
    const now = clock('03:29:00'); // 08:59 in Kolkata
    const { user, subscriptions } = await newUser();
    const medication = await addMedication(user);
    const run = dispatcher();

    await run.runOnce();
    expect(receivedBy(subscriptions[0]!)).toEqual([]);

    clock('03:30:00');
    await run.runOnce();
    await run.runOnce();
    const messages = receivedBy(subscriptions[0]!);
    expect(messages).toHaveLength(1);
    const payload: ReminderPush = JSON.parse(messages[0]!.payload);
    const date = now.toISOString().slice(0, 10);
    const me: { id: string } = (await user.request({ url: '/api/users/me' })).json();
    expect(payload).toEqual({
      reminder_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // Whose dose it is: the worker sends a queued Take only while this user is signed in.
      user_id: me.id,
      kind: 'dose',
      title: 'Time to take Metformin',
      body: '500 mg tablet at 09:00 · After food',
      tag: `dose-${medication.id}-${date}-09:00`,
      url: '/home',
      dose: {
        medication_id: medication.id,
        medication_name: 'Metformin',
        dosage: '500 mg',
        date,
        scheduled_time: '09:00',
      },
      actions: { take: 'Take', snooze: 'Snooze 10 min' },
      confirmation: {
        title: 'Success!',
        taken: 'Marked Metformin as taken',
        queued: 'Marked Metformin as taken. Waiting to sync.',
      },
      failure: {
        take: { title: 'Could not record the dose', body: 'Open DiaCare to mark Metformin as taken.' },
        snooze: { title: 'Could not snooze the reminder', body: 'Open DiaCare to see your medications.' },
      },
    });
    // TTL is what is left of the two-hour dose window; one Topic per dose.
    expect(messages[0]).toMatchObject({ ttl: 7200, urgency: 'high', topic: expect.stringMatching(/^[\w-]{32}$/) });

    const sent = (await allReminders(user)).find((r) => r.id === payload.reminder_id);
    expect(sent).toMatchObject({ status: 'sent', sent: true, sent_at: t.clock().toISOString() });
    // The unsent list no longer has it.
    const unsent: Reminder[] = (await user.request({ url: '/api/reminders' })).json();
    expect(unsent.map((r) => r.id)).not.toContain(payload.reminder_id);
  });

  it('goes to every subscription of the user', async () => {
    const clock = startDay();
    clock('03:00:00');
    const { user, subscriptions } = await newUser(2);
    await addMedication(user);
    clock('03:30:00');
    await dispatcher().runOnce();
    expect(subscriptions.map((s) => receivedBy(s).length)).toEqual([1, 1]);
  });

  it('a dose taken beforehand sends nothing', async () => {
    const clock = startDay();
    const now = clock('03:00:00');
    const { user, subscriptions } = await newUser();
    const medication = await addMedication(user);
    const taken = await user.request({
      method: 'POST',
      url: '/api/adherence',
      payload: {
        medication_id: medication.id,
        scheduled_time: '09:00',
        taken_time: '08:30',
        date: now.toISOString().slice(0, 10),
        status: 'taken',
      },
    });
    expect(taken.statusCode).toBe(200);
    clock('03:30:00');
    await dispatcher().runOnce();
    expect(receivedBy(subscriptions[0]!)).toEqual([]);
    const dose = (await allReminders(user)).find((r) => r.kind === 'dose' && r.dose_date === taken.json().date);
    expect(dose).toMatchObject({ status: 'skipped', sent: false });
  });

  it('a dose whose medication was deleted after it was claimed is not sent', async () => {
    const clock = startDay();
    clock('03:00:00');
    const { user, subscriptions } = await newUser();
    const medication = await addMedication(user);
    // Stand-in for the race: the reminder stays while the medication goes (as if mid-claim).
    const [row] = await t.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.medication_id, medication.id))
      .orderBy(reminders.due_at);
    await user.request({ method: 'DELETE', url: `/api/medications/${medication.id}` });
    await t.database.db.insert(reminders).values({ ...row!, id: randomUUID(), dedupe_key: `test:${randomUUID()}` });
    clock('03:30:00');
    await dispatcher().runOnce();
    expect(receivedBy(subscriptions[0]!)).toEqual([]);
  });

  it('a subscription answered 410 is deleted; the others still get the dose', async () => {
    const clock = startDay();
    clock('03:00:00');
    const { user, subscriptions } = await newUser(2);
    const [gone, live] = subscriptions as [TestSubscription, TestSubscription];
    await addMedication(user);
    service.respondWith(gone.id, 410);
    clock('03:30:00');
    await dispatcher().runOnce();

    expect(receivedBy(gone)).toEqual([]);
    expect(receivedBy(live)).toHaveLength(1);
    const stored = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, user.user.id));
    expect(stored).toEqual([{ endpoint: live.endpoint }]);
    expect((await allReminders(user)).find((r) => r.status !== 'pending')).toMatchObject({ status: 'sent' });
  });

  it('a user whose only subscription is gone: deleted, and the reminder is skipped', async () => {
    const clock = startDay();
    clock('03:00:00');
    const { user, subscriptions } = await newUser();
    await addMedication(user);
    service.respondWith(subscriptions[0]!.id, 404);
    clock('03:30:00');
    await dispatcher().runOnce();
    const stored = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, user.user.id));
    expect(stored).toEqual([]);
    expect((await allReminders(user)).find((r) => r.status !== 'pending')).toMatchObject({
      status: 'skipped',
      sent: false,
    });
  });

  it('a user without a subscription: skipped, sent stays false', async () => {
    const clock = startDay();
    clock('03:00:00');
    const { user } = await newUser(0);
    await addMedication(user);
    clock('03:30:00');
    expect(await dispatcher().runOnce()).toBeGreaterThanOrEqual(1);
    expect((await allReminders(user)).find((r) => r.status !== 'pending')).toMatchObject({
      status: 'skipped',
      sent: false,
    });
  });

  it('honours the preferences: medication reminders off, push off', async () => {
    const clock = startDay();
    const now = clock('03:00:00');
    const { user, subscriptions } = await newUser();
    await addMedication(user);
    await user.request({
      method: 'POST',
      url: '/api/reminders',
      payload: { title: 'Walk', due_at: now.toISOString() },
    });
    await user.request({ method: 'PUT', url: '/api/settings/notifications', payload: { medicationReminders: false } });
    clock('03:30:00');
    await dispatcher().runOnce();
    // The user's own reminder still goes; the dose does not.
    expect(receivedBy(subscriptions[0]!).map((m) => JSON.parse(m.payload).title)).toEqual(['Walk']);
    expect((await allReminders(user)).find((r) => r.kind === 'dose' && r.status !== 'pending')).toMatchObject({
      status: 'skipped',
    });

    await user.request({ method: 'PUT', url: '/api/settings/notifications', payload: { pushNotifications: false } });
    await user.request({
      method: 'POST',
      url: '/api/reminders',
      payload: { title: 'Stretch', due_at: t.clock().toISOString() },
    });
    await dispatcher().runOnce();
    expect(receivedBy(subscriptions[0]!)).toHaveLength(1);
    expect((await allReminders(user)).find((r) => r.title === 'Stretch')).toMatchObject({ status: 'skipped' });
  });

  it('after downtime: within the dose window it is sent, beyond it recorded missed', async () => {
    const clock = startDay();
    clock('02:00:00');
    const { user, subscriptions } = await newUser();
    await addMedication(user, metformin(['08:00', '09:00'])); // due 02:30Z and 03:30Z
    // The server was down from 02:00Z; it returns at 04:31Z: 08:00's window closed at 04:30Z.
    clock('04:31:00');
    await dispatcher().runOnce();
    const messages = receivedBy(subscriptions[0]!);
    expect(messages.map((m) => JSON.parse(m.payload).dose.scheduled_time)).toEqual(['09:00']);
    expect(messages[0]!.ttl).toBe(59 * 60); // until 05:30Z
    const settled = (await allReminders(user)).filter((r) => r.status !== 'pending');
    expect(settled.map((r) => [r.scheduled_time, r.status, r.sent])).toEqual([
      ['08:00', 'missed', false],
      ['09:00', 'sent', true],
    ]);
  });

  it('a snoozed dose carries its dose; an appointment reminder is sent as such', async () => {
    const clock = startDay();
    const now = clock('03:30:00');
    const { user, subscriptions } = await newUser();
    const medication = await addMedication(user, metformin(['09:30']));
    const [dose] = (await user.request({ url: '/api/reminders/upcoming' })).json() as Reminder[];
    await user.request({
      method: 'POST',
      url: '/api/reminders',
      payload: { title: 'Time to take Metformin', body: 'Snoozed', due_at: now.toISOString(), snoozed_from: dose!.id },
    });
    await dispatcher().runOnce();
    const [message] = receivedBy(subscriptions[0]!);
    expect(JSON.parse(message!.payload)).toMatchObject({
      kind: 'dose',
      body: 'Snoozed',
      dose: { medication_id: medication.id, scheduled_time: '09:30' },
    });

    const date = now.toISOString().slice(0, 10);
    await user.request({
      method: 'POST',
      url: '/api/appointments',
      payload: { type: 'lab', title: 'HbA1c', location: 'Apollo Diagnostics', date, time: '12:00' },
    });
    clock('05:30:00'); // 11:00 in Kolkata: an hour before
    await dispatcher().runOnce();
    const appointment = receivedBy(subscriptions[0]!).map((m) => JSON.parse(m.payload) as ReminderPush);
    expect(appointment.find((p) => p.kind === 'appointment')).toMatchObject({
      title: 'In 1 hour: HbA1c',
      body: '12:00 at Apollo Diagnostics',
      dose: null,
    });
  });

  it('outcomes are written through array literals that keep any text exactly', async () => {
    // The settle statement sends each column as one array literal; `detail` holds push-service
    // error text, so quotes, backslashes, braces, commas, NULL-like words and Unicode must survive.
    const values = ['HTTP 500 "Bad" \\ {x,y}', 'NULL', '', ' padded ', 'हिन्दी ✓', null, 'a\nb'];
    const result = await t.database.db.execute(
      sql`SELECT v, v IS NULL AS missing FROM unnest(${arrayLiteral(values)}::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n`,
    );
    const rows = (result as unknown as { rows: { v: string | null; missing: boolean }[] }).rows;
    expect(rows.map((row) => row.v)).toEqual(values);
    const numbers = await t.database.db.execute(
      sql`SELECT sum(v)::int AS total FROM unnest(${arrayLiteral([1, 2, 39])}::integer[]) AS v`,
    );
    expect((numbers as unknown as { rows: { total: number }[] }).rows[0]?.total).toBe(42);
  });

  it('a push that fails is tried again after a delay, then recorded failed', async () => {
    const clock = startDay();
    const now = clock('03:00:00');
    const { user, subscriptions } = await newUser();
    const subscription = subscriptions[0]!;
    await user.request({
      method: 'POST',
      url: '/api/reminders',
      payload: { title: 'Walk', due_at: now.toISOString() },
    });
    service.respondWith(subscription.id, 500);
    await dispatcher().runOnce();
    expect(receivedBy(subscription)).toEqual([]);
    expect((await allReminders(user))[0]).toMatchObject({ status: 'pending', sent: false });
    await dispatcher().runOnce(); // not yet: it waits for the retry delay
    expect(service.requests.filter((r) => r.subscriptionId === subscription.id)).toHaveLength(1);
    t.clock.advance(DISPATCH_RETRY_DELAY_MS + 1000);
    await dispatcher().runOnce();
    expect(receivedBy(subscription)).toHaveLength(1);
    expect((await allReminders(user))[0]).toMatchObject({ status: 'sent', sent: true });

    await user.request({
      method: 'POST',
      url: '/api/reminders',
      payload: { title: 'Stretch', due_at: t.clock().toISOString() },
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      service.respondWith(subscription.id, 503);
      await dispatcher().runOnce();
      t.clock.advance(DISPATCH_RETRY_DELAY_MS + 1000);
    }
    expect((await allReminders(user)).find((r) => r.title === 'Stretch')).toMatchObject({ status: 'failed' });
    expect(receivedBy(subscription)).toHaveLength(1);
  });

  it('a dispatcher that dies after claiming loses none: another sends them after the lease', async () => {
    const clock = startDay();
    const now = clock('03:00:00');
    const { user, subscriptions } = await newUser();
    for (let i = 0; i < 20; i += 1) {
      const response = await user.request({
        method: 'POST',
        url: '/api/reminders',
        payload: { title: `Reminder ${i}`, due_at: now.toISOString() },
      });
      expect(response.statusCode).toBe(201);
    }
    // The first dispatcher claims, then never gets to send or settle (its process is gone).
    let claimed!: () => void;
    const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const dead = dispatcher({
      sender: {
        send: () => {
          claimed();
          return new Promise(() => {});
        },
        close: async () => {},
      },
    });
    void dead.runOnce();
    await hasClaimed;

    const survivor = dispatcher();
    await survivor.runOnce();
    expect(receivedBy(subscriptions[0]!)).toEqual([]); // the lease still holds

    t.clock.advance(DISPATCH_LEASE_MS + 1000);
    await survivor.runOnce();
    const titles = receivedBy(subscriptions[0]!).map((m) => JSON.parse(m.payload).title);
    expect(titles.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Reminder ${i}`).sort());
    const rows = await allReminders(user);
    expect(rows.every((r) => r.status === 'sent' && r.sent)).toBe(true);
  });

  it("one pass of several medicines and languages: each dose's notices name its own medicine in its user's language", async () => {
    const clock = startDay();
    clock('03:29:00'); // 08:59 in Kolkata
    const people = [
      { language: 'en', medicine: 'Metformin' },
      { language: 'hi', medicine: 'Metformin' },
      { language: 'en', medicine: 'Glimepiride' },
      { language: 'hi', medicine: 'Glimepiride' },
    ] as const;
    const subscribed = [];
    for (const { language, medicine } of people) {
      const { user, subscriptions } = await newUser();
      const language_ = await user.request({ method: 'PUT', url: '/api/users/me', payload: { language } });
      expect(language_.statusCode).toBe(200);
      await addMedication(user, metformin(['09:00'], medicine));
      subscribed.push({ language, medicine, subscription: subscriptions[0]! });
    }
    clock('03:30:00');
    await dispatcher().runOnce(); // all four doses in one pass
    for (const { language, medicine, subscription } of subscribed) {
      const messages = receivedBy(subscription);
      expect(messages).toHaveLength(1);
      const payload: ReminderPush = JSON.parse(messages[0]!.payload);
      expect(payload.dose?.medication_name).toBe(medicine);
      expect(payload.confirmation?.taken).toBe(
        language === 'hi' ? `${medicine} ली गई के रूप में दर्ज` : `Marked ${medicine} as taken`,
      );
      expect(payload.failure?.take.body).toBe(
        language === 'hi'
          ? `${medicine} ली गई के रूप में दर्ज करने के लिए DiaCare खोलें।`
          : `Open DiaCare to mark ${medicine} as taken.`,
      );
    }
  });

  it('a claim is a heap-only update: each claimed row keeps its page (fillfactor 50, decision 014)', async () => {
    const clock = startDay();
    const now = clock('03:00:00');
    const { user } = await newUser();
    // Made together, as the materialiser makes a due minute's doses: they share pages.
    const rows = Array.from({ length: 120 }, (_, i) => ({
      user_id: user.user.id,
      kind: 'custom' as const,
      title: `Reminder ${String(i).padStart(3, '0')}`,
      body: '',
      due_at: now,
      expires_at: new Date(now.getTime() + 3_600_000),
      dedupe_key: `custom:${randomUUID()}`,
    }));
    const ids = (await t.database.db.insert(reminders).values(rows).returning({ id: reminders.id })).map((r) => r.id);
    const pages = async () => {
      const result = await t.database.db.execute(
        sql`SELECT id, (ctid::text::point)[0]::int AS page FROM reminders WHERE id IN ${ids}`,
      );
      const found = (result as unknown as { rows: { id: string; page: number }[] }).rows;
      return new Map(found.map((row) => [row.id, Number(row.page)]));
    };
    const before = await pages();
    // Claimed, never sent: the rows keep their claim (a version written by the claim alone).
    let claimed!: () => void;
    const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const stuck = dispatcher({
      sender: {
        send: () => {
          claimed();
          return new Promise(() => {});
        },
        close: async () => {},
      },
    });
    void stuck.runOnce();
    await hasClaimed;
    const after = await pages();
    const stayed = ids.filter((id) => after.get(id) === before.get(id)).length;
    // A claimed version that moved to another page needed index entries (not heap-only). At
    // fillfactor 70, 72 of these 120 moved; at 50, 6 (the last rows of a full page).
    expect(stayed / ids.length).toBeGreaterThanOrEqual(0.85);
    await t.database.db.delete(reminders).where(inArray(reminders.id, ids));
  });

  it('a crash after a dose left but before it was recorded: the repeat has the same Topic and tag', async () => {
    const clock = startDay();
    clock('03:30:00'); // 09:00 and 09:30 in Kolkata
    const { user, subscriptions } = await newUser();
    const subscription = subscriptions[0]!;
    const medication = await addMedication(user, metformin(['09:00', '09:30']));
    clock('04:00:00');
    // The first dispatcher's pushes reach the push service, then its process dies before it
    // records them: the outcome never comes back, the rows stay claimed.
    let delivered = 0;
    const crashed = dispatcher({
      sender: {
        send: (target, payload, options) => {
          void sender.send(target, payload, options).then(() => (delivered += 1));
          return new Promise(() => {});
        },
        close: async () => {},
      },
    });
    const before = service.received.length;
    void crashed.runOnce();
    await service.waitFor(before + 2, 10_000);
    await expect.poll(() => delivered).toBe(2);

    t.clock.advance(DISPATCH_LEASE_MS + 1000);
    await dispatcher().runOnce();
    const messages = receivedBy(subscription);
    expect(messages).toHaveLength(4);
    const byDose = new Map<string, { topics: Set<string | null>; tags: Set<string> }>();
    for (const message of messages) {
      const payload: ReminderPush = JSON.parse(message.payload);
      const entry = byDose.get(payload.dose!.scheduled_time) ?? { topics: new Set(), tags: new Set() };
      entry.topics.add(message.topic);
      entry.tags.add(payload.tag);
      byDose.set(payload.dose!.scheduled_time, entry);
    }
    const date = t.clock().toISOString().slice(0, 10);
    for (const time of ['09:00', '09:30']) {
      const { topics, tags } = byDose.get(time)!;
      // One Topic (RFC 8030 §5.4: ≤ 32 URL-safe base64 characters) and one tag per dose, so the
      // push service and the service worker replace the first copy instead of adding a second.
      expect([...tags]).toEqual([`dose-${medication.id}-${date}-${time}`]);
      expect(topics.size).toBe(1);
      expect([...topics][0]).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    }
    expect([...byDose.get('09:00')!.topics]).not.toEqual([...byDose.get('09:30')!.topics]);
  });

  it.runIf(driver === 'postgres')(
    'two dispatchers with 1,000 due reminders send each exactly once',
    async () => {
      const clock = startDay();
      const now = clock('03:00:00');
      const { user, subscriptions } = await newUser();
      const subscription = subscriptions[0]!;
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        user_id: user.user.id,
        kind: 'custom' as const,
        title: `Reminder ${i}`,
        body: '',
        due_at: now,
        expires_at: new Date(now.getTime() + 3_600_000),
        dedupe_key: `custom:${randomUUID()}`,
      }));
      const ids = (await t.database.db.insert(reminders).values(rows).returning({ id: reminders.id })).map((r) => r.id);
      const before = service.received.length;

      const vapid = await loadVapidKeys(t.database.db, parseEnv({ NODE_ENV: 'test' }));
      const senders = [createPushSender({ vapid }), createPushSender({ vapid })];
      extraSenders.push(...senders);
      const dispatchers = senders.map((s) => dispatcher({ sender: s, batchSize: 50, pollIntervalMs: 20 }));
      for (const d of dispatchers) d.start();
      await service.waitFor(before + 1000, 50_000);
      await Promise.all(dispatchers.map((d) => d.stop()));

      const messages = receivedBy(subscription).map((m) => JSON.parse(m.payload).reminder_id as string);
      expect(messages).toHaveLength(1000);
      expect(new Set(messages).size).toBe(1000);
      expect(new Set(messages)).toEqual(new Set(ids));
      const stored = await t.database.db
        .select({ status: reminders.status, attempts: reminders.attempts })
        .from(reminders)
        .where(inArray(reminders.id, ids));
      // Each claimed exactly once.
      expect(stored.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    },
    90_000,
  );
});
