/**
 * The weekly summary (decision 050): made once per user and week on Sunday 18:00 in the user's
 * zone (across a DST change), by any number of materialisers, sent once by e-mail with the
 * week's adherence and readings count, never by push unless chosen. Injected clock.
 */
import { formatShortDate } from '@diacare/contract/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminders } from '../src/db/schema.ts';
import { createChannelsRepository } from '../src/modules/channels/channels.repository.ts';
import { createChannelDelivery, type ChannelDelivery } from '../src/modules/channels/index.ts';
import { nextSummaryDue } from '../src/modules/reminders/weekly-summary.ts';
import { createMaterialiser } from '../src/workers/materialiser.ts';
import { createDispatcher } from '../src/workers/reminder-dispatcher.ts';
import { SQL_DRIVERS, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { startChannelStandIns, type ChannelStandIns } from './support/channel-stand-ins.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';

const at = (iso: string) => new Date(iso);

describe('nextSummaryDue: Sunday 18:00 in the user’s zone', () => {
  it.each([
    ['Europe/London, summer time', '2026-10-17T12:00:00Z', 'Europe/London', '2026-10-18T17:00:00.000Z'],
    ['Europe/London, the Sunday clocks go back', '2026-10-24T12:00:00Z', 'Europe/London', '2026-10-25T18:00:00.000Z'],
    ['Europe/London, just after this week’s', '2026-10-25T18:00:01Z', 'Europe/London', '2026-11-01T18:00:00.000Z'],
    ['Asia/Kolkata', '2026-10-24T12:00:00Z', 'Asia/Kolkata', '2026-10-25T12:30:00.000Z'],
    ['Asia/Kolkata, on Sunday before 18:00', '2026-10-25T12:29:00Z', 'Asia/Kolkata', '2026-10-25T12:30:00.000Z'],
  ])('%s', (_name, now, zone, due) => {
    expect(nextSummaryDue(at(now), zone).toISOString()).toBe(due);
  });
});

describe.each(SQL_DRIVERS)('weekly summaries on %s', (driver) => {
  let pushApp: PushTestApp;
  let t: TestApp;
  let stands: ChannelStandIns;
  let channels: ChannelDelivery;
  let kolkata: SignedInUser;
  let london: SignedInUser;

  beforeAll(async () => {
    pushApp = await startPushTestApp(driver);
    t = pushApp.t;
    stands = await startChannelStandIns();
    channels = createChannelDelivery({ db: t.database.db, env: stands.env, clock: t.clock });
  });
  afterAll(async () => {
    channels.close();
    await stands.close();
    await pushApp.close();
  });

  const ok = async (user: SignedInUser, method: string, url: string, payload: object) => {
    const response = await user.request({ method, url, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const materialiser = () => createMaterialiser({ db: t.database.db, clock: t.clock, weeklySummaries: true });
  const dispatcher = () =>
    createDispatcher({ db: t.database.db, clock: t.clock, sender: pushApp.sender, channels, lanes: 1 });
  const summariesOf = async (user: SignedInUser) =>
    (
      await t.database.db
        .select({ due_at: reminders.due_at, status: reminders.status, detail: reminders.detail })
        .from(reminders)
        .where(and(eq(reminders.user_id, user.user.id), eq(reminders.kind, 'weekly_summary')))
        .orderBy(reminders.due_at)
    ).map((row) => [row.due_at.toISOString(), row.status, row.detail]);

  it('with no e-mail or WhatsApp on the server, none is made', async () => {
    t.clock.set(at('2026-10-10T12:00:00Z'));
    const user = await signIn(t.app, { name: 'Nobody', email: 'summary-none@example.com', timezone: 'UTC' });
    await createMaterialiser({ db: t.database.db, clock: t.clock }).runOnce();
    expect(await summariesOf(user)).toEqual([]);
  });

  it('made once per user and week by two materialisers, at 18:00 local across the DST change', async () => {
    // Sunday 18 October, 17:30 in Kolkata: the week Monday 12 – Sunday 18 is nearly over.
    t.clock.set(at('2026-10-18T12:00:00Z'));
    kolkata = await signIn(t.app, { name: 'Asha Rao', email: 'summary-asha@example.com', timezone: 'Asia/Kolkata' });
    london = await signIn(t.app, { name: 'Ravi Shah', email: 'summary-ravi@example.com', timezone: 'Europe/London' });
    await ok(london, 'PUT', '/api/users/me', { language: 'hi' });
    // Asha: daily 09:00, taken Monday to Friday, nothing on Saturday and Sunday → 5 of 7. Added
    // the week before: a dose before its medicine was added is not expected (decision 077).
    const weekEnd = t.clock();
    t.clock.set(at('2026-10-10T12:00:00Z'));
    const medication = await ok(kolkata, 'POST', '/api/medications', {
      name: 'Metformin',
      dosage: '500 mg',
      form: 'Tablet',
      color: '#FF6B6B',
      when_to_take: 'After food',
      schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-01-01', end_date: null },
      refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
    });
    t.clock.set(weekEnd);
    for (const date of ['2026-10-12', '2026-10-13', '2026-10-14', '2026-10-15', '2026-10-16']) {
      const dose = { medication_id: medication.id, scheduled_time: '09:00', taken_time: '09:05', status: 'taken' };
      await ok(kolkata, 'POST', '/api/adherence', { ...dose, date });
    }
    // Three readings in the week, one the Sunday before.
    for (const date of ['2026-10-11', '2026-10-12', '2026-10-15', '2026-10-18']) {
      await ok(kolkata, 'POST', '/api/health/glucose', { value: 112, meal_context: 'Fasting', date, time: '07:45' });
    }
    const subscription = pushApp.service.createSubscription();
    await ok(kolkata, 'POST', '/api/push/subscribe', subscription);

    await Promise.all([materialiser().runOnce(), materialiser().runOnce()]);
    await materialiser().runOnce();
    expect(await summariesOf(kolkata)).toEqual([['2026-10-18T12:30:00.000Z', 'pending', null]]);
    expect(await summariesOf(london)).toEqual([['2026-10-18T17:00:00.000Z', 'pending', null]]);

    // 18:00 in Kolkata: two dispatchers, one e-mail with the week's numbers; no push.
    t.clock.set(at('2026-10-18T12:30:00Z'));
    await Promise.all([dispatcher().runOnce(), dispatcher().runOnce()]);
    expect(stands.mails.map((mail) => [mail.subject, mail.text?.split('\n')[0]])).toEqual([
      [
        'Your DiaCare week 12 Oct – 18 Oct',
        'Your week 12 Oct – 18 Oct: 71% of doses taken, 3 glucose readings logged.',
      ],
    ]);
    expect(pushApp.service.received.filter((m) => m.subscriptionId === subscription.id)).toEqual([]);
    expect((await summariesOf(kolkata))[0]?.[1]).toBe('sent');

    // 18:00 in London (BST): Ravi's, in Hindi, with nothing logged.
    t.clock.set(at('2026-10-18T17:00:00Z'));
    await dispatcher().runOnce();
    const week = `${formatShortDate('2026-10-12', 'hi-IN')} – ${formatShortDate('2026-10-18', 'hi-IN')}`;
    expect(stands.mails[1]?.subject).toBe(`DiaCare में आपका सप्ताह ${week}`);
    expect(stands.mails[1]?.text).toContain(`आपका सप्ताह ${week}: — खुराकें ली गईं, 0 ग्लूकोज़ रीडिंग दर्ज हुईं।`);

    // Once this week's is due, the next week's is made, once, at 18:00 GMT after clocks go back.
    t.clock.set(at('2026-10-19T12:00:00Z'));
    await Promise.all([materialiser().runOnce(), materialiser().runOnce()]);
    t.clock.set(at('2026-10-24T18:00:00Z'));
    await materialiser().runOnce();
    expect((await summariesOf(london)).map(([due, status]) => [due, status])).toEqual([
      ['2026-10-18T17:00:00.000Z', 'sent'],
      ['2026-10-25T18:00:00.000Z', 'pending'],
    ]);
    expect((await summariesOf(kolkata)).map(([due]) => due)).toEqual([
      '2026-10-18T12:30:00.000Z',
      '2026-10-25T12:30:00.000Z',
    ]);
  });

  it('the audit records the e-mails per channel without addresses or numbers', async () => {
    const rows = await createChannelsRepository(t.database.db).deliveries(kolkata.user.id, 'weekly_summary');
    expect(rows.map((row) => [row.channel, row.template, row.outcome, row.error])).toEqual([
      ['email', 'weekly_summary', 'delivered', null],
    ]);
    const text = JSON.stringify(rows);
    for (const personal of ['summary-asha@example.com', '71%', 'Metformin']) expect(text).not.toContain(personal);
  });
});
