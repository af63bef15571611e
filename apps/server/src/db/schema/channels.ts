/**
 * Notification channels (decision 050): the user's choice per kind and channel, and every
 * e-mail or WhatsApp delivery attempt for the audit.
 */
import { CHANNELS, NOTIFICATION_KINDS } from '@diacare/contract/channels';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A user's own choice for one kind × channel; without a row the routing default applies. */
export const notificationChannelChoices = pgTable(
  'notification_channel_choices',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    enabled: boolean('enabled').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.kind, table.channel] })],
);

/**
 * One delivery on one channel: outcome and a short error code, never the address, number or
 * message text.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    template: text('template'),
    outcome: text('outcome', { enum: ['delivered', 'failed', 'skipped'] }).notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('notification_deliveries_user_at_idx').on(table.user_id, table.at)],
);
