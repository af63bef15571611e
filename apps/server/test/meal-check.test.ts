/**
 * The after-meal check (decision 098) through the API and the real dispatcher on the injected
 * clock: off by default; on, one push 2 hours after a logged meal, never twice, none for a meal
 * deleted or logged more than 2 hours late, skipped when the switch goes off; the due instant
 * across midnight and a daylight-saving change.
 */
import type { ReminderPush } from '@diacare/contract/push';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminders } from '../src/db/schema.ts';
import { mealCheckDue, mealCheckKey } from '../src/modules/reminders/meal-check.ts';
import { createDispatcher } from '../src/workers/reminder-dispatcher.ts';
import { SQL_DRIVERS, signIn, type SignedInUser } from './helpers.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';
import type { TestSubscription } from './support/push-service.ts';

const MINUTE_MS = 60_000;
const NEW_YORK = 'America/New_York';

describe('when a meal’s check is due', () => {
  const now = new Date('2026-03-01T00:00:00Z');

  it('2 hours after the meal, across midnight and a daylight-saving change', () => {
    // New York springs forward on 2026-03-08 at 02:00: 23:30 EST on the 7th is 04:30Z,
    // its check at 06:30Z (01:30 EST); 00:30 EST on the 8th is 05:30Z, its check at 07:30Z (03:30 EDT).
    expect(mealCheckDue({ date: '2026-03-07', time: '23:30' }, NEW_YORK, now)).toEqual(
      new Date('2026-03-08T06:30:00Z'),
    );
    expect(mealCheckDue({ date: '2026-03-08', time: '00:30' }, NEW_YORK, now)).toEqual(
      new Date('2026-03-08T07:30:00Z'),
    );
    // Kolkata, a dinner at 22:45 on the 1st: 17:15Z, its check at 19:15Z (00:45 on the 2nd).
    expect(mealCheckDue({ date: '2026-03-01', time: '22:45' }, 'Asia/Kolkata', now)).toEqual(
      new Date('2026-03-01T19:15:00Z'),
    );
  });

  it('none when the 2 hours have passed (a meal logged after the fact)', () => {
    const meal = { date: '2026-03-08', time: '00:30' };
    expect(mealCheckDue(meal, NEW_YORK, new Date('2026-03-08T07:30:00Z'))).toBeNull();
    expect(mealCheckDue(meal, NEW_YORK, new Date('2026-03-08T07:29:00Z'))).not.toBeNull();
  });
});

describe.each(SQL_DRIVERS)('after-meal check on %s', (driver) => {
  let pushApp: PushTestApp;
  let counter = 0;

  beforeAll(async () => {
    pushApp = await startPushTestApp(driver);
  });
  afterAll(() => pushApp.close());

  async function newUser(timezone: string): Promise<{ user: SignedInUser; subscription: TestSubscription }> {
    const { t, service } = pushApp;
    const user = await signIn(t.app, { name: 'Asha Rao', email: `mealcheck${++counter}@example.com`, timezone });
    const subscription = service.createSubscription();
    const response = await user.request({ method: 'POST', url: '/api/push/subscribe', payload: subscription });
    expect(response.statusCode).toBe(201);
    return { user, subscription };
  }
  const setCheck = async (user: SignedInUser, afterMealCheck: boolean) => {
    const response = await user.request({
      method: 'PUT',
      url: '/api/settings/notifications',
      payload: { afterMealCheck },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().afterMealCheck).toBe(afterMealCheck);
  };
  const logMeal = async (user: SignedInUser, date: string, time: string) => {
    const response = await user.request({
      method: 'POST',
      url: '/api/meals',
      payload: { date, time, meal_type: 'lunch', items: [{ food_id: 'rice', name: 'Rice', portions: 1 }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };
  const checksReceived = (subscription: TestSubscription) =>
    pushApp.service.received
      .filter((message) => message.subscriptionId === subscription.id)
      .map((message) => JSON.parse(message.payload) as ReminderPush)
      .filter((payload) => payload.kind === 'meal_check');
  /** Sets the clock to `at` and runs one dispatcher pass, as the server's loop would. */
  async function dispatchAt(at: Date) {
    const { t, sender } = pushApp;
    t.clock.set(at);
    await createDispatcher({ db: t.database.db, clock: t.clock, sender }).runOnce();
  }
  const checkRows = (userId: string) =>
    pushApp.t.database.db
      .select()
      .from(reminders)
      .where(and(eq(reminders.user_id, userId), eq(reminders.kind, 'meal_check')));

  it('is off by default: a logged meal makes no check and nothing is sent', async () => {
    // 13:10 in Kolkata; lunch at 13:00.
    const start = new Date('2026-07-06T07:40:00Z');
    pushApp.t.clock.set(start);
    const { user, subscription } = await newUser('Asia/Kolkata');
    expect((await user.request({ url: '/api/settings/notifications' })).json().afterMealCheck).toBe(false);
    await logMeal(user, '2026-07-06', '13:00');
    await dispatchAt(new Date('2026-07-06T09:35:00Z'));
    expect(checksReceived(subscription)).toEqual([]);
    expect(await checkRows(user.user.id)).toEqual([]);
  });

  it('on: one push 2 hours after the meal, in the person’s language, never a second', async () => {
    pushApp.t.clock.set(new Date('2026-07-13T07:40:00Z'));
    const { user, subscription } = await newUser('Asia/Kolkata');
    const other = await newUser('Asia/Kolkata');
    await setCheck(user, true);
    const meal = await logMeal(user, '2026-07-13', '13:00');
    await logMeal(other.user, '2026-07-13', '13:00'); // their check is off
    // 14:59 in Kolkata: not yet.
    await dispatchAt(new Date('2026-07-13T09:29:00Z'));
    expect(checksReceived(subscription)).toEqual([]);
    // 15:00: the check.
    await dispatchAt(new Date('2026-07-13T09:30:00Z'));
    const [check, ...more] = checksReceived(subscription);
    expect(more).toEqual([]);
    expect(check!.title).toBe('How is your sugar after your meal?');
    expect(check!.body).toContain('13:00');
    // Later passes and correcting the meal after it was sent make no second one.
    await dispatchAt(new Date('2026-07-13T09:45:00Z'));
    const corrected = await user.request({
      method: 'PUT',
      url: `/api/meals/${meal.id}`,
      payload: { date: '2026-07-13', time: '13:15', meal_type: 'lunch', items: [{ name: 'Rice', portions: 1 }] },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await dispatchAt(new Date('2026-07-13T10:00:00Z'));
    expect(checksReceived(subscription)).toHaveLength(1);
    const rows = await checkRows(user.user.id);
    expect(rows.map((row) => [row.dedupe_key, row.status])).toEqual([[mealCheckKey(meal.id), 'sent']]);
    expect(checksReceived(other.subscription)).toEqual([]);

    // In Hindi for a Hindi user.
    await user.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    pushApp.t.clock.set(new Date('2026-07-13T12:40:00Z'));
    await logMeal(user, '2026-07-13', '18:00');
    await dispatchAt(new Date('2026-07-13T14:31:00Z'));
    expect(checksReceived(subscription).at(-1)!.title).toBe('खाने के बाद आपकी शुगर कितनी है?');
  });

  it('none for a deleted meal, none for a meal logged more than 2 hours late; a moved meal moves its check', async () => {
    pushApp.t.clock.set(new Date('2026-07-20T07:40:00Z'));
    const { user, subscription } = await newUser('Asia/Kolkata');
    await setCheck(user, true);
    const deleted = await logMeal(user, '2026-07-20', '13:00');
    expect(await checkRows(user.user.id)).toHaveLength(1);
    expect((await user.request({ method: 'DELETE', url: `/api/meals/${deleted.id}` })).statusCode).toBe(200);
    expect(await checkRows(user.user.id)).toEqual([]);
    // Breakfast at 10:30 logged at 13:10: its check would have been at 12:30.
    await logMeal(user, '2026-07-20', '10:30');
    expect(await checkRows(user.user.id)).toEqual([]);
    // Lunch at 12:00 logged at 13:10, corrected to 12:45: its check moves to 14:45.
    const moved = await logMeal(user, '2026-07-20', '12:00');
    const response = await user.request({
      method: 'PUT',
      url: `/api/meals/${moved.id}`,
      payload: { date: '2026-07-20', time: '12:45', meal_type: 'lunch', items: [{ name: 'Rice', portions: 1 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await checkRows(user.user.id);
    expect(row!.due_at).toEqual(new Date('2026-07-20T09:15:00Z'));
    await dispatchAt(new Date('2026-07-20T09:10:00Z'));
    expect(checksReceived(subscription)).toEqual([]);
    await dispatchAt(new Date('2026-07-20T09:16:00Z'));
    expect(checksReceived(subscription)).toHaveLength(1);
  });

  it('turned off after the meal was logged: the pending check is skipped, not sent', async () => {
    pushApp.t.clock.set(new Date('2026-07-27T07:40:00Z'));
    const { user, subscription } = await newUser('Asia/Kolkata');
    await setCheck(user, true);
    await logMeal(user, '2026-07-27', '13:00');
    await setCheck(user, false);
    await dispatchAt(new Date('2026-07-27T09:31:00Z'));
    expect(checksReceived(subscription)).toEqual([]);
    const [row] = await checkRows(user.user.id);
    expect([row!.status, row!.detail]).toEqual(['skipped', 'after-meal check off']);
  });

  it('a meal at 00:30 on the night New York springs forward is checked at 03:30 EDT', async () => {
    pushApp.t.clock.set(new Date('2026-03-08T05:40:00Z')); // 00:40 EST
    const { user, subscription } = await newUser(NEW_YORK);
    await setCheck(user, true);
    await logMeal(user, '2026-03-08', '00:30');
    const [row] = await checkRows(user.user.id);
    expect(row!.due_at).toEqual(new Date('2026-03-08T07:30:00Z'));
    await dispatchAt(new Date(row!.due_at.getTime() - MINUTE_MS));
    expect(checksReceived(subscription)).toEqual([]);
    await dispatchAt(row!.due_at);
    expect(checksReceived(subscription)).toHaveLength(1);
  });

  it('a bad switch value → 400 naming the field, nothing stored', async () => {
    const { user } = await newUser('Asia/Kolkata');
    const response = await user.request({
      method: 'PUT',
      url: '/api/settings/notifications',
      payload: { afterMealCheck: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('afterMealCheck');
    expect((await user.request({ url: '/api/settings/notifications' })).json().afterMealCheck).toBe(false);
  });
});
