/**
 * The Idempotency-Key store's SQL (decision 022), for the idempotency plugin: a key is claimed by
 * inserting it (ON CONFLICT DO NOTHING), answered by storing the response, released when the
 * request failed. Every statement is scoped to the user who sent the key.
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from './client.ts';
import { idempotencyKeys } from './schema.ts';

/** A user's key. */
export interface IdempotencyClaim {
  userId: string;
  key: string;
}

/** What makes two requests the same change. */
export interface RequestFingerprint {
  method: string;
  path: string;
  request_hash: string;
}

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export function createIdempotencyRepository(db: Database) {
  const ofClaim = (claim: IdempotencyClaim) =>
    and(eq(idempotencyKeys.user_id, claim.userId), eq(idempotencyKeys.key, claim.key));

  return {
    /** Claims the key for this request; false when another request holds or answered it. */
    async claim(claim: IdempotencyClaim, fingerprint: RequestFingerprint, now: Date): Promise<boolean> {
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ user_id: claim.userId, key: claim.key, ...fingerprint, created_at: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return Boolean(claimed);
    },

    /** The key's row, or null when it was released. */
    async find(claim: IdempotencyClaim): Promise<IdempotencyRow | null> {
      const [row] = await db.select().from(idempotencyKeys).where(ofClaim(claim));
      return row ?? null;
    },

    /** Takes over an unanswered claim made at `claimedAt` (its process died); false when another took it first. */
    async takeOver(claim: IdempotencyClaim, claimedAt: Date, now: Date): Promise<boolean> {
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ created_at: now })
        .where(and(ofClaim(claim), isNull(idempotencyKeys.status), eq(idempotencyKeys.created_at, claimedAt)))
        .returning({ key: idempotencyKeys.key });
      return Boolean(taken);
    },

    /** Lets go of an unanswered claim (the request failed): the key may be sent again. */
    async release(claim: IdempotencyClaim): Promise<void> {
      await db.delete(idempotencyKeys).where(and(ofClaim(claim), isNull(idempotencyKeys.status)));
    },

    /** Stores the answer to replay. */
    async store(claim: IdempotencyClaim, status: number, contentType: string | null, body: string): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ status, content_type: contentType, response_body: body })
        .where(ofClaim(claim));
    },

    /** Deletes keys made before `cutoff`; resolves to how many. */
    async purgeBefore(cutoff: Date): Promise<number> {
      const deleted = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.created_at, cutoff))
        .returning({ key: idempotencyKeys.key });
      return deleted.length;
    },
  };
}
