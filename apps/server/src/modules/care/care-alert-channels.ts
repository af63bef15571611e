/**
 * How a care alert reaches a member (decision 051): the message in the member's language and
 * the channels behind one `deliver(recipient, message)`: Web Push, or every channel the
 * notification routing table picks for a care alert (decision 050).
 */
import { createHash } from 'node:crypto';
import { formatGlucose } from '@diacare/contract/glucose-units';
import { localTime } from '@diacare/contract/dates';
import type { CareAlertKind } from '@diacare/contract/care';
import type { ReminderPush } from '@diacare/contract/push';
import type { Database } from '../../db/client.ts';
import { t, type MessageValues } from '../../i18n/index.ts';
import type { ChannelDelivery, TemplateName } from '../channels/index.ts';
import type { PushSender } from '../push/push-sender.ts';
import { createPushRepository } from '../push/push.repository.ts';
import type { AlertRecipient } from './care-settings.repository.ts';

/** One alert worded for one member. */
export interface CareAlertMessage {
  alert_id: string;
  patient_id: string;
  kind: CareAlertKind;
  /** In the member's language. */
  title: string;
  body: string;
  /** One per alert: a repeat (a retry, a resend after a crash) replaces the notification. */
  tag: string;
  /** The member's view of the patient (a path of the web app). */
  url: string;
  /** The under-54 alert: wake the device. */
  urgent: boolean;
  /** How long the alert is worth delivering late, in seconds. */
  ttl_seconds: number;
  /** The e-mail and WhatsApp template and its values (the same facts as title and body). */
  template: TemplateName;
  values: Record<string, string>;
}

/**
 * A channel's answer for one member: delivered (`via`: the channels that took it, when this one
 * routes to several), failed (with a reason, no personal data), or unavailable to them.
 */
export type DeliveryResult =
  { outcome: 'delivered'; via?: string[] } | { outcome: 'failed'; detail: string } | { outcome: 'unavailable' };

/** A way to reach a member ('push'; 'email' and 'whatsapp' plug in here). Never throws for delivery errors. */
export interface CareAlertChannel {
  readonly name: string;
  deliver(recipient: AlertRecipient, message: CareAlertMessage): Promise<DeliveryResult>;
}

/** What a message is made from: the alert as claimed. */
export interface AlertFactsForText {
  id: string;
  patient_id: string;
  patient_name: string;
  kind: CareAlertKind;
  medication_name: string | null;
  scheduled_time: string | null;
  value: number | null;
  event_at: Date;
  /** The patient's zone: times are the patient's wall clock. */
  timezone: string;
}

const HOUR_S = 3600;

/** The alert worded for `recipient` (their language and glucose unit), with tag, url and TTL. */
export function buildAlertMessage(alert: AlertFactsForText, recipient: AlertRecipient): CareAlertMessage {
  const language = recipient.language;
  const patient = alert.patient_name;
  const values: MessageValues =
    alert.kind === 'missed_dose'
      ? { patient, medicine: alert.medication_name ?? '', time: alert.scheduled_time ?? '' }
      : {
          patient,
          value: formatGlucose(alert.value ?? 0, recipient.glucose_unit),
          time: localTime(alert.event_at, alert.timezone),
        };
  const urgent = alert.kind === 'urgent_low_glucose';
  return {
    template: alert.kind === 'missed_dose' ? 'care_missed_dose' : 'care_low_glucose',
    values: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])),
    alert_id: alert.id,
    patient_id: alert.patient_id,
    kind: alert.kind,
    title: t(language, `care_alert.${alert.kind}.title`, values),
    body: t(language, `care_alert.${alert.kind}.body`, values),
    tag: `care-alert-${alert.id}`,
    url: `/care/patients/${alert.patient_id}`,
    urgent,
    ttl_seconds: urgent ? HOUR_S : 6 * HOUR_S,
  };
}

/** Longest failure text kept (the push service's status and reason). */
const DETAIL_MAX = 200;

/**
 * Web Push to every subscription of the member, through the server's PushSender. A gone
 * subscription is removed; delivered when one took it, unavailable when the member has none.
 */
export function createPushAlertChannel({ db, sender }: { db: Database; sender: PushSender }): CareAlertChannel {
  const subscriptions = createPushRepository(db);
  return {
    name: 'push',
    async deliver(recipient, message) {
      const targets = await subscriptions.forUsers([recipient.user_id]);
      if (targets.length === 0) return { outcome: 'unavailable' };
      // The service worker shows a ReminderPush: no dose, so no Take/Snooze actions.
      const payload: ReminderPush = {
        reminder_id: message.alert_id,
        user_id: recipient.user_id,
        kind: 'custom',
        title: message.title,
        body: message.body,
        tag: message.tag,
        url: message.url,
        dose: null,
      };
      const topic = createHash('sha256').update(message.tag).digest('base64url').slice(0, 32);
      const options = { ttlSeconds: message.ttl_seconds, topic, urgency: message.urgent ? 'high' : 'normal' } as const;
      const results = await Promise.all(targets.map((target) => sender.send(target, JSON.stringify(payload), options)));
      let failure: string | null = null;
      let delivered = false;
      for (const [index, result] of results.entries()) {
        if (result.outcome === 'delivered') delivered = true;
        else if (result.outcome === 'gone') await subscriptions.removeById(targets[index]!.id);
        else failure = result.error.slice(0, DETAIL_MAX);
      }
      if (delivered) return { outcome: 'delivered' };
      return failure ? { outcome: 'failed', detail: failure } : { outcome: 'unavailable' };
    },
  };
}

/**
 * Every channel the routing table picks for the member's care alerts (push through `push`,
 * e-mail, WhatsApp), each result recorded by `channels` in notification_deliveries. Delivered
 * when any channel took it; unavailable when none was picked; else failed, naming the channels.
 */
export function createRoutedAlertChannel({
  channels,
  push,
}: {
  channels: ChannelDelivery;
  push: CareAlertChannel;
}): CareAlertChannel {
  return {
    name: 'routed',
    async deliver(recipient, message) {
      const { results } = await channels.deliver({
        recipient: {
          userId: recipient.user_id,
          language: recipient.language,
          email: recipient.email,
          whatsapp: recipient.whatsapp,
        },
        template: message.template,
        values: message.values,
        role: recipient.role,
        openPath: message.url,
        push: async () => {
          const result = await push.deliver(recipient, message);
          if (result.outcome === 'delivered') return { outcome: 'delivered' };
          return { outcome: 'failed', error: result.outcome === 'failed' ? result.detail : 'no subscription' };
        },
      });
      // Which channels took it: the patient's Home names them per member (decision 076).
      const via = results.filter((result) => result.outcome === 'delivered').map((result) => result.channel);
      if (via.length) return { outcome: 'delivered', via };
      const failed = results.filter((result) => result.outcome === 'failed');
      if (failed.length === 0) return { outcome: 'unavailable' };
      return { outcome: 'failed', detail: failed.map((r) => `${r.channel}: ${r.error ?? 'failed'}`).join('; ') };
    },
  };
}
