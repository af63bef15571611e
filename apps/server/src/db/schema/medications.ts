/** Medications and the adherence record of each dose. */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const medications = pgTable(
  'medications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    dosage: text('dosage').notNull(),
    form: text('form').notNull(),
    instructions: text('instructions').notNull().default(''),
    color: text('color').notNull(),
    when_to_take: text('when_to_take'),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'as-needed'] }).notNull(),
    /** 'HH:MM' in the user's zone, sorted ascending, no duplicates. */
    times: text('times').array().notNull(),
    /** ISO weekdays for weekly schedules; empty means the start date's weekday. */
    weekdays: integer('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }),
    refill_enabled: boolean('refill_enabled').notNull().default(false),
    pills_remaining: integer('pills_remaining').notNull().default(30),
    refill_threshold: integer('refill_threshold').notNull().default(7),
    /** An 'Injection' marked as insulin: its type (INSULIN_TYPES; decision 047); null otherwise. */
    insulin_type: text('insulin_type'),
    /** Set on delete: the medication leaves every list but its adherence stays for reports. */
    archived_at: timestamp('archived_at', { withTimezone: true }),
    /**
     * The materialiser's horizon (decision 014): every dose reminder due before this instant
     * has been made; null until the first materialisation. A pass only reads medications whose
     * horizon runs out soon, and a schedule or time-zone change resets it.
     */
    reminders_until: timestamp('reminders_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('medications_user_id_idx').on(table.user_id, table.created_at),
    // The materialiser's scan: active scheduled medications by horizon (nulls: never made).
    index('medications_reminders_until_idx')
      .on(table.reminders_until)
      .where(sql`${table.archived_at} is null and ${table.frequency} <> 'as-needed'`),
  ],
);

export const adherenceRecords = pgTable(
  'adherence_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    medication_id: uuid('medication_id')
      .notNull()
      .references(() => medications.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    scheduled_time: text('scheduled_time').notNull(),
    taken_time: text('taken_time'),
    status: text('status', { enum: ['taken', 'pending', 'skipped', 'missed'] }).notNull(),
    /**
     * True while this dose holds a pill taken off the medication's count. A dose taken at
     * 0 pills left takes none, so undoing it gives none back (decision 005).
     */
    pill_used: boolean('pill_used').notNull().default(false),
    /**
     * The care-circle member who last recorded this dose on the patient's behalf ('mark as
     * taken'; decision 048); null when the patient recorded it (or the member's account is gone).
     */
    recorded_by: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A dose has at most one record: taking it twice counts once.
    uniqueIndex('adherence_dose_key').on(table.medication_id, table.date, table.scheduled_time),
    index('adherence_user_date_idx').on(table.user_id, table.date),
    // Deleting a member's account clears their name from the doses they marked: found by this.
    index('adherence_recorded_by_idx')
      .on(table.recorded_by)
      .where(sql`${table.recorded_by} is not null`),
  ],
);
