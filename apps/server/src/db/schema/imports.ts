/**
 * Sensor and meter imports (decision 046): a batch per uploaded file, its
 * parsed readings staged until commit, and the committed sensor readings, unique on
 * (user, source, device, instant) so an overlapping export adds nothing twice.
 */
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'libreview' | 'dexcom' */
    format: text('format').notNull(),
    /** 'preview' until committed */
    status: text('status').notNull().default('preview'),
    /** readings the commit adds (preview) or added (committed) */
    readings: integer('readings').notNull().default(0),
    /** readings of the file already stored */
    duplicates: integer('duplicates').notNull().default(0),
    from_at: timestamp('from_at', { withTimezone: true }),
    to_at: timestamp('to_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committed_at: timestamp('committed_at', { withTimezone: true }),
  },
  (table) => [index('import_batches_user_idx').on(table.user_id, table.created_at)],
);

/** A preview's readings, kept only until the batch is committed or discarded. */
export const importStagedReadings = pgTable(
  'import_staged_readings',
  {
    batch_id: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device_serial: text('device_serial').notNull(),
    measured_at: timestamp('measured_at', { withTimezone: true }).notNull(),
    /** mg/dL */
    value: integer('value').notNull(),
    flag: text('flag'),
    kind: text('kind').notNull(),
    dst_ambiguous: boolean('dst_ambiguous').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.batch_id, table.device_serial, table.measured_at] })],
);

/** Committed sensor and meter readings; never a source of alerts or reminders. */
export const sensorReadings = pgTable(
  'sensor_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batch_id: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    /** the file's format: 'libreview' | 'dexcom' */
    source: text('source').notNull(),
    device_serial: text('device_serial').notNull(),
    measured_at: timestamp('measured_at', { withTimezone: true }).notNull(),
    /** the local calendar date and 'HH:MM' in the user's zone at import */
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    /** mg/dL; a Low/High at the device's limit */
    value: integer('value').notNull(),
    /** 'low' | 'high' when the device reported out of range */
    flag: text('flag'),
    /** 'cgm' | 'scan' | 'strip' */
    kind: text('kind').notNull(),
    dst_ambiguous: boolean('dst_ambiguous').notNull().default(false),
  },
  (table) => [
    uniqueIndex('sensor_readings_dedup_idx').on(table.user_id, table.source, table.device_serial, table.measured_at),
    index('sensor_readings_user_date_idx').on(table.user_id, table.date, table.time),
    index('sensor_readings_batch_idx').on(table.batch_id),
  ],
);
