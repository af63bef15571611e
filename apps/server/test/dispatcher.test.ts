/**
 * The reminder dispatcher end to end, what is sent and what is skipped: reminders made through
 * the API, claimed from the real database and pushed over TLS to a local push service; time is
 * the injected clock and passes run one at a time (docs/architecture.md; decision 009).
 */
import { randomUUID } from 'node:crypto';
import type { ReminderPush } from '@diacare/contract/push';
import type { Reminder } from '@diacare/contract/reminders';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions, reminders } from '../src/db/schema.ts';
import { SQL_DRIVERS } from './helpers.ts';
import type { TestSubscription } from './support/push-service.ts';
import { dispatcherFixture, metformin } from './support/dispatcher-fixture.ts';

describe.each(SQL_DRIVERS)('reminder dispatcher on %s', (driver) => {
  const f = dispatcherFixture(driver, 'dispatch');
  const { startDay, dispatcher, newUser, addMedication, receivedBy, allReminders } = f;

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
    expect(sent).toMatchObject({ status: 'sent', sent: true, sent_at: f.t.clock().toISOString() });
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
    const [row] = await f.t.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.medication_id, medication.id))
      .orderBy(reminders.due_at);
    await user.request({ method: 'DELETE', url: `/api/medications/${medication.id}` });
    await f.t.database.db.insert(reminders).values({ ...row!, id: randomUUID(), dedupe_key: `test:${randomUUID()}` });
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
    f.service.respondWith(gone.id, 410);
    clock('03:30:00');
    await dispatcher().runOnce();

    expect(receivedBy(gone)).toEqual([]);
    expect(receivedBy(live)).toHaveLength(1);
    const stored = await f.t.database.db
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
    f.service.respondWith(subscriptions[0]!.id, 404);
    clock('03:30:00');
    await dispatcher().runOnce();
    const stored = await f.t.database.db
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
      payload: { title: 'Stretch', due_at: f.t.clock().toISOString() },
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
});
