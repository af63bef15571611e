/**
 * The one leased claim of background work (decisions 014 and 051): a pass takes up to a batch of
 * due pending rows under a lease and a token (FOR UPDATE SKIP LOCKED, so any number of workers in
 * any number of processes never take the same row; a lease that ran out makes the row claimable
 * again), writes outcomes back only while it still holds the token, and lets go of what it did not
 * settle. Used by reminder dispatch (reminders) and care alerts (care_alerts); each builds its
 * statement around `claimRows` so the claim and the reading of its facts stay one round trip.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** The tables whose rows are claimed: each has status, due_at, claimed_until, claim_token and attempts. */
export type ClaimedTable = 'reminders' | 'care_alerts';

/** One pass's claim: its token (a UUID the worker makes per pass) and the instant its lease ends. */
export interface Lease {
  token: string;
  /** The lease's end; the pass settles nothing after it. */
  until: Date;
}

/**
 * The claim, as the two CTEs `due` and `claimed` of a WITH statement: up to `batchSize` pending
 * rows of `table` due at `now` and not under a live lease, oldest due first, locked (SKIP LOCKED),
 * then updated with the lease's end and token and one more attempt. The caller follows it with its
 * SELECT … FROM claimed (joining what it needs).
 * @param options.set more assignments for the claimed rows (e.g. sql`, updated_at = …`)
 * @param options.returning the claimed rows' columns, as `r.<column>` (the UPDATE aliases the table `r`)
 */
export function claimRows(
  table: ClaimedTable,
  now: Date,
  lease: Lease,
  batchSize: number,
  options: { set?: SQL; returning: SQL },
): SQL {
  const nowIso = now.toISOString();
  const name = sql.raw(table);
  return sql`
    WITH due AS (
      SELECT id FROM ${name}
      WHERE status = 'pending' AND due_at <= ${nowIso}::timestamptz
        AND (claimed_until IS NULL OR claimed_until < ${nowIso}::timestamptz)
      ORDER BY due_at LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE ${name} AS r SET claimed_until = ${lease.until.toISOString()}::timestamptz,
        claim_token = ${lease.token}::uuid, attempts = r.attempts + 1${options.set ?? sql``}
      FROM due WHERE r.id = due.id
      RETURNING ${options.returning}
    )`;
}

/**
 * Runs a claim or settle `statement` in a transaction of its own with sequential and bitmap scans
 * off (`set_config(…, true)`: this transaction only), so that its plan is the same on any
 * statistics: the batch read by walking the pending-due index in due order until it is full,
 * and every joined or settled row found by its key. Left to the planner, a table that has
 * not been analysed since a due minute was made (or analysed while it was small) got a bitmap scan and sort of
 * every due row per claim and a sequential scan of the whole table per settle: work in
 * proportion to the table, per batch (decision 108).
 * @returns what `db.execute` returns for `statement` (both drivers: `{ rows }`)
 */
export async function executeByKey(db: Database, statement: SQL): Promise<unknown> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
    );
    return tx.execute(statement);
  });
}

/**
 * Lets go of a pass's claims on rows of `table` it did not settle (stopping, or its lease ran
 * out), not counting the claim as an attempt, so the next pass takes them at once.
 */
export async function releaseClaims(db: Database, table: ClaimedTable, token: string): Promise<void> {
  await db.execute(sql`
    UPDATE ${sql.raw(table)} SET claimed_until = NULL, claim_token = NULL, attempts = greatest(attempts - 1, 0)
    WHERE claim_token = ${token}::uuid AND status = 'pending'`);
}
