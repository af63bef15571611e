import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, signIn, type TestApp } from './helpers.ts';

describe.each(DRIVERS)('sign-in on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('a new user signs in locally and reads their profile', async () => {
    const asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha@example.com', timezone: 'Asia/Kolkata' });
    const me = await asha.request({ url: '/api/users/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com', diabetes_type: 'Type 2' });
  });
});
