/**
 * Lab results: one row per result, the value in its test's stored unit
 * (lab-rules.ts). The index leads with the user, then test and date.
 */
import { date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const labResults = pgTable(
  'lab_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** one of LAB_TESTS */
    test: text('test').notNull(),
    /** in the test's stored unit (HbA1c %, lipids mg/dL, creatinine mg/dL, UACR mg/g) */
    value: numeric('value', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lab_results_user_date_idx').on(table.user_id, table.date),
    index('lab_results_user_test_date_idx').on(table.user_id, table.test, table.date),
  ],
);
