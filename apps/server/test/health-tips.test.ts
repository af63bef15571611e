/**
 * Weekly Health Tips through the real materialiser and dispatcher on the injected clock: off by
 * default; on, one tip a week at 10:30 local in the user's language, never the same twice;
 * turned off, the pending tip is skipped. Decision 040.
 */
import type { ReminderPush } from '@diacare/contract/push';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminders } from '../src/db/schema.ts';
import { healthTips } from '../src/modules/knowledge/knowledge.ts';
import { createDispatcher } from '../src/workers/reminder-dispatcher.ts';
import { createMaterialiser } from '../src/workers/materialiser.ts';
import { nextTip, nextTipDue, tipArticleOf } from '../src/modules/reminders/tips.ts';
import { DRIVERS, signIn, type SignedInUser } from './helpers.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';
import type { TestSubscription } from './support/push-service.ts';

const KOLKATA = 'Asia/Kolkata';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('choosing the next tip', () => {
  const tips = healthTips('en');

  it('every article has a tip in both languages, and the tips are short', () => {
    expect(tips.length).toBeGreaterThanOrEqual(30);
    expect(healthTips('hi').map((tip) => tip.articleId)).toEqual(tips.map((tip) => tip.articleId));
    for (const tip of [...tips, ...healthTips('hi')]) expect(tip.text.length).toBeLessThan(160);
  });

  it('never picks the previous tip, and walks through all of them', () => {
    const seen = new Set<string>();
    let previous: string | null = null;
    for (let i = 0; i < tips.length; i += 1) {
      const tip = nextTip(tips, previous, 'a-user-id');
      expect(tip.articleId).not.toBe(previous);
      seen.add(tip.articleId);
      previous = tip.articleId;
    }
    expect(seen.size).toBe(tips.length);
  });

  it('is due 7 local days after the last one at 10:30, across a DST change', () => {
    // New York springs forward on 2026-03-08: 10:30 EST is 15:30Z, 10:30 EDT is 14:30Z.
    const last = new Date('2026-03-02T15:30:00Z');
    expect(nextTipDue(last, new Date('2026-03-08T12:00:00Z'), 'America/New_York')).toEqual(
      new Date('2026-03-09T14:30:00Z'),
    );
  });

  it('comes at the next 10:30 when there was none, or the planned one has passed', () => {
    // 10:00 in Kolkata (04:30Z): today at 10:30; 11:00 (05:30Z): tomorrow at 10:30.
    expect(nextTipDue(null, new Date('2026-07-06T04:30:00Z'), KOLKATA)).toEqual(new Date('2026-07-06T05:00:00Z'));
    expect(nextTipDue(null, new Date('2026-07-06T05:30:00Z'), KOLKATA)).toEqual(new Date('2026-07-07T05:00:00Z'));
    const stale = new Date('2026-06-01T05:00:00Z');
    expect(nextTipDue(stale, new Date('2026-07-06T05:30:00Z'), KOLKATA)).toEqual(new Date('2026-07-07T05:00:00Z'));
  });
});

describe.each(DRIVERS)('weekly health tips on %s', (driver) => {
  let pushApp: PushTestApp;
  let userCounter = 0;
  /** Weeks apart per test, so one test's tips never fall in another's steps. */
  let week = 0;

  beforeAll(async () => {
    pushApp = await startPushTestApp(driver);
  });
  afterAll(() => pushApp.close());

  async function newUser(language: 'en' | 'hi'): Promise<{ user: SignedInUser; subscription: TestSubscription }> {
    const { t, service } = pushApp;
    const user = await signIn(t.app, {
      name: 'Asha Rao',
      email: `tips${++userCounter}@example.com`,
      timezone: KOLKATA,
    });
    expect((await user.request({ method: 'PUT', url: '/api/users/me', payload: { language } })).statusCode).toBe(200);
    const subscription = service.createSubscription();
    const response = await user.request({ method: 'POST', url: '/api/push/subscribe', payload: subscription });
    expect(response.statusCode).toBe(201);
    return { user, subscription };
  }
  const setTips = async (user: SignedInUser, healthTips: boolean) =>
    expect(
      (await user.request({ method: 'PUT', url: '/api/settings/notifications', payload: { healthTips } })).statusCode,
    ).toBe(200);
  /** Tip pushes the subscription received, oldest first. */
  const tipsReceived = (subscription: TestSubscription) =>
    pushApp.service.received
      .filter((message) => message.subscriptionId === subscription.id)
      .map((message) => JSON.parse(message.payload) as ReminderPush)
      .filter((payload) => payload.kind === 'tip');

  /** A Monday 00:00Z (05:30 in Kolkata) of this test's own; the clock is set to it (sessions start then). */
  const startWeek = () => {
    const start = new Date(Date.UTC(2026, 6, 6) + ++week * 28 * DAY_MS);
    pushApp.t.clock.set(start);
    return start;
  };

  /**
   * Runs the materialiser's pass and a dispatcher pass every `stepHours` from `from` for
   * `days`, as the server's loops would (they run more often; the outcome is the same).
   * Returns when each tip push arrived.
   */
  async function live(from: Date, days: number, subscription: TestSubscription, stepHours = 3): Promise<Date[]> {
    const { t, sender } = pushApp;
    const materialiser = createMaterialiser({ db: t.database.db, clock: t.clock });
    const dispatcher = createDispatcher({ db: t.database.db, clock: t.clock, sender });
    const arrivals: Date[] = [];
    for (let at = from.getTime(); at < from.getTime() + days * DAY_MS; at += stepHours * HOUR_MS) {
      t.clock.set(new Date(at));
      const before = tipsReceived(subscription).length;
      await materialiser.runOnce();
      await dispatcher.runOnce();
      if (tipsReceived(subscription).length > before) arrivals.push(new Date(at));
    }
    return arrivals;
  }

  it('with Health Tips off (the default) no tip is made or sent in a week', async () => {
    const start = startWeek();
    const { user, subscription } = await newUser('en');
    const settings = (await user.request({ url: '/api/settings/notifications' })).json();
    expect(settings.healthTips).toBe(false);
    await live(start, 8, subscription);
    expect(tipsReceived(subscription)).toEqual([]);
    const rows = await pushApp.t.database.db.select().from(reminders).where(eq(reminders.kind, 'tip'));
    expect(rows.filter((row) => row.dedupe_key.includes(user.user.id))).toEqual([]);
  });

  it('with Health Tips on: one tip a week at 10:30 local, in English, each unlike the one before', async () => {
    const start = startWeek();
    const { subscription } = await newUser('en');
    const signedIn = await newUser('en');
    await setTips(signedIn.user, true);
    const step = 3;
    const arrivals = await live(start, 21, signedIn.subscription, step);
    expect(tipsReceived(subscription)).toEqual([]); // the other user never turned tips on
    const tips = tipsReceived(signedIn.subscription);
    // 05:00Z is 10:30 in Kolkata: the first on the day tips were turned on, then every 7 days;
    // each arrives at the first dispatcher pass at or after its time.
    const rows = await pushApp.t.database.db
      .select()
      .from(reminders)
      .where(and(eq(reminders.kind, 'tip'), eq(reminders.user_id, signedIn.user.user.id)))
      .orderBy(reminders.due_at);
    const dueTimes = [0, 7, 14, 21].map((days) => new Date(start.getTime() + days * DAY_MS + 5 * HOUR_MS));
    // The fourth is made a day ahead and still waits for its time.
    expect(rows.map((row) => [row.due_at.toISOString(), row.status])).toEqual(
      dueTimes.map((due, i) => [due.toISOString(), i < 3 ? 'sent' : 'pending']),
    );
    expect(arrivals).toHaveLength(3);
    arrivals.forEach((at, i) => {
      expect(at.getTime()).toBeGreaterThanOrEqual(dueTimes[i]!.getTime());
      expect(at.getTime()).toBeLessThan(dueTimes[i]!.getTime() + step * HOUR_MS);
    });
    const english = healthTips('en');
    for (const tip of tips) {
      expect(tip.title).toBe('Health tip');
      expect(english.map((candidate) => candidate.text)).toContain(tip.body);
      expect(tip.url).toBe('/faq');
      expect(tip.dose).toBeNull();
    }
    expect(tips[1]!.body).not.toBe(tips[0]!.body);
    expect(tips[2]!.body).not.toBe(tips[1]!.body);
  });

  it('a Hindi user gets the tip in Hindi', async () => {
    const start = startWeek();
    const { user, subscription } = await newUser('hi');
    await setTips(user, true);
    await live(start, 1, subscription);
    const [tip, ...more] = tipsReceived(subscription);
    expect(more).toEqual([]);
    expect(tip!.title).toBe('सेहत की सलाह');
    expect(healthTips('hi').map((candidate) => candidate.text)).toContain(tip!.body);
  });

  it('turned off after a tip, the next one is skipped and no more are made', async () => {
    const start = startWeek();
    const { user, subscription } = await newUser('en');
    await setTips(user, true);
    await live(start, 6.5, subscription);
    expect(tipsReceived(subscription)).toHaveLength(1);
    // The next tip is made a day ahead; turning tips off before it is due skips it.
    await setTips(user, false);
    await live(new Date(start.getTime() + 6.5 * DAY_MS), 14, subscription);
    expect(tipsReceived(subscription)).toHaveLength(1);
    const rows = await pushApp.t.database.db
      .select()
      .from(reminders)
      .where(and(eq(reminders.kind, 'tip'), eq(reminders.user_id, user.user.id)));
    expect(rows.map((row) => [row.status, row.detail])).toEqual([
      ['sent', null],
      ['skipped', 'health tips off'],
    ]);
    expect(tipArticleOf(rows[1]!.dedupe_key)).not.toBe(tipArticleOf(rows[0]!.dedupe_key));
  });
});
