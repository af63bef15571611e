/**
 * GET/PUT /api/settings/notifications: the five
 * preferences with the spec's defaults, stored per user on the server.
 */
import { NOTIFICATION_DEFAULTS } from '@diacare/contract/reminders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';

describe.each(DRIVERS)('notification settings on %s', (driver) => {
  let t: TestApp;
  let userCounter = 0;
  const newUser = () => signIn(t.app, { name: 'Asha Rao', email: `settings${++userCounter}@example.com` });
  const get = async (user: SignedInUser) => (await user.request({ url: '/api/settings/notifications' })).json();
  const put = (user: SignedInUser, payload: unknown) =>
    user.request({ method: 'PUT', url: '/api/settings/notifications', payload });

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('a new user has the spec’s defaults', async () => {
    const asha = await newUser();
    const response = await asha.request({ url: '/api/settings/notifications' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      medicationReminders: true,
      appointmentReminders: true,
      healthTips: false,
      emailNotifications: true,
      pushNotifications: true,
      afterMealCheck: false,
    });
  });

  it('PUT changes only the preferences sent and returns all five', async () => {
    const asha = await newUser();
    const first = await put(asha, { medicationReminders: false });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...NOTIFICATION_DEFAULTS, medicationReminders: false });
    const second = await put(asha, { healthTips: true, pushNotifications: false });
    expect(second.json()).toEqual({
      ...NOTIFICATION_DEFAULTS,
      medicationReminders: false,
      healthTips: true,
      pushNotifications: false,
    });
    expect(await get(asha)).toEqual(second.json());
    // An empty PUT changes nothing.
    expect((await put(asha, {})).json()).toEqual(second.json());
  });

  it.each([
    [{ medicationReminders: 'no' }, 'medicationReminders: must be true or false'],
    [{ pushNotifications: null }, 'pushNotifications: must be true or false'],
    [{ smsNotifications: true }, 'smsNotifications: unknown field'],
  ])('400 for %j and nothing changes', async (payload, detail) => {
    const asha = await newUser();
    await put(asha, { healthTips: true });
    const response = await put(asha, { appointmentReminders: false, ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
    expect(await get(asha)).toEqual({ ...NOTIFICATION_DEFAULTS, healthTips: true });
  });

  it('one user’s preferences do not touch another’s', async () => {
    const asha = await newUser();
    const ben = await newUser();
    await put(asha, { appointmentReminders: false });
    expect(await get(ben)).toEqual(NOTIFICATION_DEFAULTS);
  });
});
