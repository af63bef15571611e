/**
 * Care alerts through the notification routing table (decisions 050, 051): a family member is
 * told on every channel available to them — push, e-mail, WhatsApp — in their language; a
 * doctor who turned alerts on gets only the channels they chose.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChannelDelivery, createWhatsAppSender, type ChannelDelivery } from '../src/modules/channels/index.ts';
import { createPushAlertChannel, createRoutedAlertChannel } from '../src/modules/care/care-alert-channels.ts';
import { SQL_DRIVERS } from './helpers.ts';
import { addMedication, alertsTo, escalation, makeCircle } from './support/care-alerts.ts';
import { startChannelStandIns, type ChannelStandIns } from './support/channel-stand-ins.ts';
import { startPushTestApp, type PushTestApp } from './support/push-app.ts';

describe.each(SQL_DRIVERS)('care alerts on every channel on %s', (driver) => {
  let push: PushTestApp;
  let stands: ChannelStandIns;
  let channels: ChannelDelivery;
  let day = 0;

  beforeAll(async () => {
    push = await startPushTestApp(driver);
    stands = await startChannelStandIns();
    const whatsapp = createWhatsAppSender({
      token: 'token',
      phoneNumberId: '42',
      apiUrl: stands.whatsappApiUrl,
      sleep: async () => {},
    });
    channels = createChannelDelivery({ db: push.t.database.db, env: stands.env, clock: push.t.clock, whatsapp });
  });
  afterAll(async () => {
    channels.close();
    await stands.close();
    await push.close();
  });
  beforeEach(() => stands.reset());

  const routed = () =>
    escalation(push, {
      channels: [
        createRoutedAlertChannel({
          channels,
          push: createPushAlertChannel({ db: push.t.database.db, sender: push.sender }),
        }),
      ],
    });

  /** A circle, the son's WhatsApp number, and a 09:00 (Kolkata) dose left untaken past its alert. */
  async function missedDose(language: 'en' | 'hi' = 'en') {
    const date = new Date(Date.UTC(2026, 8, 1 + ++day * 3)).toISOString().slice(0, 10);
    push.t.clock.set(new Date(`${date}T03:00:00Z`));
    const circle = await makeCircle(push, language);
    const phone = await circle.son.request({ method: 'PUT', url: '/api/users/me', payload: { phone: '9876543210' } });
    expect(phone.statusCode).toBe(200);
    await addMedication(circle.patient);
    push.t.clock.set(new Date(`${date}T04:31:00Z`));
    return circle;
  }

  it('the son is told by push, e-mail and WhatsApp at once; the doctor, alerts off, by nothing', async () => {
    const circle = await missedDose();
    await routed().runOnce();
    expect(alertsTo(push, circle.sonPush)).toHaveLength(1);
    expect(stands.mails.map((mail) => JSON.stringify(mail.to))).toEqual([
      expect.stringContaining(circle.son.user.email!),
    ]);
    expect(stands.mails[0]!.text).toContain('Asha Rao');
    expect(stands.mails[0]!.text).toContain('Metformin');
    // An 'Open DiaCare' link to the member's view of the patient.
    expect(stands.mails[0]!.text).toContain(`https://diacare.example/care/patients/${circle.patient.user.id}`);
    expect(stands.whatsapp).toHaveLength(1);
    expect(stands.whatsapp[0]).toMatchObject({
      to: '+919876543210',
      template: { name: 'care_missed_dose', language: { code: 'en' } },
    });
    expect(stands.whatsapp[0]!.template.components[0]!.parameters.map((p) => p.text)).toEqual([
      'Asha Rao',
      'Metformin',
      '09:00',
    ]);
    expect(alertsTo(push, circle.doctorPush)).toEqual([]);
    const own = (await circle.patient.request({ url: '/api/care/alerts' })).json();
    expect(own[0]).toMatchObject({ kind: 'missed_dose', status: 'sent' });
  });

  it('in the member’s language: a Hindi son gets the Hindi template and e-mail', async () => {
    await missedDose('hi');
    await routed().runOnce();
    expect(stands.whatsapp[0]!.template.language.code).toBe('hi');
    expect(stands.mails[0]!.subject).toMatch(/[\u0900-\u097F]/);
  });

  it('a member who turned e-mail off for care alerts gets push and WhatsApp only', async () => {
    const circle = await missedDose();
    const off = await circle.son.request({
      method: 'PUT',
      url: '/api/notifications/channels',
      payload: { care_alert: { email: false } },
    });
    expect(off.statusCode).toBe(200);
    await routed().runOnce();
    expect(stands.mails).toEqual([]);
    expect(stands.whatsapp).toHaveLength(1);
    expect(alertsTo(push, circle.sonPush)).toHaveLength(1);
  });
});
