/**
 * The reminder dispatcher on the channels' routing table (decision 050): reminders made through
 * the API, claimed from the real database, and sent by push (local push service), e-mail (an
 * in-process SMTP server) and WhatsApp (a local Cloud API stand-in). Time is the injected clock.
 */
import { formatShortDate } from '@diacare/contract/dates';
import type { MedicationInput } from '@diacare/contract/medications';
import type { ReminderKind } from '@diacare/contract/push';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reminders } from '../src/db/schema.ts';
import { createChannelsRepository } from '../src/modules/channels/channels.repository.ts';
import { createChannelDelivery, createWhatsAppSender, type ChannelDelivery } from '../src/modules/channels/index.ts';
import { createDispatcher } from '../src/workers/reminder-dispatcher.ts';
import { SQL_DRIVERS, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { startChannelStandIns, type ChannelStandIns } from './support/channel-stand-ins.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';
import type { PushService, TestSubscription } from './support/push-service.ts';

const KOLKATA = 'Asia/Kolkata';
const PHONE = '9876543210';

/** Daily Metformin at 09:00 Kolkata (03:30Z); `pills` left with the refill reminder at 7. */
const metformin = (pills = 30): MedicationInput => ({
  name: 'Metformin',
  dosage: '500 mg',
  form: 'Tablet',
  color: '#FF6B6B',
  when_to_take: 'After food',
  schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-01-01', end_date: null },
  refill_reminder: { enabled: true, pills_remaining: pills, threshold: 7 },
});

describe.each(SQL_DRIVERS)('reminders on channels on %s', (driver) => {
  let pushApp: PushTestApp;
  let t: TestApp;
  let service: PushService;
  let stands: ChannelStandIns;
  let channels: ChannelDelivery;
  let counter = 0;
  let day = 0;

  beforeAll(async () => {
    pushApp = await startPushTestApp(driver);
    ({ t, service } = pushApp);
    stands = await startChannelStandIns();
    const whatsapp = createWhatsAppSender({
      token: 'token',
      phoneNumberId: '42',
      apiUrl: stands.whatsappApiUrl,
      sleep: async () => {},
    });
    channels = createChannelDelivery({ db: t.database.db, env: stands.env, clock: t.clock, whatsapp });
  });
  afterAll(async () => {
    channels.close();
    await stands.close();
    await pushApp.close();
  });
  beforeEach(() => stands.reset());

  const dispatcher = () => createDispatcher({ db: t.database.db, clock: t.clock, sender: pushApp.sender, channels });

  /** A day of this test's own at `time` UTC. */
  function startDay(): (time: string) => void {
    const date = new Date(Date.UTC(2026, 6, 1 + ++day * 3)).toISOString().slice(0, 10);
    return (time) => t.clock.set(new Date(`${date}T${time}Z`));
  }

  async function newUser(
    options: { subscribed?: boolean; phone?: boolean; language?: 'hi' } = {},
  ): Promise<{ user: SignedInUser; email: string; subscription: TestSubscription | null }> {
    const email = `channels${++counter}@example.com`;
    const user = await signIn(t.app, { name: 'Asha Rao', email, timezone: KOLKATA });
    const profile = { ...(options.phone ? { phone: PHONE } : {}), ...(options.language ? { language: 'hi' } : {}) };
    if (Object.keys(profile).length > 0) {
      expect((await user.request({ method: 'PUT', url: '/api/users/me', payload: profile })).statusCode).toBe(200);
    }
    let subscription: TestSubscription | null = null;
    if (options.subscribed) {
      subscription = service.createSubscription();
      const response = await user.request({ method: 'POST', url: '/api/push/subscribe', payload: subscription });
      expect(response.statusCode).toBe(201);
    }
    return { user, email, subscription };
  }
  const put = async (user: SignedInUser, url: string, payload: object) =>
    expect((await user.request({ method: 'PUT', url, payload })).statusCode).toBe(200);
  async function addMedication(user: SignedInUser, pills = 30): Promise<string> {
    const response = await user.request({ method: 'POST', url: '/api/medications', payload: metformin(pills) });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }
  /** Takes today's 09:00 dose (Kolkata date `date`): with few pills left, a refill reminder is due now. */
  async function take(user: SignedInUser, medicationId: string, date: string) {
    const payload = {
      medication_id: medicationId,
      scheduled_time: '09:00',
      taken_time: '09:00',
      date,
      status: 'taken',
    };
    expect((await user.request({ method: 'POST', url: '/api/adherence', payload })).statusCode).toBeLessThan(300);
  }
  const remindersOf = (user: SignedInUser, kind: ReminderKind) =>
    t.database.db
      .select({ status: reminders.status, detail: reminders.detail })
      .from(reminders)
      .where(and(eq(reminders.user_id, user.user.id), eq(reminders.kind, kind)))
      .orderBy(reminders.due_at);
  const pushesTo = (subscription: TestSubscription | null) =>
    service.received.filter((message) => message.subscriptionId === subscription?.id);
  const audit = (userId: string) => createChannelsRepository(t.database.db).deliveries(userId);
  const todayInKolkata = () => new Date(t.clock().getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

  it('a refill reminder reaches e-mail, in Hindi for a Hindi user, as well as push', async () => {
    const at = startDay();
    at('04:00:00');
    const { user, email, subscription } = await newUser({ subscribed: true, language: 'hi' });
    const medication = await addMedication(user, 5);
    await take(user, medication, todayInKolkata());
    await dispatcher().runOnce();

    const [refill] = await remindersOf(user, 'refill');
    expect(refill?.status).toBe('sent');
    expect(stands.mails.map((mail) => [Array.isArray(mail.to) ? null : mail.to?.text, mail.subject])).toEqual([
      [email, 'Metformin जल्द दोबारा खरीदें'],
    ]);
    expect(stands.mails[0]!.text).toContain('Metformin की केवल 4 बची हैं।');
    expect(pushesTo(subscription).map((message) => JSON.parse(message.payload).kind)).toEqual(['refill']);
    expect(stands.whatsapp).toEqual([]);
  });

  it('push off, e-mail on: the refill e-mail still goes', async () => {
    const at = startDay();
    at('04:00:00');
    const { user, subscription } = await newUser({ subscribed: true });
    await put(user, '/api/settings/notifications', { pushNotifications: false });
    const medication = await addMedication(user, 5);
    await take(user, medication, todayInKolkata());
    await dispatcher().runOnce();

    const [refill] = await remindersOf(user, 'refill');
    expect([refill?.status, refill?.detail]).toEqual(['sent', null]);
    expect(stands.mails.map((mail) => mail.subject)).toEqual(['Refill Metformin soon']);
    expect(pushesTo(subscription)).toEqual([]);
  });

  it('a dose reminder goes by WhatsApp when turned on, and not when off', async () => {
    const at = startDay();
    at('03:29:00');
    const on = await newUser({ subscribed: true, phone: true });
    const off = await newUser({ subscribed: true, phone: true });
    await put(on.user, '/api/notifications/channels', { dose: { whatsapp: true } });
    await addMedication(on.user);
    await addMedication(off.user);
    at('03:30:00');
    await dispatcher().runOnce();

    expect(stands.whatsapp.map((body) => [body.to, body.template.name, body.template.language.code])).toEqual([
      [`+91${PHONE}`, 'dose_reminder', 'en'],
    ]);
    expect(stands.whatsapp[0]!.template.components[0]!.parameters.map((p) => p.text)).toEqual([
      'Metformin',
      '500 mg',
      '09:00',
    ]);
    expect(pushesTo(on.subscription)).toHaveLength(1);
    expect(pushesTo(off.subscription)).toHaveLength(1);
    for (const { user } of [on, off]) expect((await remindersOf(user, 'dose'))[0]?.status).toBe('sent');
    expect(stands.mails).toEqual([]);
  });

  it('an after-meal check goes by push alone by default, and by WhatsApp and e-mail when turned on', async () => {
    const at = startDay();
    at('07:40:00'); // 13:10 in Kolkata
    const routed = await newUser({ subscribed: true, phone: true });
    const plain = await newUser({ subscribed: true, phone: true });
    for (const { user } of [routed, plain]) {
      await put(user, '/api/settings/notifications', { afterMealCheck: true });
      const meal = {
        date: todayInKolkata(),
        time: '13:00',
        meal_type: 'lunch',
        items: [{ name: 'Thali', portions: 1 }],
      };
      expect((await user.request({ method: 'POST', url: '/api/meals', payload: meal })).statusCode).toBe(201);
    }
    await put(routed.user, '/api/notifications/channels', { meal_check: { whatsapp: true, email: true } });
    at('09:30:00'); // 15:00: 2 hours after the meal
    await dispatcher().runOnce();

    expect(stands.whatsapp.map((body) => [body.to, body.template.name])).toEqual([[`+91${PHONE}`, 'meal_check']]);
    expect(stands.whatsapp[0]!.template.components[0]!.parameters.map((p) => p.text)).toEqual(['13:00']);
    expect(stands.mails.map((mail) => [Array.isArray(mail.to) ? null : mail.to?.text, mail.subject])).toEqual([
      [routed.email, 'How is your sugar after your meal?'],
    ]);
    for (const { user, subscription } of [routed, plain]) {
      expect(pushesTo(subscription).map((message) => JSON.parse(message.payload).kind)).toEqual(['meal_check']);
      expect((await remindersOf(user, 'meal_check')).map((row) => row.status)).toEqual(['sent']);
    }
  });

  it('an appointment reminder reaches e-mail with its title, local time and place; counted per channel', async () => {
    const at = startDay();
    at('03:00:00');
    const { user } = await newUser();
    const date = new Date(t.clock().getTime() + 86_400_000).toISOString().slice(0, 10);
    const visit = {
      type: 'doctor',
      title: 'Quarterly review',
      doctor: 'Dr Mehta',
      location: 'City Clinic',
      time: '10:00',
    };
    const booked = await user.request({ method: 'POST', url: '/api/appointments', payload: { ...visit, date } });
    expect(booked.statusCode).toBe(201);
    const counted = () =>
      t.metrics.deliveries.get().then(({ values }) => values.find((v) => v.labels.channel === 'email')?.value ?? 0);
    const before = await counted();
    const withMetrics = createChannelDelivery({
      db: t.database.db,
      env: stands.env,
      clock: t.clock,
      metrics: t.metrics,
    });
    at('04:30:00'); // 10:00 in Kolkata, a day before the visit
    await createDispatcher({
      db: t.database.db,
      clock: t.clock,
      sender: pushApp.sender,
      channels: withMetrics,
      metrics: t.metrics,
    }).runOnce();
    withMetrics.close();

    expect((await remindersOf(user, 'appointment')).map((r) => r.status)).toEqual(['sent', 'pending']);
    expect(stands.mails.map((mail) => [mail.subject, mail.text?.split('\n')[0]])).toEqual([
      ['Reminder: Quarterly review', `Quarterly review at ${formatShortDate(date, 'en-IN')} 10:00, City Clinic.`],
    ]);
    expect((await counted()) - before).toBe(1);
  });

  it('no reachable channel: skipped, saying so', async () => {
    const at = startDay();
    at('03:29:00');
    const { user } = await newUser({ phone: true }); // no subscription; dose WhatsApp off
    await addMedication(user);
    at('03:30:00');
    await dispatcher().runOnce();
    const [dose] = await remindersOf(user, 'dose');
    expect([dose?.status, dose?.detail]).toEqual(['skipped', 'no channel chosen and available']);
    expect(stands.whatsapp).toEqual([]);
  });

  it('the per-kind switches still skip: medication reminders off → no refill e-mail', async () => {
    const at = startDay();
    at('04:00:00');
    const { user } = await newUser();
    await put(user, '/api/settings/notifications', { medicationReminders: false });
    const medication = await addMedication(user, 5);
    await take(user, medication, todayInKolkata());
    await dispatcher().runOnce();
    const refill = await remindersOf(user, 'refill');
    expect(refill.map((r) => [r.status, r.detail])).toEqual([['skipped', 'medication reminders off']]);
    expect(stands.mails).toEqual([]);
  });

  it('a WhatsApp 500 then success is delivered, and the audit holds no personal data', async () => {
    const at = startDay();
    at('03:29:00');
    const { user, email } = await newUser({ phone: true });
    await put(user, '/api/notifications/channels', { dose: { whatsapp: true } });
    await addMedication(user);
    at('03:30:00');
    stands.whatsappStatuses.push(500);
    await dispatcher().runOnce();

    expect((await remindersOf(user, 'dose'))[0]?.status).toBe('sent');
    expect(stands.whatsapp).toHaveLength(1);
    const rows = await audit(user.user.id);
    expect(rows.map((row) => [row.kind, row.channel, row.template, row.outcome, row.error, row.attempts])).toEqual([
      ['dose', 'whatsapp', 'dose_reminder', 'delivered', null, 2],
    ]);
    const text = JSON.stringify(rows);
    for (const personal of [email, PHONE, 'Metformin', '500 mg']) expect(text).not.toContain(personal);
  });

  it('every channel failed: retried as a push is, the detail naming channel and code only', async () => {
    const at = startDay();
    at('03:29:00');
    const { user } = await newUser({ phone: true });
    await put(user, '/api/notifications/channels', { dose: { whatsapp: true } });
    await addMedication(user);
    at('03:30:00');
    stands.whatsappStatuses.push(400);
    await dispatcher().runOnce();
    const [dose] = await remindersOf(user, 'dose');
    expect(dose?.status).toBe('pending');
    expect(dose?.detail).toMatch(/^whatsapp: http 400/);
    expect(dose?.detail).not.toContain(PHONE);
    expect((await audit(user.user.id)).map((row) => row.outcome)).toEqual(['failed']);
  });
});
