/**
 * Web Push: the browsers' push subscriptions and
 * the server's generated VAPID key pair.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * One browser's push subscription. Keyed by endpoint: the same
 * browser subscribing again, or another user signing in on it, updates the row.
 * `p256dh` and `auth` are stored as received (base64 or base64url).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_id_idx').on(table.user_id),
  ],
);

/**
 * The VAPID key pair generated when none is configured. One row (id = 1): every server
 * instance inserts its candidate with ON CONFLICT DO NOTHING and then reads the winner.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey(),
    /** base64url, uncompressed P-256 point (65 bytes) */
    public_key: text('public_key').notNull(),
    /** base64url, 32-byte P-256 private scalar */
    private_key: text('private_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('vapid_keys_single_row', sql`${table.id} = 1`)],
);
