/**
 * The assistant's conversation: one row per message, capped per user by the
 * repository. Links and sources are small JSON arrays shown under an answer.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** The engine's display name; null for the user's messages. */
    engine: text('engine'),
    links: jsonb('links').$type<{ label: string; href: string }[]>().notNull().default([]),
    sources: jsonb('sources').$type<{ title: string; section: string }[]>().notNull().default([]),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('assistant_messages_user_created_idx').on(table.user_id, table.created_at)],
);
