/**
 * Meals (decision 088): a meal at a local date and time with its items (JSON: food id or
 * free text, portions, carbohydrate), and at most one photo per meal, kept in the database
 * (decision 090) so it dies with the meal and the account and goes into every backup.
 */
import { customType, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** One stored item of a meal; carbs_g is for all its portions, g, one decimal, or null. */
export interface StoredMealItem {
  food_id: string | null;
  name: string;
  portions: number;
  carbs_g: number | null;
}

/** PostgreSQL bytea as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const meals = pgTable(
  'meals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:MM' in the user's zone */
    time: text('time').notNull(),
    /** one of MEAL_TYPES */
    meal_type: text('meal_type').notNull(),
    items: jsonb('items').$type<StoredMealItem[]>().notNull(),
    /** the items' carbohydrate summed, g, whole; null when no item has a figure */
    carbs_g: integer('carbs_g'),
    note: text('note').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('meals_user_date_idx').on(table.user_id, table.date, table.time)],
);

/** A meal's photo: WebP, metadata removed, at most MEAL_PHOTO_MAX_SIDE px a side. */
export const mealPhotos = pgTable('meal_photos', {
  meal_id: uuid('meal_id')
    .primaryKey()
    .references(() => meals.id, { onDelete: 'cascade' }),
  user_id: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  content_type: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
