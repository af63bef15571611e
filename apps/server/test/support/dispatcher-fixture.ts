/**
 * The reminder dispatcher's test bench: a push test app (the real database, a local push
 * service that decrypts every payload), users with subscriptions, medications and a day per test.
 */
import type { MedicationInput } from '@diacare/contract/medications';
import type { Reminder } from '@diacare/contract/reminders';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PushSender } from '../../src/modules/push/push-sender.ts';
import { createDispatcher } from '../../src/workers/reminder-dispatcher.ts';
import { signIn, type SignedInUser, type TestApp } from '../helpers.ts';
import { startPushTestApp, type PushTestApp } from './push-app.ts';
import type { PushService, TestSubscription } from './push-service.ts';

export const KOLKATA = 'Asia/Kolkata';

/** Daily Metformin at `times` (Kolkata: 09:00 is 03:30Z), started well before the tests. */
export function metformin(times = ['09:00'], name = 'Metformin'): MedicationInput {
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

/**
 * Registers the bench's beforeAll/afterAll in the calling describe block and returns it: `t`,
 * `service` and `sender` once started; users get e-mails starting with `emailPrefix`.
 */
export function dispatcherFixture(driver: Parameters<typeof startPushTestApp>[0], emailPrefix: string) {
  let pushApp: PushTestApp;
  let userCounter = 0;
  /** Days apart per test, so one test's doses are never due in another's. */
  let day = 0;
  const extraSenders: PushSender[] = [];

  beforeAll(async () => {
    // One attempt per message: the retry test drives retries through the dispatcher.
    pushApp = await startPushTestApp(driver);
  });
  afterAll(async () => {
    await Promise.all(extraSenders.map((s) => s.close()));
    await pushApp.close();
  });

  const fixture = {
    get t(): TestApp {
      return pushApp.t;
    },
    get service(): PushService {
      return pushApp.service;
    },
    get sender(): PushSender {
      return pushApp.sender;
    },
    /** Senders a test made; closed after the tests. */
    extraSenders,
    /** Sets the clock to `time` (UTC, 'HH:MM:SS') on a day of this test's own. */
    startDay(): (time: string) => Date {
      const date = new Date(Date.UTC(2026, 5, 1 + ++day * 3));
      const at = (time: string) => new Date(`${date.toISOString().slice(0, 10)}T${time}Z`);
      return (time) => {
        pushApp.t.clock.set(at(time));
        return at(time);
      };
    },
    dispatcher: (overrides: Partial<Parameters<typeof createDispatcher>[0]> = {}) =>
      createDispatcher({ db: pushApp.t.database.db, clock: pushApp.t.clock, sender: pushApp.sender, ...overrides }),
    async newUser(subscriptions = 1): Promise<{ user: SignedInUser; subscriptions: TestSubscription[] }> {
      const user = await signIn(pushApp.t.app, {
        name: 'Asha Rao',
        email: `${emailPrefix}${++userCounter}@example.com`,
        timezone: KOLKATA,
      });
      const created = Array.from({ length: subscriptions }, () => pushApp.service.createSubscription());
      for (const subscription of created) {
        const response = await user.request({ method: 'POST', url: '/api/push/subscribe', payload: subscription });
        expect(response.statusCode).toBe(201);
      }
      return { user, subscriptions: created };
    },
    async addMedication(user: SignedInUser, payload = metformin()): Promise<{ id: string }> {
      const response = await user.request({ method: 'POST', url: '/api/medications', payload });
      expect(response.statusCode).toBe(201);
      return response.json();
    },
    receivedBy: (subscription: TestSubscription) =>
      pushApp.service.received.filter((message) => message.subscriptionId === subscription.id),
    allReminders: async (user: SignedInUser): Promise<Reminder[]> =>
      (await user.request({ url: '/api/reminders?include_sent=true' })).json(),
  };
  return fixture;
}
