/**
 * The notification preferences of docs/product.md with its defaults (stored on the
 * server). Free of zod so the Profile screen can show them while the saved values load.
 */
export const NOTIFICATION_DEFAULTS = {
  medicationReminders: true,
  appointmentReminders: true,
  healthTips: false,
  emailNotifications: true,
  pushNotifications: true,
  /** A push asking for a reading 2 hours after a logged meal (off until turned on, decision 098). */
  afterMealCheck: false,
} as const;
