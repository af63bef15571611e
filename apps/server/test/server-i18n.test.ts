/**
 * Server texts in the user's language (decision 026): the catalogs, API
 * error details, the sign-in pages and reminder pushes, through the real app and database.
 * The doctor report's Hindi is tested in doctor-report-hindi.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { MedicationInput } from '@diacare/contract/medications';
import type { ReminderPush } from '@diacare/contract/push';
import type { Reminder } from '@diacare/contract/reminders';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, languageFromAcceptLanguage, t as translate } from '../src/i18n/index.ts';
import type { PushSender } from '../src/modules/push/push-sender.ts';
import { createDispatcher } from '../src/workers/reminder-dispatcher.ts';
import { DRIVERS, ORIGIN, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';
import type { PushService } from './support/push-service.ts';
import { setLanguage } from './support/requests.ts';

const DEVANAGARI = /[\u0900-\u097F]/;
/** The arguments an ICU message uses: '{count, plural, …}' and '{medicine}' → count, medicine. */
const argumentsOf = (message: string) => new Set([...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]));

describe('server catalogs', () => {
  it('Hindi has every English message, with the same arguments, and every message compiles', () => {
    expect(Object.keys(catalogs.hi).sort()).toEqual(Object.keys(catalogs.en).sort());
    for (const [id, english] of Object.entries(catalogs.en)) {
      const hindi = catalogs.hi[id]!;
      expect(() => compileMessageOrThrow(english), id).not.toThrow();
      expect(() => compileMessageOrThrow(hindi), id).not.toThrow();
      expect(argumentsOf(hindi), id).toEqual(argumentsOf(english));
    }
  });

  it('Hindi messages are written in Devanagari, except the few that are only names', () => {
    const namesOnly = Object.entries(catalogs.hi).filter(([, text]) => !DEVANAGARI.test(text));
    // A cited publication keeps its published (English) title; its section and any words around it are Hindi.
    const titlesOnly = namesOnly.filter(([id]) => /^knowledge\..+\.source$/.test(id));
    for (const [id, text] of titlesOnly) expect(text, id).toBe(catalogs.en[id]);
    expect(titlesOnly.length).toBeLessThan(
      Object.keys(catalogs.en).filter((id) => id.startsWith('knowledge.')).length / 2,
    );
    expect(
      namesOnly
        .filter(([id]) => !id.startsWith('knowledge.'))
        .map(([id]) => id)
        .sort(),
    ).toEqual([
      'assistant.answer.dose_item', // a missed dose's day and time ('20 नव॰  08:00')
      'assistant.answer.dose_item_named', // a missed dose's medicine, day and time ('“Metformin” 2 नव॰  20:00')
      'assistant.lab_name.hba1c', // 'HbA1c'
      'assistant.source.hypo.title', // 'ADA Standards of Care in Diabetes 2025'
      'assistant.source.sulfonylurea.title',
      'export.csv.meal_item', // '{name} × {portions} ({carbs} g)': a food's name, a count and a unit
      'export.fhir.meal_item',
    ]);
  });

  it('plural counts and values are rendered by ICU', () => {
    expect(translate('en', 'push.refill.body', { count: 1 })).toBe('Only 1 pill left. Time to refill.');
    expect(translate('hi', 'push.refill.body', { count: 1 })).toBe('केवल 1 गोली बची है। दोबारा खरीदने का समय है।');
    expect(translate('hi', 'push.refill.body', { count: 7 })).toBe('केवल 7 गोलियाँ बची हैं। दोबारा खरीदने का समय है।');
  });

  it('Accept-Language picks the preferred of en and hi', () => {
    expect(languageFromAcceptLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(languageFromAcceptLanguage('en-GB,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('ta-IN,en;q=0.5,hi;q=0.7')).toBe('hi');
    expect(languageFromAcceptLanguage('fr, de;q=0.5')).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
  });

  it.each([
    ['hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    ['hi', 'hi'],
    ['en-IN,en;q=0.9,hi;q=0.8', 'en'],
    ['en;q=0.5,hi;q=0.9', 'hi'],
    ['hind', null],
    ['*', null],
    ['', null],
  ] as const)('Accept-Language %j → %s (q first, then order; hi* is Hindi)', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

const today = () => new Date().toISOString().slice(0, 10);

describe.each(DRIVERS)('server texts in the user language on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const newUser = async (language: 'en' | 'hi' | null) => {
    const user = await signIn(t.app, {
      name: 'Asha Rao',
      email: `lang${++counter}@example.com`,
      timezone: 'Asia/Kolkata',
    });
    if (language) await setLanguage(user, language);
    return user;
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it("a Hindi user's validation errors name the field and the rule in Hindi; nothing is stored", async () => {
    const hindi = await newUser('hi');
    const response = await hindi.request({
      method: 'POST',
      url: '/api/health/glucose',
      payload: { value: 5, date: today(), time: '08:00' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'ब्लड शुगर: कम से कम 20 mg/dL होना चाहिए' });
    const missing = await hindi.request({ method: 'POST', url: '/api/health/glucose', payload: { date: today() } });
    expect(missing.json().detail).toMatch(/^(ब्लड शुगर|समय): ज़रूरी है$/);
    // A rule that speaks of what is in the field follows the colon whole ('नाम: में …' was broken).
    const blank = await hindi.request({
      method: 'POST',
      url: '/api/medications',
      payload: {
        name: '\u200b\u200b',
        dosage: '500 mg',
        form: 'Tablet',
        schedule: { frequency: 'as-needed', times: [] },
      },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ detail: 'नाम: कम से कम एक दिखने वाला अक्षर होना चाहिए' });
    const list = await hindi.request({ url: '/api/health/glucose' });
    expect(list.json()).toEqual([]);

    const english = await newUser('en');
    const same = await english.request({
      method: 'POST',
      url: '/api/health/glucose',
      payload: { value: 5, date: today(), time: '08:00' },
    });
    expect(same.json()).toEqual({ detail: 'value: must be at least 20 mg/dL' });
  });

  it("the server's own rules (a future date) and 404s speak Hindi too", async () => {
    const hindi = await newUser('hi');
    const future = await hindi.request({
      method: 'POST',
      url: '/api/health/glucose',
      payload: { value: 120, date: '2999-01-01', time: '08:00' },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ detail: 'तारीख: आने वाली तारीख नहीं हो सकती' });
    const gone = await hindi.request({ method: 'DELETE', url: `/api/medications/${randomUUID()}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'दवा नहीं मिली' });
    const appointment = await hindi.request({
      method: 'PATCH',
      url: `/api/appointments/${randomUUID()}`,
      payload: { status: 'completed' },
    });
    expect(appointment.json()).toEqual({ detail: 'अपॉइंटमेंट नहीं मिला' });
  });

  it("the profile's language wins over the browser's; with none chosen, Accept-Language decides", async () => {
    const hindi = await newUser('hi');
    const withEnglishBrowser = await hindi.request({
      method: 'DELETE',
      url: `/api/medications/${randomUUID()}`,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(withEnglishBrowser.json()).toEqual({ detail: 'दवा नहीं मिली' });

    const undecided = await newUser(null);
    const browserHindi = await undecided.request({
      method: 'DELETE',
      url: `/api/medications/${randomUUID()}`,
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    });
    expect(browserHindi.json()).toEqual({ detail: 'दवा नहीं मिली' });
    const browserEnglish = await undecided.request({ method: 'DELETE', url: `/api/medications/${randomUUID()}` });
    expect(browserEnglish.json()).toEqual({ detail: 'Medication not found' });

    const signedOut = await t.app.inject({ url: '/api/users/me', headers: { 'accept-language': 'hi' } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ detail: 'आपने साइन इन नहीं किया है या आपका सेशन खत्म हो गया है' });
    const signedOutEnglish = await t.app.inject({ url: '/api/users/me' });
    expect(signedOutEnglish.json()).toEqual({ detail: 'Not signed in or the session has expired' });
  });

  it('the local sign-in page follows ?lang= or Accept-Language, and keeps the language after a refused form', async () => {
    const redirect = encodeURIComponent(`${ORIGIN}/`);
    const byQuery = await t.app.inject({ url: `/auth/login?redirect=${redirect}&lang=hi` });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.body).toContain('<html lang="hi">');
    expect(byQuery.body).toContain('<h1>लोकल साइन इन</h1>');
    expect(byQuery.body).toContain('<button type="submit">साइन इन करें</button>');
    expect(byQuery.cookies.find((cookie) => cookie.name === 'diacare_lang')).toMatchObject({
      value: 'hi',
      path: '/auth',
    });

    const byHeader = await t.app.inject({
      url: `/auth/login?redirect=${redirect}`,
      headers: { 'accept-language': 'hi-IN' },
    });
    expect(byHeader.body).toContain('<html lang="hi">');
    const english = await t.app.inject({ url: `/auth/login?redirect=${redirect}` });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>Local sign-in</h1>');

    const refused = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: ' ',
        email: 'a@example.com',
        redirect: `${ORIGIN}/`,
        lang: 'hi',
      }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="hi">');
    expect(refused.body).toContain('<div class="error" role="alert">अपना नाम लिखें</div>');
  });
});

function metformin(): MedicationInput {
  return {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    when_to_take: 'After food',
    schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-01-01', end_date: null },
    refill_reminder: { enabled: true, pills_remaining: 8, threshold: 7 },
  };
}

describe.each(DRIVERS)('reminder pushes in the user language on %s', (driver) => {
  let t: TestApp;
  let service: PushService;
  let sender: PushSender;
  let pushApp: PushTestApp;

  beforeAll(async () => {
    pushApp = await startPushTestApp(driver);
    ({ t, service, sender } = pushApp);
  });
  afterAll(() => pushApp.close());

  async function subscribedUser(email: string): Promise<{ user: SignedInUser; subscriptionId: string }> {
    const user = await signIn(t.app, { name: 'Asha Rao', email, timezone: 'Asia/Kolkata' });
    const subscription = service.createSubscription();
    const response = await user.request({ method: 'POST', url: '/api/push/subscribe', payload: subscription });
    expect(response.statusCode).toBe(201);
    return { user, subscriptionId: subscription.id };
  }

  it('a Hindi user gets the dose, refill and appointment pushes in Hindi, medicine names as typed', async () => {
    t.clock.set(new Date('2026-07-01T03:00:00Z')); // 08:30 in Kolkata
    const { user, subscriptionId } = await subscribedUser('push-hi@example.com');
    expect((await user.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } })).statusCode).toBe(
      200,
    );
    const created = await user.request({ method: 'POST', url: '/api/medications', payload: metformin() });
    expect(created.statusCode).toBe(201);
    const booked = await user.request({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        type: 'doctor',
        title: 'HbA1c',
        doctor: 'Dr Mehta',
        location: 'City Clinic',
        date: '2026-07-02',
        time: '09:00',
      },
    });
    expect(booked.statusCode).toBe(201);

    t.clock.set(new Date('2026-07-01T03:30:00Z')); // 09:00 in Kolkata: the dose is due
    await createDispatcher({ db: t.database.db, clock: t.clock, sender }).runOnce();
    const dose: ReminderPush = JSON.parse(
      service.received.find((m) => m.subscriptionId === subscriptionId && JSON.parse(m.payload).kind === 'dose')!
        .payload,
    );
    expect(dose).toMatchObject({
      title: 'Metformin लेने का समय',
      body: '09:00 बजे 500 mg टैबलेट · खाने के बाद',
      actions: { take: 'लें', snooze: '10 मिनट बाद याद दिलाएँ' },
      confirmation: {
        title: 'हो गया!',
        taken: 'Metformin ली गई के रूप में दर्ज',
        queued: 'Metformin ली गई के रूप में दर्ज की गई। सिंक होना बाकी है।',
      },
      // What the worker shows when 'Take' or 'Snooze 10 min' fails.
      failure: {
        take: { title: 'खुराक दर्ज नहीं हो सकी', body: 'Metformin ली गई के रूप में दर्ज करने के लिए DiaCare खोलें।' },
        snooze: { title: 'रिमाइंडर स्नूज़ नहीं हो सका', body: 'अपनी दवाएं देखने के लिए DiaCare खोलें।' },
      },
    });
    // Web Push carries at most 4096 bytes (RFC 8291 record size, less padding and tag): the
    // Hindi texts (3 bytes a letter in UTF-8) must leave room.
    const doseBytes = Buffer.byteLength(
      service.received.find((m) => m.subscriptionId === subscriptionId && JSON.parse(m.payload).kind === 'dose')!
        .payload,
    );
    expect(doseBytes).toBeLessThan(3000);

    // Taking the dose leaves 7 pills: the refill reminder is made in Hindi.
    const taken = await user.request({
      method: 'POST',
      url: '/api/adherence',
      payload: { medication_id: created.json().id, scheduled_time: '09:00', date: '2026-07-01', status: 'taken' },
    });
    expect(taken.statusCode).toBe(200);
    const pending: Reminder[] = (await user.request({ url: '/api/reminders' })).json();
    expect(pending.find((r) => r.kind === 'refill')).toMatchObject({
      title: 'Metformin जल्द दोबारा खरीदें',
      body: 'केवल 7 गोलियाँ बची हैं। दोबारा खरीदने का समय है।',
    });
    // The visit is 24 h away at 09:00: its first reminder went out with the dose.
    const visit: ReminderPush = JSON.parse(
      service.received.find((m) => m.subscriptionId === subscriptionId && JSON.parse(m.payload).kind === 'appointment')!
        .payload,
    );
    expect(visit).toMatchObject({ title: 'कल: HbA1c', body: '09:00 बजे, City Clinic, Dr Mehta के साथ' });
  });

  it('switching to English rewrites every unsent reminder text at once', async () => {
    t.clock.set(new Date('2026-08-01T03:00:00Z'));
    const { user } = await subscribedUser('push-switch@example.com');
    await user.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    const created = await user.request({ method: 'POST', url: '/api/medications', payload: metformin() });
    await user.request({
      method: 'POST',
      url: '/api/appointments',
      payload: { type: 'lab', title: 'Lipid profile', location: 'City Lab', date: '2026-08-03', time: '08:00' },
    });
    await user.request({
      method: 'POST',
      url: '/api/adherence',
      payload: { medication_id: created.json().id, scheduled_time: '09:00', date: '2026-08-01', status: 'taken' },
    });
    const before: Reminder[] = (await user.request({ url: '/api/reminders' })).json();
    expect(before.filter((r) => r.kind !== 'custom').every((r) => DEVANAGARI.test(r.title))).toBe(true);
    expect(new Set(before.map((r) => r.kind))).toEqual(new Set(['dose', 'refill', 'appointment']));

    await user.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'en' } });
    const after: Reminder[] = (await user.request({ url: '/api/reminders' })).json();
    expect(after.length).toBe(before.length);
    expect(after.find((r) => r.kind === 'dose')).toMatchObject({
      title: 'Time to take Metformin',
      body: '500 mg tablet at 09:00 · After food',
    });
    expect(after.find((r) => r.kind === 'refill')).toMatchObject({ title: 'Refill Metformin soon' });
    expect(after.find((r) => r.kind === 'appointment')).toMatchObject({
      title: 'Tomorrow: Lipid profile',
      body: '08:00 at City Lab',
    });
  });
});
