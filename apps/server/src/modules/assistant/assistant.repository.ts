/**
 * SQL for the assistant's conversation, always scoped to the user. Each user keeps the
 * newest ASSISTANT_STORED_LIMIT messages; older ones are deleted as new ones arrive.
 */
import {
  ASSISTANT_STORED_LIMIT,
  type AssistantLink,
  type AssistantMessage,
  type AssistantSource,
} from '@diacare/contract/assistant';
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { assistantMessages } from '../../db/schema.ts';

type Row = typeof assistantMessages.$inferSelect;

const toMessage = (row: Row): AssistantMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  created_at: row.created_at.toISOString(),
  engine: row.engine,
  links: row.links,
  sources: row.sources,
});

export interface NewAssistantMessage {
  role: 'user' | 'assistant';
  content: string;
  engine: string | null;
  links?: AssistantLink[];
  sources?: AssistantSource[];
}

export function createAssistantRepository(db: Database, storedLimit = ASSISTANT_STORED_LIMIT) {
  return {
    /** The user's newest `limit` messages, oldest first. */
    async list(userId: string, limit: number): Promise<AssistantMessage[]> {
      const rows = await db
        .select()
        .from(assistantMessages)
        .where(eq(assistantMessages.user_id, userId))
        .orderBy(desc(assistantMessages.created_at), desc(assistantMessages.id))
        .limit(limit);
      return rows.reverse().map(toMessage);
    },

    /** Saves a message, then deletes the user's messages beyond the newest `storedLimit`. */
    async add(userId: string, message: NewAssistantMessage): Promise<AssistantMessage> {
      const [row] = await db
        .insert(assistantMessages)
        .values({
          user_id: userId,
          links: [],
          sources: [],
          ...message,
          // Strictly after the user's last message, so a question and its answer saved within
          // one clock tick (PGlite's clock is coarse) keep their order; the index serves max().
          created_at: sql`greatest(now(), (select max(${assistantMessages.created_at}) + interval '1 millisecond' from ${assistantMessages} where ${assistantMessages.user_id} = ${userId}))`,
        })
        .returning();
      const keep = db
        .select({ id: assistantMessages.id })
        .from(assistantMessages)
        .where(eq(assistantMessages.user_id, userId))
        .orderBy(desc(assistantMessages.created_at), desc(assistantMessages.id))
        .limit(storedLimit);
      await db
        .delete(assistantMessages)
        .where(and(eq(assistantMessages.user_id, userId), notInArray(assistantMessages.id, keep)));
      return toMessage(row!);
    },

    /** Deletes the user's whole conversation. */
    async clear(userId: string): Promise<void> {
      await db.delete(assistantMessages).where(eq(assistantMessages.user_id, userId));
    },

    /** How many messages the user has stored (tests check the cap). */
    async count(userId: string): Promise<number> {
      const rows = await db
        .select({ id: assistantMessages.id })
        .from(assistantMessages)
        .where(eq(assistantMessages.user_id, userId))
        .orderBy(asc(assistantMessages.created_at));
      return rows.length;
    },
  };
}
