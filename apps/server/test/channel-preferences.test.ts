/**
 * GET/PUT /api/notifications/channels through the real server and database: defaults,
 * availability per server settings and per user, stored choices, 400s (decision 050).
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';

const CONFIGURED = {
  SMTP_URL: 'smtp://diacare:secret@127.0.0.1:2525',
  MAIL_FROM: 'DiaCare <reminders@diacare.example>',
  WHATSAPP_TOKEN: 'token',
  WHATSAPP_PHONE_NUMBER_ID: '1234567890',
  WHATSAPP_API_URL: 'http://127.0.0.1:9/v21.0',
};

function subscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe.each(DRIVERS)('notification channels API on %s', (driver) => {
  let bare: TestApp;
  let full: TestApp;
  let counter = 0;
  const newUser = (t: TestApp, name = 'Asha Rao') => signIn(t.app, { name, email: `channels${++counter}@example.com` });
  const get = async (user: SignedInUser) => {
    const response = await user.request({ url: '/api/notifications/channels' });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const put = (user: SignedInUser, payload: unknown) =>
    user.request({ method: 'PUT', url: '/api/notifications/channels', payload });

  beforeAll(async () => {
    bare = await createTestApp(driver);
    full = await createTestApp(driver, { env: CONFIGURED });
  });
  afterAll(async () => {
    await bare.close();
    await full.close();
  });

  it('without SMTP or WhatsApp settings, both are unavailable (not configured), and defaults are shown', async () => {
    const asha = await newUser(bare);
    expect(await get(asha)).toEqual({
      channels: {
        push: { available: false, reason: 'no_subscription' },
        email: { available: false, reason: 'not_configured' },
        whatsapp: { available: false, reason: 'not_configured' },
      },
      choices: {
        dose: { push: true, email: false, whatsapp: false },
        refill: { push: true, email: true, whatsapp: false },
        appointment: { push: true, email: true, whatsapp: false },
        care_alert: { push: true, email: true, whatsapp: true },
        weekly_summary: { push: false, email: true, whatsapp: false },
        meal_check: { push: true, email: false, whatsapp: false },
      },
    });
  });

  it('configured: e-mail is available with the sign-in address; push after subscribing; WhatsApp after a number', async () => {
    const asha = await newUser(full);
    expect((await get(asha)).channels).toEqual({
      push: { available: false, reason: 'no_subscription' },
      email: { available: true, reason: null },
      whatsapp: { available: false, reason: 'no_whatsapp_number' },
    });
    expect(
      (await asha.request({ method: 'POST', url: '/api/push/subscribe', payload: subscription() })).statusCode,
    ).toBe(201);
    expect(
      (await asha.request({ method: 'PUT', url: '/api/users/me', payload: { phone: '9876543210' } })).statusCode,
    ).toBe(200);
    expect((await get(asha)).channels).toEqual({
      push: { available: true, reason: null },
      email: { available: true, reason: null },
      whatsapp: { available: true, reason: null },
    });
    // Email Notifications off: e-mail is switched off, for every kind.
    await asha.request({ method: 'PUT', url: '/api/settings/notifications', payload: { emailNotifications: false } });
    expect((await get(asha)).channels.email).toEqual({ available: false, reason: 'switched_off' });
  });

  it('PUT stores the choices sent, returns all, and keeps the rest', async () => {
    const asha = await newUser(full);
    const first = await put(asha, { dose: { whatsapp: true, push: false }, weekly_summary: { email: false } });
    expect(first.statusCode).toBe(200);
    expect(first.json().choices).toMatchObject({
      dose: { push: false, email: false, whatsapp: true },
      refill: { push: true, email: true, whatsapp: false },
      weekly_summary: { push: false, email: false, whatsapp: false },
    });
    const second = await put(asha, { dose: { push: true } });
    expect(second.json().choices.dose).toEqual({ push: true, email: false, whatsapp: true });
    expect(await get(asha)).toEqual(second.json());
    expect((await put(asha, {})).json()).toEqual(second.json());
  });

  it('a doctor member sees care alerts off until they turn one on', async () => {
    const patient = await newUser(full, 'Meena Iyer');
    const doctor = await newUser(full, 'Dr Mehta');
    const invitation = (
      await patient.request({ method: 'POST', url: '/api/care/invitations', payload: { role: 'doctor' } })
    ).json();
    expect(
      (await doctor.request({ method: 'POST', url: `/api/care/invitations/${invitation.token}/accept` })).statusCode,
    ).toBeLessThan(300);
    expect((await get(doctor)).choices.care_alert).toEqual({ push: false, email: false, whatsapp: false });
    expect((await put(doctor, { care_alert: { email: true } })).json().choices.care_alert).toEqual({
      push: false,
      email: true,
      whatsapp: false,
    });
  });

  it.each([
    [{ dose: { push: 'yes' } }, 'dose.push: must be true or false'],
    [{ dose: { sms: true } }, 'dose.sms: unknown field'],
    [{ tips: { push: true } }, 'tips: unknown field'],
    [{ dose: { push: null } }, 'dose.push: must be true or false'],
    [{ dose: true }, 'dose'],
  ])('400 for %j, naming the field, and nothing changes', async (payload, detail) => {
    const asha = await newUser(full);
    await put(asha, { refill: { email: false } });
    const before = await get(asha);
    const response = await put(asha, { appointment: { whatsapp: true }, ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(detail);
    expect(await get(asha)).toEqual(before);
  });

  it('needs a session', async () => {
    expect((await full.app.inject({ url: '/api/notifications/channels' })).statusCode).toBe(401);
  });
});
