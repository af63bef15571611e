/** SQL for push subscriptions, scoped to the user. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions, vapidKeys } from '../../db/schema.ts';
import type { PushTarget } from './push-sender.ts';

export interface StoredSubscription extends PushTarget {
  id: string;
  user_id: string;
}

export function createPushRepository(db: Database) {
  return {
    /**
     * Stores the subscription for `userId`, keyed by endpoint: subscribing again updates the
     * keys. An endpoint that belongs to another user is left untouched (decision 013:
     * whoever knows an endpoint must not take over its reminders). Keys are base64url.
     * @returns false when the endpoint belongs to another user (nothing changed).
     */
    async upsert(userId: string, target: PushTarget, now: Date): Promise<boolean> {
      const values = { user_id: userId, p256dh: target.keys.p256dh, auth: target.keys.auth, updated_at: now };
      const stored = await db
        .insert(pushSubscriptions)
        .values({ endpoint: target.endpoint, ...values, created_at: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: values,
          setWhere: eq(pushSubscriptions.user_id, userId),
        })
        .returning({ id: pushSubscriptions.id });
      return stored.length === 1;
    },

    /** Deletes the user's subscription with this endpoint; another user's is left alone. */
    async remove(userId: string, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** Every subscription of the given users. */
    async forUsers(userIds: readonly string[]): Promise<StoredSubscription[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.user_id, [...userIds]));
      return rows.map((row) => ({
        id: row.id,
        user_id: row.user_id,
        endpoint: row.endpoint,
        keys: { p256dh: row.p256dh, auth: row.auth },
      }));
    },

    /** Deletes a subscription the push service reported gone (404/410). */
    async removeById(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /**
     * The stored VAPID key pair (base64url), storing `candidate` first when none is (ON CONFLICT DO
     * NOTHING: when instances race, every one reads the row that won).
     * @throws Error when no row can be stored or read
     */
    async vapidKeys(candidate: {
      publicKey: string;
      privateKey: string;
    }): Promise<{ publicKey: string; privateKey: string }> {
      await db
        .insert(vapidKeys)
        .values({ id: 1, public_key: candidate.publicKey, private_key: candidate.privateKey })
        .onConflictDoNothing();
      const [row] = await db.select().from(vapidKeys);
      if (!row) throw new Error('VAPID keys could not be stored');
      return { publicKey: row.public_key, privateKey: row.private_key };
    },
  };
}
