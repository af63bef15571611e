/**
 * Web Push subscriptions and the payload of every reminder push (docs/product.md Push
 * subscription, §7 /api/push/*; docs/architecture.md and push).
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { orRequired } from './common.ts';

/** base64 or base64url text (the browser's PushSubscription.toJSON() gives base64url). */
const base64Key = (bytes: string) =>
  z
    .string()
    .min(1, { error: vmsg('validation.required') })
    .max(200)
    .regex(/^[A-Za-z0-9+/_-]+={0,2}$/, { error: vmsg('validation.push_key', { key: bytes }) });

/**
 * POST /api/push/subscribe. The endpoint must be https on a host in PUSH_SERVICE_HOSTS;
 * the server checks the host (it knows the list). `p256dh` is the 65-byte uncompressed
 * P-256 public key, `auth` the 16-byte secret (RFC 8291).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: orRequired(vmsg('validation.https_url')) }).max(2048),
  keys: z.object({ p256dh: base64Key('p256dh'), auth: base64Key('auth') }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** POST /api/push/unsubscribe. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z
    .string()
    .min(1, { error: vmsg('validation.required') })
    .max(2048),
});

/** GET /api/push/vapid-public-key: base64url of the uncompressed P-256 public key. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/** 'tip': the weekly health tip; 'weekly_summary': the week's adherence and readings (e-mail by default, decision 050). */
export const REMINDER_KINDS = [
  'dose',
  'refill',
  'appointment',
  'custom',
  'tip',
  'weekly_summary',
  'meal_check',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * The JSON body of every reminder push, read by the service worker. `dose` is present on
 * dose reminders (and on a snooze of one): the worker's 'Take' action posts it to
 * /api/adherence, and 'Snooze 10 min' posts { title, body, due_at, snoozed_from: reminder_id }
 * to /api/reminders.
 */
export interface ReminderPush {
  reminder_id: string;
  /**
   * The user the reminder is for. The worker files a 'Take' queued offline under this id and
   * sends it only while this user is signed in.
   */
  user_id: string;
  kind: ReminderKind;
  title: string;
  body: string;
  /** Notification tag: one per dose, so a repeat replaces rather than stacks. */
  tag: string;
  /** Where a click on the notification goes. */
  url: string;
  dose: {
    medication_id: string;
    medication_name: string;
    dosage: string;
    /** YYYY-MM-DD and 'HH:MM' in the user's zone */
    date: string;
    scheduled_time: string;
  } | null;
  /** The labels of the dose actions 'Take' and 'Snooze 10 min' in the user's language. */
  actions?: { take: string; snooze: string };
  /**
   * The confirmation the worker shows after 'Take', in the user's language:
   * `taken` once recorded, `queued` when offline and waiting to be sent.
   */
  confirmation?: { title: string; taken: string; queued: string };
  /**
   * What the worker shows when an action fails, in the user's language: `take` when
   * the server refuses the 'Take' (e.g. the medicine was deleted), `snooze` when 'Snooze 10 min'
   * cannot reach the server. Sent with dose reminders; the worker falls back to its own texts.
   */
  failure?: { take: { title: string; body: string }; snooze: { title: string; body: string } };
}
