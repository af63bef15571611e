/**
 * Reminders and notification settings (docs/product.md, Rules;
 * docs/architecture.md, Reminders and background work). See modules/reminders for how rows are made and sent.
 */
import { REMINDER_KINDS } from '@diacare/contract/push';
import { NOTIFICATION_DEFAULTS, REMINDER_STATUSES } from '@diacare/contract/reminders';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { users } from './auth.ts';
import { medications } from './medications.ts';

/**
 * One notification to push at `due_at`.
 * - `status`: 'pending' until the dispatcher settles it as 'sent' (delivered to at least one
 *   subscription, or channel when e-mail/WhatsApp are configured, decision 050), 'skipped'
 *   (dose taken, preference off, no subscription or channel, dismissed),
 *   'missed' (found after `expires_at`) or 'failed' (every attempt failed).
 * - `dedupe_key` makes materialising twice harmless: 'dose:<medication>:<date>:<time>',
 *   'refill:<medication>', 'appointment:<id>:24h' / ':1h', 'custom:<uuid>',
 *   'weekly_summary:<user>:<Sunday>' (decision 050), 'meal_check:<meal>' (decision 098).
 * - `claimed_until`/`claim_token`: a dispatcher's lease; an expired lease may be re-claimed.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    medication_id: uuid('medication_id').references(() => medications.id, { onDelete: 'cascade' }),
    appointment_id: uuid('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    /** Dose reminders (and snoozes of one): the dose's date and 'HH:MM' in the user's zone. */
    dose_date: date('dose_date', { mode: 'string' }),
    scheduled_time: text('scheduled_time'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    /** End of the window in which sending still makes sense; later it is recorded 'missed'. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    dedupe_key: text('dedupe_key').notNull(),
    /** The reminder this one snoozes (POST /api/reminders with snoozed_from). */
    snoozed_from: uuid('snoozed_from'),
    status: text('status', { enum: REMINDER_STATUSES }).notNull().default('pending'),
    /** docs/product.md Reminder's sent flag: true once pushed to at least one subscription. */
    sent: boolean('sent').notNull().default(false),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** Claims so far (each claim is one send attempt). */
    attempts: integer('attempts').notNull().default(0),
    /** Subscriptions the push (plus e-mails/WhatsApp messages) reached / failed to reach, summed over attempts. */
    deliveries: integer('deliveries').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    /** Why it was skipped or failed (no personal data): 'dose taken', 'push off', … */
    detail: text('detail'),
    /** Set by DELETE /api/reminders/{id} on a materialised reminder, so it is not re-made. */
    dismissed_at: timestamp('dismissed_at', { withTimezone: true }),
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    claim_token: uuid('claim_token'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reminders_dedupe_key').on(table.dedupe_key),
    // The dispatcher's scan: only rows still to send, in due order.
    index('reminders_pending_due_idx')
      .on(table.due_at)
      .where(sql`${table.status} = 'pending'`),
    // Retention: settled rows by due time, so pruning reads only what it deletes.
    index('reminders_settled_due_idx')
      .on(table.due_at)
      .where(sql`${table.status} <> 'pending'`),
    index('reminders_user_due_idx').on(table.user_id, table.due_at),
    index('reminders_medication_idx').on(table.medication_id, table.due_at),
    // Only appointment reminders carry one; dose rows (nearly all) write no entry here, neither
    // when made nor when their outcome is recorded (decision 014, "Third profile").
    index('reminders_appointment_idx')
      .on(table.appointment_id)
      .where(sql`${table.appointment_id} IS NOT NULL`),
  ],
);

/** The five preferences of docs/product.md, stored per user; defaults as in docs/product.md. */
export const notificationSettings = pgTable('notification_settings', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  medication_reminders: boolean('medication_reminders').notNull().default(NOTIFICATION_DEFAULTS.medicationReminders),
  appointment_reminders: boolean('appointment_reminders').notNull().default(NOTIFICATION_DEFAULTS.appointmentReminders),
  health_tips: boolean('health_tips').notNull().default(NOTIFICATION_DEFAULTS.healthTips),
  email_notifications: boolean('email_notifications').notNull().default(NOTIFICATION_DEFAULTS.emailNotifications),
  push_notifications: boolean('push_notifications').notNull().default(NOTIFICATION_DEFAULTS.pushNotifications),
  after_meal_check: boolean('after_meal_check').notNull().default(NOTIFICATION_DEFAULTS.afterMealCheck),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
