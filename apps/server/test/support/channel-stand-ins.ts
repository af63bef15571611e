/**
 * The e-mail and WhatsApp channels' stand-ins for the reminder tests: an in-process SMTP server
 * that parses each message, and a local Cloud API whose answers a test queues (decision 050).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { parseEnv, type Env } from '../../src/config/env.ts';

/** A WhatsApp message as the stand-in received it. */
export interface WhatsAppBody {
  to: string;
  template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
}

export interface ChannelStandIns {
  mails: ParsedMail[];
  whatsapp: WhatsAppBody[];
  /** HTTP statuses for the next WhatsApp requests, in order; 200 once empty. */
  whatsappStatuses: number[];
  /** A server env with SMTP_URL, MAIL_FROM and WHATSAPP_* pointing at the stand-ins. */
  env: Env;
  whatsappApiUrl: string;
  /** Forgets the received messages and queued statuses. */
  reset(): void;
  close(): Promise<void>;
}

/** Starts both stand-ins on free local ports. */
export async function startChannelStandIns(): Promise<ChannelStandIns> {
  const mails: ParsedMail[] = [];
  const whatsapp: WhatsAppBody[] = [];
  const whatsappStatuses: number[] = [];
  const smtp = new SMTPServer({
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
  const api: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const status = whatsappStatuses.shift() ?? 200;
      if (status === 200) whatsapp.push(JSON.parse(text));
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 200 ? '{"messages":[{"id":"wamid.1"}]}' : '{"error":{"code":131000}}');
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const whatsappApiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v21.0`;
  const env = parseEnv({
    NODE_ENV: 'test',
    APP_ORIGIN: 'https://diacare.example',
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    MAIL_FROM: 'DiaCare <reminders@diacare.example>',
    WHATSAPP_TOKEN: 'token',
    WHATSAPP_PHONE_NUMBER_ID: '42',
    WHATSAPP_API_URL: whatsappApiUrl,
  });
  return {
    mails,
    whatsapp,
    whatsappStatuses,
    env,
    whatsappApiUrl,
    reset() {
      mails.length = 0;
      whatsapp.length = 0;
      whatsappStatuses.length = 0;
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => api.close(() => resolve()));
    },
  };
}
