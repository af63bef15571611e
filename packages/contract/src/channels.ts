/**
 * Notification channels: which of push, e-mail and WhatsApp each kind of message uses, per
 * user (GET/PUT /api/notifications/channels). Decision 050.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';

export { CHANNELS, NOTIFICATION_KINDS, type Channel, type NotificationKind } from './channel-kinds.ts';

/**
 * Why a channel cannot be used now. `not_configured`: the server has no settings for it;
 * `switched_off`: the user's Push or Email Notifications switch is off; the others: the user
 * lacks what it needs (a push subscription, an e-mail address, a WhatsApp number).
 */
export const CHANNEL_UNAVAILABLE_REASONS = [
  'not_configured',
  'switched_off',
  'no_subscription',
  'no_email',
  'no_whatsapp_number',
] as const;
export type ChannelUnavailableReason = (typeof CHANNEL_UNAVAILABLE_REASONS)[number];

export const channelStatusSchema = z.object({
  available: z.boolean(),
  /** null when available. */
  reason: z.enum(CHANNEL_UNAVAILABLE_REASONS).nullable(),
});
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

const perChannel = <T extends z.ZodType>(value: T) => z.object({ push: value, email: value, whatsapp: value });

/**
 * GET /api/notifications/channels. `choices`: the user's choice per kind and channel (their
 * own or the default); a channel is used only when chosen and available, so the screen shows
 * an unavailable channel as off.
 */
export const channelPreferencesSchema = z.object({
  channels: perChannel(channelStatusSchema),
  choices: z.object({
    dose: perChannel(z.boolean()),
    refill: perChannel(z.boolean()),
    appointment: perChannel(z.boolean()),
    care_alert: perChannel(z.boolean()),
    weekly_summary: perChannel(z.boolean()),
    meal_check: perChannel(z.boolean()),
  }),
});
export type ChannelPreferences = z.infer<typeof channelPreferencesSchema>;

const choiceUpdate = z
  .strictObject({
    push: z.boolean({ error: vmsg('validation.boolean') }).optional(),
    email: z.boolean({ error: vmsg('validation.boolean') }).optional(),
    whatsapp: z.boolean({ error: vmsg('validation.boolean') }).optional(),
  })
  .optional();

/** PUT /api/notifications/channels: any kinds and channels, e.g. { "dose": { "email": true } }. */
export const channelPreferencesUpdateSchema = z.strictObject({
  dose: choiceUpdate,
  refill: choiceUpdate,
  appointment: choiceUpdate,
  care_alert: choiceUpdate,
  weekly_summary: choiceUpdate,
  meal_check: choiceUpdate,
});
export type ChannelPreferencesUpdate = z.infer<typeof channelPreferencesUpdateSchema>;
