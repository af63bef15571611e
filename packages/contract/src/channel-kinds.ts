/**
 * The kinds of message and the channels (decision 050), without zod, so a screen can list them
 * without loading the schemas.
 */
/** The kinds of message a user can route; care_alert goes to care-circle members. */
export const NOTIFICATION_KINDS = [
  'dose',
  'refill',
  'appointment',
  'care_alert',
  'weekly_summary',
  'meal_check',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const CHANNELS = ['push', 'email', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];
