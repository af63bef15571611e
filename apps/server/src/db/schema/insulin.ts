/**
 * Insulin doses: units of one insulin type at a local date and time,
 * optionally of one of the user's medicines. The index leads with the user and the date.
 */
import { date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { medications } from './medications.ts';

export const insulinDoses = pgTable(
  'insulin_doses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** international units (U), 0.5–100 in steps of 0.5 */
    units: numeric('units', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    /** one of INSULIN_TYPES */
    insulin_type: text('insulin_type').notNull(),
    /** Medicines are archived, not deleted (decision 004); a deleted row leaves the dose standing. */
    medication_id: uuid('medication_id').references(() => medications.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:MM' in the user's zone */
    time: text('time').notNull(),
    meal_context: text('meal_context'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('insulin_doses_user_date_idx').on(table.user_id, table.date, table.time)],
);
