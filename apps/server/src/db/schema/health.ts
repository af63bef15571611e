/**
 * Health readings: blood glucose, blood pressure and body metrics. Each table's
 * index leads with the user and the date, so one user's range query stays fast however
 * many readings other users have.
 */
import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Each person's glucose readings counted per day, manual and sensor together (decision 086), for
 * the patient list of a doctor following many: kept by statement triggers on glucose_readings
 * and sensor_readings (migration 0024), never written by the app. Bands in mg/dL as
 * SUMMARY_BANDS: under 54, under 70, 70–180.
 */
export const glucoseDailyCounts = pgTable(
  'glucose_daily_counts',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The readings' own date, YYYY-MM-DD in the user's zone. */
    date: date('date', { mode: 'string' }).notNull(),
    readings: integer('readings').notNull(),
    /** Σ mg/dL and Σ (mg/dL)², for the mean and the standard deviation. */
    value_sum: bigint('value_sum', { mode: 'number' }).notNull(),
    value_square_sum: bigint('value_square_sum', { mode: 'number' }).notNull(),
    below_54: integer('below_54').notNull(),
    below_70: integer('below_70').notNull(),
    in_range: integer('in_range').notNull(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.date] })],
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
