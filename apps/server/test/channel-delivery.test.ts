/**
 * createChannelDelivery end to end: the routing table picks the channels, e-mail goes through
 * a real SMTP server, WhatsApp to a local Cloud API stand-in, and every outcome lands in
 * notification_deliveries (decision 050).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { createChannelsRepository } from '../src/modules/channels/channels.repository.ts';
import { createChannelDelivery, type ChannelDelivery, type DeliveryRecipient } from '../src/modules/channels/index.ts';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';

describe.each(DRIVERS)('channel delivery on %s', (driver) => {
  let t: TestApp;
  let smtp: SMTPServer;
  let whatsappApi: Server;
  const mails: ParsedMail[] = [];
  const whatsappBodies: { to: string; template: { name: string; language: { code: string } } }[] = [];
  let whatsappStatus = 200;
  let delivery: ChannelDelivery;
  let unconfigured: ChannelDelivery;
  let counter = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          mails.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    whatsappApi = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        whatsappBodies.push(JSON.parse(text));
        response.writeHead(whatsappStatus, { 'content-type': 'application/json' });
        response.end(whatsappStatus === 200 ? '{"messages":[{"id":"wamid.1"}]}' : '{"error":{"code":131030}}');
      });
    });
    await new Promise<void>((resolve) => whatsappApi.listen(0, '127.0.0.1', resolve));
    t = await createTestApp(driver);
    const env = parseEnv({
      NODE_ENV: 'test',
      APP_ORIGIN: 'https://diacare.example',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      MAIL_FROM: 'DiaCare <reminders@diacare.example>',
      WHATSAPP_TOKEN: 'token',
      WHATSAPP_PHONE_NUMBER_ID: '42',
      WHATSAPP_API_URL: `http://127.0.0.1:${(whatsappApi.address() as AddressInfo).port}/v21.0`,
    });
    delivery = createChannelDelivery({ db: t.database.db, env, clock: t.clock, metrics: t.metrics });
    unconfigured = createChannelDelivery({ db: t.database.db, env: parseEnv({ NODE_ENV: 'test' }), clock: t.clock });
  });
  afterAll(async () => {
    delivery.close();
    unconfigured.close();
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => whatsappApi.close(() => resolve()));
  });
  beforeEach(() => {
    mails.length = 0;
    whatsappBodies.length = 0;
    whatsappStatus = 200;
  });

  const newUser = async (): Promise<{ user: SignedInUser; recipient: DeliveryRecipient }> => {
    const email = `delivery${++counter}@example.com`;
    const user = await signIn(t.app, { name: 'Asha Rao', email });
    return {
      user,
      recipient: { userId: user.user.id, language: 'en', email, whatsapp: '9876543210', hasPushSubscription: true },
    };
  };
  const audit = (userId: string) => createChannelsRepository(t.database.db).deliveries(userId);

  it('a patient’s refill: push by the dispatcher’s callback and an e-mail; both audited', async () => {
    const { recipient } = await newUser();
    let pushes = 0;
    const result = await delivery.deliver({
      recipient,
      template: 'refill_reminder',
      values: { medicine: 'Metformin', count: '5' },
      push: async () => {
        pushes++;
        return { outcome: 'delivered' };
      },
    });
    expect(result).toEqual({
      kind: 'refill',
      channels: ['push', 'email'],
      results: [
        { channel: 'push', outcome: 'delivered', attempts: 1 },
        { channel: 'email', outcome: 'delivered', attempts: 1 },
      ],
    });
    expect(pushes).toBe(1);
    expect(mails.map((mail) => mail.subject)).toEqual(['Refill Metformin soon']);
    // The footer and List-Unsubscribe hold the one-click link for this person's refill e-mails.
    expect(mails[0]!.text).toMatch(/https:\/\/diacare\.example\/unsubscribe\/[A-Za-z0-9_-]{46}\n/);
    expect(whatsappBodies).toEqual([]);
    const rows = await audit(recipient.userId);
    expect(rows.map((row) => [row.channel, row.outcome, row.template]).sort()).toEqual([
      ['email', 'delivered', 'refill_reminder'],
      ['push', 'delivered', 'refill_reminder'],
    ]);
  });

  it('a family member’s care alert in Hindi: push, e-mail and WhatsApp', async () => {
    const { recipient } = await newUser();
    const result = await delivery.deliver({
      recipient: { ...recipient, language: 'hi' },
      template: 'care_missed_dose',
      values: { patient: 'Ravi', medicine: 'Metformin', time: '09:00' },
      role: 'family',
      push: async () => ({ outcome: 'delivered' }),
    });
    expect(result.channels).toEqual(['push', 'email', 'whatsapp']);
    expect(result.results.every((r) => r.outcome === 'delivered')).toBe(true);
    expect(mails[0]!.subject).toBe('Ravi से शायद एक खुराक छूट गई');
    const counted = (await t.metrics.deliveries.get()).values;
    expect(counted.find((v) => v.labels.channel === 'whatsapp' && v.labels.outcome === 'delivered')?.value).toBe(1);
    expect(whatsappBodies).toMatchObject([
      { to: '+919876543210', template: { name: 'care_missed_dose', language: { code: 'hi' } } },
    ]);
    // A doctor gets none by default.
    expect(
      (
        await delivery.deliver({
          recipient,
          template: 'care_low_glucose',
          values: { patient: 'Ravi', value: '62 mg/dL', time: '07:30' },
          role: 'doctor',
        })
      ).channels,
    ).toEqual([]);
  });

  it('a refused WhatsApp message is failed and audited with its code, not the number', async () => {
    const { user, recipient } = await newUser();
    await user.request({ method: 'PUT', url: '/api/notifications/channels', payload: { dose: { whatsapp: true } } });
    whatsappStatus = 400;
    const result = await delivery.deliver({
      recipient,
      template: 'dose_reminder',
      values: { medicine: 'Metformin', dose: '500 mg', time: '09:00' },
    });
    expect(result.results).toEqual([
      { channel: 'push', outcome: 'skipped', error: 'no push content', attempts: 0 },
      { channel: 'whatsapp', outcome: 'failed', error: 'http 400 code 131030', attempts: 1 },
    ]);
    const rows = await audit(recipient.userId);
    expect(rows.find((row) => row.channel === 'whatsapp')).toMatchObject({
      outcome: 'failed',
      error: 'http 400 code 131030',
    });
    expect(JSON.stringify(rows)).not.toContain('9876543210');
  });

  it('without SMTP or WhatsApp settings only push is used, whatever the user chose', async () => {
    const { user, recipient } = await newUser();
    await user.request({
      method: 'PUT',
      url: '/api/notifications/channels',
      payload: { weekly_summary: { email: true, whatsapp: true } },
    });
    const result = await unconfigured.deliver({
      recipient,
      template: 'weekly_summary',
      values: { week: '17–23 Nov', adherence: '92%', readings: '14' },
    });
    expect(result.channels).toEqual([]);
    const alert = await unconfigured.channelsFor({ recipient, template: 'care_low_glucose', role: 'family' });
    expect(alert).toEqual(['push']);
    expect(mails).toEqual([]);
    expect(whatsappBodies).toEqual([]);
  });

  it('a missing template value throws before anything is sent', async () => {
    const { recipient } = await newUser();
    await expect(
      delivery.deliver({ recipient, template: 'appointment_reminder', values: { title: 'HbA1c', time: '09:00' } }),
    ).rejects.toThrow("missing value 'location'");
    expect(await audit(recipient.userId)).toEqual([]);
  });
});
