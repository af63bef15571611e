/**
 * Exactly-once writes (decision 022): the first answer to each write the
 * client sent with an `Idempotency-Key`, per user, so a repeat returns it instead of running
 * again. A row with `status` null is a request still in progress.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's `Idempotency-Key` header (a UUID). */
    key: uuid('key').notNull(),
    method: text('method').notNull(),
    /** The request path without its query string. */
    path: text('path').notNull(),
    /** SHA-256 (hex) of the query string and the JSON body: a key reused for another request is refused. */
    request_hash: text('request_hash').notNull(),
    /** The first answer's status; null while that request is in progress. */
    status: integer('status'),
    content_type: text('content_type'),
    response_body: text('response_body'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.created_at),
  ],
);
