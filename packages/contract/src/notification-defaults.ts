/**
 * The five notification preferences of docs/product.md with its defaults (stored on the
 * server). Free of zod so the Profile screen can show them while the saved values load.
 */
export const NOTIFICATION_DEFAULTS = {
  medicationReminders: true,
  appointmentReminders: true,
  healthTips: false,
  emailNotifications: true,
  pushNotifications: true,
} as const;
