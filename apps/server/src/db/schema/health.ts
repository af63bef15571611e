/**
 * Health readings: blood glucose, blood pressure and body metrics. Each table's
 * index leads with the user and the date, so one user's range query stays fast however
 * many readings other users have.
 */
import { date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const glucoseReadings = pgTable(
  'glucose_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** mg/dL, 20–600 */
    value: integer('value').notNull(),
    meal_context: text('meal_context').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:MM' in the user's zone */
    time: text('time').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('glucose_user_date_idx').on(table.user_id, table.date, table.time)],
);

export const bloodPressureReadings = pgTable(
  'blood_pressure_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** mmHg */
    systolic: integer('systolic').notNull(),
    /** mmHg */
    diastolic: integer('diastolic').notNull(),
    /** beats per minute */
    pulse: integer('pulse'),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bp_user_date_idx').on(table.user_id, table.date, table.time)],
);

export const bodyMetrics = pgTable(
  'body_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** kg, one decimal */
    weight: numeric('weight', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    /** cm, one decimal */
    height: numeric('height', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    /** kg/m², one decimal, computed by the server */
    bmi: numeric('bmi', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('body_metrics_user_date_idx').on(table.user_id, table.date, table.created_at)],
);
