/**
 * The e-mail channel: one nodemailer SMTP transport from SMTP_URL, From MAIL_FROM (decision 050).
 * Logs carry the outcome and an error code only, never the address or the message.
 */
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';

const require = createRequire(import.meta.url);

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Sent as List-Unsubscribe (RFC 2369) with List-Unsubscribe-Post (RFC 8058): an https link that
   * stops these e-mails with one POST, no sign-in (decision 078).
   */
  unsubscribeUrl: string;
}

/** `error` is a short code ('EENVELOPE', 'smtp 550'), free of addresses. */
export type EmailResult = { outcome: 'delivered' } | { outcome: 'failed'; error: string };

export interface EmailSender {
  /** Sends one e-mail. Never throws for SMTP or network errors. */
  send(message: EmailMessage): Promise<EmailResult>;
  close(): void;
}

/** An error code without personal data: the SMTP reply code or nodemailer's code. */
function errorCode(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return `smtp ${responseCode}`;
  return typeof code === 'string' ? code : 'error';
}

/**
 * A sender over SMTP at `url` (smtp://user:pass@host:587, smtps://… for implicit TLS) sending as
 * `from`. `timeoutMs` bounds connecting and each SMTP step.
 */
export function createEmailSender(options: {
  url: string;
  from: string;
  timeoutMs?: number;
  logger?: { warn(details: object, message: string): void };
}): EmailSender {
  const timeout = options.timeoutMs ?? 15_000;
  // nodemailer loads only where SMTP_URL is set (it held about 3 MB of the idle heap, decision 080).
  const nodemailer = require('nodemailer') as typeof Nodemailer;
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          list: { unsubscribe: message.unsubscribeUrl },
          // The link takes a POST of 'List-Unsubscribe=One-Click': mail apps offer one-tap unsubscribe.
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        return { outcome: 'delivered' };
      } catch (error) {
        const code = errorCode(error);
        options.logger?.warn({ channel: 'email', error: code }, 'e-mail not delivered');
        return { outcome: 'failed', error: code };
      }
    },
    close() {
      transport.close();
    },
  };
}
