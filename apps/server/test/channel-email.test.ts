/**
 * The e-mail channel through a real in-process SMTP server (smtp-server), read back with
 * mailparser: text and HTML in the user's language, List-Unsubscribe, failures (decision 050).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmailSender } from '../src/modules/channels/email-sender.ts';
import { buildEmail } from '../src/modules/channels/messages.ts';

const UNSUBSCRIBE = 'https://diacare.example/unsubscribe/AQ-example-token';

describe('e-mail sender over SMTP', () => {
  let server: SMTPServer;
  let port: number;
  const mails: { from: string; to: string[]; mail: ParsedMail }[] = [];
  const logs: object[] = [];
  let rejectRecipient = false;

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'diacare' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo(_address, _session, callback) {
        if (rejectRecipient) {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        } else callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              mail,
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    mails.length = 0;
    logs.length = 0;
    rejectRecipient = false;
  });

  const sender = (password = 's3cret') =>
    createEmailSender({
      url: `smtp://diacare:${password}@127.0.0.1:${port}`,
      from: 'DiaCare <reminders@diacare.example>',
      timeoutMs: 5000,
      logger: { warn: (details) => logs.push(details) },
    });

  it('sends text and HTML in English with a List-Unsubscribe header', async () => {
    const content = buildEmail('refill_reminder', { medicine: 'Metformin', count: '5' }, 'en', UNSUBSCRIBE);
    const email = sender();
    expect(await email.send({ to: 'asha@example.com', ...content, unsubscribeUrl: UNSUBSCRIBE })).toEqual({
      outcome: 'delivered',
    });
    email.close();
    expect(mails).toHaveLength(1);
    const { from, to, mail } = mails[0]!;
    expect(from).toBe('reminders@diacare.example');
    expect(to).toEqual(['asha@example.com']);
    expect(mail.subject).toBe('Refill Metformin soon');
    expect(mail.text).toContain('Only 5 left of Metformin. Time to refill.');
    expect(mail.text).toContain(`Stop these e-mails in one tap: ${UNSUBSCRIBE}`);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('<p>Only 5 left of Metformin. Time to refill.</p>');
    expect(mail.html).toContain(`<a href="${UNSUBSCRIBE}">Stop these e-mails</a>`);
    const listUnsubscribe = mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line;
    expect(listUnsubscribe).toBe(`List-Unsubscribe: <${UNSUBSCRIBE}>`);
    // RFC 8058: mail apps may unsubscribe with one POST to that link.
    const oneClick = mail.headerLines.find((header) => header.key === 'list-unsubscribe-post')?.line;
    expect(oneClick).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('sends Hindi in Hindi, with names as typed and HTML escaped', async () => {
    const content = buildEmail(
      'care_low_glucose',
      { patient: 'Ravi <Kumar>', value: '62 mg/dL', time: '07:30' },
      'hi',
      UNSUBSCRIBE,
    );
    const email = sender();
    expect((await email.send({ to: 'meena@example.com', ...content, unsubscribeUrl: UNSUBSCRIBE })).outcome).toBe(
      'delivered',
    );
    email.close();
    const { mail } = mails[0]!;
    expect(mail.subject).toBe('Ravi <Kumar> ने कम ग्लूकोज़ रीडिंग दर्ज की');
    expect(mail.text).toContain('Ravi <Kumar> ने 07:30 बजे 62 mg/dL की कम ग्लूकोज़ रीडिंग दर्ज की। कृपया उनका हाल पूछें।');
    expect(mail.text).toContain(`ये ईमेल एक टैप में बंद करें: ${UNSUBSCRIBE}`);
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain('Ravi &lt;Kumar&gt;');
    expect(mail.html).not.toContain('<Kumar>');
  });

  it('a refused recipient or bad credentials → failed with a code, and no address in the log', async () => {
    rejectRecipient = true;
    const content = buildEmail(
      'weekly_summary',
      { week: '17–23 Nov', adherence: '92%', readings: '14' },
      'en',
      UNSUBSCRIBE,
    );
    const email = sender();
    expect(await email.send({ to: 'asha@example.com', ...content, unsubscribeUrl: UNSUBSCRIBE })).toEqual({
      outcome: 'failed',
      error: 'smtp 550',
    });
    email.close();
    rejectRecipient = false;
    const wrong = sender('wrong');
    expect(await wrong.send({ to: 'asha@example.com', ...content, unsubscribeUrl: UNSUBSCRIBE })).toEqual({
      outcome: 'failed',
      error: 'smtp 535',
    });
    wrong.close();
    expect(mails).toEqual([]);
    expect(logs).toHaveLength(2);
    expect(JSON.stringify(logs)).not.toMatch(/asha|example\.com|Metformin/);
  });

  it('a server that is not there → failed, without throwing', async () => {
    const email = createEmailSender({ url: 'smtp://127.0.0.1:1', from: 'r@diacare.example', timeoutMs: 2000 });
    const content = buildEmail(
      'dose_reminder',
      { medicine: 'Metformin', dose: '500 mg', time: '09:00' },
      'en',
      UNSUBSCRIBE,
    );
    expect(await email.send({ to: 'asha@example.com', ...content, unsubscribeUrl: UNSUBSCRIBE })).toEqual({
      outcome: 'failed',
      error: 'ESOCKET',
    });
    email.close();
  });

  it('a missing template value is a programming error', () => {
    expect(() => buildEmail('dose_reminder', { medicine: 'Metformin' }, 'en', UNSUBSCRIBE)).toThrow(
      "template dose_reminder: missing value 'dose'",
    );
  });
});
