/** Doctor and lab appointments. */
import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['doctor', 'lab'] }).notNull(),
    title: text('title').notNull(),
    doctor: text('doctor'),
    location: text('location').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: ['upcoming', 'completed', 'cancelled'] })
      .notNull()
      .default('upcoming'),
    /** date + time in the user's zone when booked: orders the list and drives reminders. */
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('appointments_user_starts_idx').on(table.user_id, table.starts_at)],
);
