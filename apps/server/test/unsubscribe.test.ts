/**
 * One-click unsubscribe (RFC 8058, decision 078): every e-mail carries a signed link for its
 * person and kind; the mail app's POST (no session, no Origin) stops that kind of e-mail, a GET
 * only asks, a tampered link changes nothing, and the token never reaches the log.
 */
import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { createPushAlertChannel, createRoutedAlertChannel } from '../src/modules/care/care-alert-channels.ts';
import { createChannelDelivery, createWhatsAppSender, type ChannelDelivery } from '../src/modules/channels/index.ts';
import { loadUnsubscribeKey, signUnsubscribeToken } from '../src/modules/channels/unsubscribe-token.ts';
import { createPushSender } from '../src/modules/push/push-sender.ts';
import { loadVapidKeys } from '../src/modules/push/vapid.ts';
import { DRIVERS, ORIGIN, createTestApp, type SignedInUser } from './helpers.ts';
import { addMedication, escalation, makeCircle, type Circle } from './support/care-alerts.ts';
import { startChannelStandIns, type ChannelStandIns } from './support/channel-stand-ins.ts';
import { startPushService } from './support/push-service.ts';
import type { PushTestApp } from './support/push-app.ts';

/** The List-* header lines of a received e-mail, as sent. */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

describe.each(DRIVERS)('one-click unsubscribe on %s', (driver) => {
  let push: PushTestApp;
  let stands: ChannelStandIns;
  let channels: ChannelDelivery;
  const lines: string[] = [];
  const allRoutes: { method: string; url: string; anyOrigin: boolean }[] = [];
  let day = 0;

  beforeAll(async () => {
    const service = await startPushService();
    const t = await createTestApp(driver, {
      env: { PUSH_SERVICE_HOSTS: new URL(service.origin).host },
      // The production logger configuration, at its most talkative level, writing to memory.
      logger: {
        ...(loggerOptions('trace') as Record<string, unknown>),
        stream: { write: (line: string) => lines.push(line) },
      },
      onRoute: (route) => {
        for (const method of [route.method].flat())
          allRoutes.push({ method, url: route.url, anyOrigin: route.anyOrigin });
      },
    });
    const sender = createPushSender({
      vapid: await loadVapidKeys(t.database.db, parseEnv({ NODE_ENV: 'test' })),
      maxAttempts: 1,
    });
    push = {
      t,
      service,
      sender,
      async close() {
        await sender.close();
        await t.close();
        await service.close();
      },
    };
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
    await push.close();
  });
  beforeEach(() => stands.reset());

  const alertsRun = () =>
    escalation(push, {
      channels: [
        createRoutedAlertChannel({
          channels,
          push: createPushAlertChannel({ db: push.t.database.db, sender: push.sender }),
        }),
      ],
    }).runOnce();

  /** Moves the clock to a new day's 09:00 dose (Kolkata) left untaken past its alert. */
  const missTodaysDose = async () => {
    const date = new Date(Date.UTC(2026, 8, 1 + ++day * 3)).toISOString().slice(0, 10);
    push.t.clock.set(new Date(`${date}T04:31:00Z`));
  };
  /** A circle whose patient takes Metformin at 09:00, made a day before the first missed dose. */
  async function circleWithDose(): Promise<Circle> {
    const date = new Date(Date.UTC(2026, 8, 1 + (day + 1) * 3)).toISOString().slice(0, 10);
    push.t.clock.set(new Date(`${date}T03:00:00Z`));
    const circle = await makeCircle(push);
    await addMedication(circle.patient);
    return circle;
  }
  const emailChoice = async (user: SignedInUser, kind: string) =>
    (await user.request({ url: '/api/notifications/channels' })).json().choices[kind].email as boolean;
  const tokenOf = (mail: ParsedMail) => {
    const link = header(mail, 'List-Unsubscribe')!;
    const match = /^<https:\/\/diacare\.example\/unsubscribe\/([A-Za-z0-9_-]+)>$/.exec(link);
    expect(match, link).not.toBeNull();
    return match![1]!;
  };
  const onlyTheLink = (token: string) => ({ url: `/unsubscribe/${token}` });

  it("an alert e-mail's one-click POST, with no session and no Origin, stops the next alert e-mail to that member", async () => {
    const circle = await circleWithDose();
    await missTodaysDose();
    await alertsRun();
    expect(stands.mails).toHaveLength(1);
    const mail = stands.mails[0]!;
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const token = tokenOf(mail);
    // The body's footer offers the same link.
    expect(mail.text).toContain(`https://diacare.example/unsubscribe/${token}`);

    const posted = await push.t.app.inject({
      method: 'POST',
      ...onlyTheLink(token),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['content-type']).toMatch(/^text\/html/);
    expect(posted.body).toContain('E-mails stopped');
    expect(posted.body).toContain('Profile → Notifications');
    expect(await emailChoice(circle.son, 'care_alert')).toBe(false);
    // Only that kind: his other e-mails are as they were.
    expect(await emailChoice(circle.son, 'refill')).toBe(true);

    stands.reset();
    await missTodaysDose();
    await alertsRun();
    expect(stands.mails).toEqual([]);
    // He is still told on his other channels.
    expect(stands.whatsapp.length + push.service.received.length).toBeGreaterThan(0);

    // The token never reached the log; the requests did, by their redacted path.
    const text = lines.join('');
    expect(text).toContain('"path":"/unsubscribe/:redacted"');
    expect(text).not.toContain(token);
  });

  it('a GET (a link scanner, or the person opening the link) only asks, in their language, and changes nothing', async () => {
    const circle = await circleWithDose();
    const hindi = await circle.son.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    expect(hindi.statusCode).toBe(200);
    await missTodaysDose();
    await alertsRun();
    const token = tokenOf(stands.mails[0]!);
    for (const method of ['GET', 'HEAD'] as const) {
      const opened = await push.t.app.inject({ method, ...onlyTheLink(token) });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['cache-control']).toBe('no-store');
      expect(opened.headers['referrer-policy']).toBe('no-referrer');
    }
    const page = (await push.t.app.inject(onlyTheLink(token))).body;
    expect(page).toContain('<html lang="hi">');
    expect(page).toContain('देखभाल समूह के अलर्ट के ईमेल बंद करें?');
    expect(page).toContain(`<form method="post" action="/unsubscribe/${token}">`);
    expect(page).toContain('प्रोफ़ाइल → सूचनाएं');
    expect(await emailChoice(circle.son, 'care_alert')).toBe(true);

    // The page's button posts from the app's own origin; afterwards the page says it is stopped.
    const button = await push.t.app.inject({
      method: 'POST',
      ...onlyTheLink(token),
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(button.statusCode).toBe(200);
    expect(await emailChoice(circle.son, 'care_alert')).toBe(false);
    expect((await push.t.app.inject(onlyTheLink(token))).body).toContain('ये ईमेल पहले से बंद हैं');
  });

  it("a mail provider's multipart POST works too, for any kind of e-mail (RFC 8058 §3.1)", async () => {
    const circle = await circleWithDose();
    const key = await loadUnsubscribeKey(push.t.database.db, parseEnv({ NODE_ENV: 'test' }));
    const token = signUnsubscribeToken(key, { userId: circle.patient.user.id, kind: 'weekly_summary' });
    const boundary = 'diacare-boundary';
    const posted = await push.t.app.inject({
      method: 'POST',
      ...onlyTheLink(token),
      headers: { origin: 'https://mail.example', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(posted.statusCode).toBe(200);
    expect(await emailChoice(circle.patient, 'weekly_summary')).toBe(false);
    expect(await emailChoice(circle.patient, 'appointment')).toBe(true);
  });

  it('a tampered, cut or foreign token is refused with a page (400), an unknown person with 404, never a 500; nothing changes', async () => {
    const circle = await circleWithDose();
    const key = await loadUnsubscribeKey(push.t.database.db, parseEnv({ NODE_ENV: 'test' }));
    const token = signUnsubscribeToken(key, { userId: circle.son.user.id, kind: 'care_alert' });
    const flipped = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    const otherKey = signUnsubscribeToken(Buffer.alloc(32, 7), { userId: circle.son.user.id, kind: 'care_alert' });
    for (const bad of [flipped, token.slice(0, -1), `${token}A`, otherKey, 'not-a-token', '%00', 'a'.repeat(90)]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await push.t.app.inject({
          method,
          url: `/unsubscribe/${bad}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
        });
        expect(response.statusCode, `${method} ${bad}`).toBe(400);
        expect(response.body).toContain('This link does not work');
      }
    }
    // Longer than any path parameter the router takes: refused before the route, still no 500.
    expect((await push.t.app.inject({ url: `/unsubscribe/${'a'.repeat(300)}` })).statusCode).toBe(414);
    const stranger = signUnsubscribeToken(key, { userId: randomUUID(), kind: 'care_alert' });
    const gone = await push.t.app.inject({ method: 'POST', url: `/unsubscribe/${stranger}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^text\/html/);
    expect(await emailChoice(circle.son, 'care_alert')).toBe(true);
  });

  it('the same-origin rule is lifted for exactly this route: other posts without an Origin are still refused', async () => {
    expect(allRoutes.filter((route) => route.anyOrigin).map((route) => `${route.method} ${route.url}`)).toEqual([
      'POST /unsubscribe/:token',
    ]);
    const circle = await circleWithDose();
    const put = await push.t.app.inject({
      method: 'PUT',
      url: '/api/notifications/channels',
      headers: { cookie: circle.son.cookie, 'content-type': 'application/json' },
      payload: { care_alert: { email: false } },
    });
    expect(put.statusCode).toBe(403);
    expect(await emailChoice(circle.son, 'care_alert')).toBe(true);
  });
});
