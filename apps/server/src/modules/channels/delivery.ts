/**
 * One message to one recipient on every channel the routing table picks; each channel's
 * outcome is returned and recorded in notification_deliveries (decision 050).
 */
import type { Channel, NotificationKind } from '@diacare/contract/channels';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Language } from '../../i18n/index.ts';
import type { Clock } from '../../types.ts';
import type { ReminderMetrics } from '../ops/metrics.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createChannelsRepository } from './channels.repository.ts';
import { createEmailSender, type EmailSender } from './email-sender.ts';
import { buildEmail } from './messages.ts';
import { availableChannels, route, type RecipientRole } from './routing.ts';
import { orderedValues, TEMPLATES, type TemplateName, type TemplateValues } from './templates.ts';
import { loadUnsubscribeKey, signUnsubscribeToken } from './unsubscribe-token.ts';
import { createWhatsAppSender, type WhatsAppSender } from './whatsapp-sender.ts';
import type { VapidEnv } from '../push/vapid.ts';

/** Who gets the message. `email` and `whatsapp` as stored on the user (the profile's phone). */
export interface DeliveryRecipient {
  userId: string;
  language: Language;
  email: string | null;
  whatsapp: string | null;
  /** Whether the user has a push subscription; looked up when omitted. */
  hasPushSubscription?: boolean;
}

/** What the push channel returns; the dispatcher sends pushes with its own sender. */
export interface PushChannelOutcome {
  outcome: 'delivered' | 'failed';
  error?: string;
}

export interface DeliveryRequest {
  recipient: DeliveryRecipient;
  /** Decides the kind (TEMPLATES[template].kind) and the e-mail and WhatsApp texts. */
  template: TemplateName;
  /** Every variable of the template, already formatted for the recipient (times in their zone). */
  values: TemplateValues;
  /** 'patient' (default) for the user's own reminders; 'family' | 'doctor' for care_alert. */
  role?: RecipientRole;
  /** The app's path the message is about (e.g. '/care/patients/…'): an 'Open DiaCare' link in e-mails. */
  openPath?: string;
  /** Sends the push when routing picks push; without it, push is 'skipped'. */
  push?: () => Promise<PushChannelOutcome>;
}

export interface ChannelResult {
  channel: Channel;
  outcome: 'delivered' | 'failed' | 'skipped';
  /** A short code without personal data, e.g. 'smtp 550', 'http 400 code 131026'. */
  error?: string;
  attempts: number;
}

export interface DeliveryResult {
  kind: NotificationKind;
  /** The channels the routing table picked (empty: the user gets nothing). */
  channels: Channel[];
  results: ChannelResult[];
}

export interface ChannelDelivery {
  /** The channels `request` would go out on now, without sending. */
  channelsFor(request: Pick<DeliveryRequest, 'recipient' | 'template' | 'role'>): Promise<Channel[]>;
  /** Sends on every picked channel at once. Never throws for channel errors; records each result. */
  deliver(request: DeliveryRequest): Promise<DeliveryResult>;
  /** Closes the SMTP connections. */
  close(): void;
}

export interface ChannelDeliveryDeps {
  db: Database;
  /** The VAPID keys' settings sign each e-mail's one-click unsubscribe link (unsubscribe-token.ts). */
  env: Pick<Env, 'smtp' | 'whatsapp' | 'appOrigin'> & VapidEnv;
  clock: Clock;
  /** Default: a nodemailer sender from env.smtp (null when not configured). */
  email?: EmailSender | null;
  /** Default: a Cloud API sender from env.whatsapp (null when not configured). */
  whatsapp?: WhatsAppSender | null;
  logger?: { warn(details: object, message: string): void };
  /** Counts e-mail and WhatsApp outcomes in diacare_deliveries_total (push is the dispatcher's). */
  metrics?: Pick<ReminderMetrics, 'deliveries'>;
}

/** Builds the delivery the reminder dispatcher calls (see index.ts). */
export function createChannelDelivery(deps: ChannelDeliveryDeps): ChannelDelivery {
  const repository = createChannelsRepository(deps.db);
  const settings = createSettingsRepository(deps.db);
  const email =
    deps.email !== undefined
      ? deps.email
      : deps.env.smtp && createEmailSender({ ...deps.env.smtp, logger: deps.logger });
  const whatsapp =
    deps.whatsapp !== undefined
      ? deps.whatsapp
      : deps.env.whatsapp && createWhatsAppSender({ ...deps.env.whatsapp, logger: deps.logger });
  // Configured and with a sender: an injected null sender turns a configured channel off.
  const available = new Set(
    [...availableChannels(deps.env)].filter((c) => (c === 'email' ? email : c === 'whatsapp' ? whatsapp : true)),
  );
  let unsubscribeKey: Promise<Buffer> | undefined;
  /** The recipient's one-click link for this kind of e-mail (RFC 8058, decision 078). */
  const unsubscribeUrl = async (userId: string, kind: NotificationKind) => {
    unsubscribeKey ??= loadUnsubscribeKey(deps.db, deps.env).catch((error: unknown) => {
      unsubscribeKey = undefined;
      throw error;
    });
    return `${deps.env.appOrigin}/unsubscribe/${signUnsubscribeToken(await unsubscribeKey, { userId, kind })}`;
  };

  async function channelsFor(request: Pick<DeliveryRequest, 'recipient' | 'template' | 'role'>) {
    const { recipient } = request;
    const kind = TEMPLATES[request.template].kind;
    const [stored, switches, reach] = await Promise.all([
      repository.choices(recipient.userId),
      settings.get(recipient.userId),
      recipient.hasPushSubscription === undefined ? repository.reach(recipient.userId) : null,
    ]);
    return route({
      kind,
      role: request.role ?? 'patient',
      stored: stored[kind],
      switches,
      available,
      reach: {
        pushSubscription: recipient.hasPushSubscription ?? reach?.pushSubscription ?? false,
        email: Boolean(recipient.email),
        whatsappNumber: Boolean(recipient.whatsapp),
      },
    });
  }

  async function sendOne(channel: Channel, request: DeliveryRequest): Promise<ChannelResult> {
    const { recipient, template, values } = request;
    if (channel === 'push') {
      if (!request.push) return { channel, outcome: 'skipped', error: 'no push content', attempts: 0 };
      try {
        const result = await request.push();
        return { channel, ...result, attempts: 1 };
      } catch {
        return { channel, outcome: 'failed', error: 'push error', attempts: 1 };
      }
    }
    if (channel === 'email') {
      const openUrl = request.openPath ? `${deps.env.appOrigin}${request.openPath}` : undefined;
      const unsubscribe = await unsubscribeUrl(recipient.userId, TEMPLATES[template].kind);
      const content = buildEmail(template, values, recipient.language, unsubscribe, openUrl);
      const result = await email!.send({ to: recipient.email!, ...content, unsubscribeUrl: unsubscribe });
      return { channel, ...result, attempts: 1 };
    }
    const result = await whatsapp!.send({
      to: recipient.whatsapp!,
      template,
      language: recipient.language,
      parameters: orderedValues(template, values),
    });
    return result.outcome === 'delivered'
      ? { channel, outcome: 'delivered', attempts: result.attempts }
      : { channel, outcome: 'failed', error: result.error, attempts: result.attempts };
  }

  return {
    channelsFor,
    async deliver(request) {
      orderedValues(request.template, request.values);
      const kind = TEMPLATES[request.template].kind;
      const channels = await channelsFor(request);
      const results = await Promise.all(channels.map((channel) => sendOne(channel, request)));
      for (const r of results) {
        if (r.channel !== 'push') deps.metrics?.deliveries.inc({ channel: r.channel, outcome: r.outcome });
      }
      const at = deps.clock();
      await repository.recordDeliveries(
        results.map((r) => ({
          userId: request.recipient.userId,
          kind,
          channel: r.channel,
          template: request.template,
          outcome: r.outcome,
          error: r.error ?? null,
          attempts: r.attempts,
          at,
        })),
      );
      return { kind, channels, results };
    },
    close() {
      email?.close();
    },
  };
}
