/**
 * Reminders and notification settings (docs/product.md Reminder, Notification settings; §7
 * /api/reminders*, /api/settings/notifications).
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { listLimitSchema, orRequired } from './common.ts';
import { REMINDER_KINDS } from './push.ts';

export const REMINDER_STATUSES = ['pending', 'sent', 'skipped', 'missed', 'failed'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

/** The most a reminder of the user's own may lie ahead. */
export const MAX_REMINDER_LEAD_DAYS = 366;

/**
 * POST /api/reminders: the user's own reminder at `due_at` (ISO 8601 instant with offset),
 * not in the past. `snoozed_from` names one of the user's reminders being snoozed (the
 * service worker's 'Snooze 10 min'): the new one keeps its dose, so it is skipped if the
 * dose is taken meanwhile and its 'Take' still works.
 */
export const reminderInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: vmsg('validation.required') })
    .max(120, { error: vmsg('validation.max_chars', { max: 120 }) }),
  body: z
    .string()
    .trim()
    .max(500, { error: vmsg('validation.max_chars', { max: 500 }) })
    .default(''),
  due_at: z.iso.datetime({ offset: true, error: orRequired(vmsg('validation.date_time')) }),
  snoozed_from: z.uuid({ error: vmsg('validation.uuid') }).optional(),
});
export type ReminderInput = z.input<typeof reminderInputSchema>;

/** GET /api/reminders query: unsent only unless include_sent=true. */
export const reminderListQuerySchema = z.object({
  include_sent: z.enum(['true', 'false'], { error: vmsg('validation.boolean') }).optional(),
  /** The soonest `limit` reminders (capped). */
  limit: listLimitSchema,
});

export const reminderSchema = z.object({
  id: z.uuid(),
  kind: z.enum(REMINDER_KINDS),
  title: z.string(),
  body: z.string(),
  /** ISO 8601 instant */
  due_at: z.string(),
  /** docs/product.md: the reminder's sent flag */
  sent: z.boolean(),
  sent_at: z.string().nullable(),
  status: z.enum(REMINDER_STATUSES),
  medication_id: z.uuid().nullable(),
  appointment_id: z.uuid().nullable(),
  /** Dose reminders: the dose's date (YYYY-MM-DD) and time ('HH:MM') in the user's zone. */
  dose_date: z.string().nullable(),
  scheduled_time: z.string().nullable(),
});
export type Reminder = z.infer<typeof reminderSchema>;

/** The five preferences of docs/product.md with its defaults (notification-defaults.ts). */
export { NOTIFICATION_DEFAULTS } from './notification-defaults.ts';

export const notificationSettingsSchema = z.object({
  medicationReminders: z.boolean({ error: vmsg('validation.boolean') }),
  appointmentReminders: z.boolean({ error: vmsg('validation.boolean') }),
  healthTips: z.boolean({ error: vmsg('validation.boolean') }),
  emailNotifications: z.boolean({ error: vmsg('validation.boolean') }),
  pushNotifications: z.boolean({ error: vmsg('validation.boolean') }),
  /** 2 hours after a logged meal, a push asking for a glucose reading (decision 098). */
  afterMealCheck: z.boolean({ error: vmsg('validation.boolean') }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/settings/notifications: any subset; the rest keep their stored values. */
export const notificationSettingsUpdateSchema = notificationSettingsSchema.partial().strict();
