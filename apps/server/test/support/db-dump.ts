/**
 * A dump of every table of the Drizzle schema, for tests that prove a request changed
 * nothing. Tables are found in the schema module, so a table
 * added tomorrow is compared too.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';

/** Counters every request may add to by design (sign-in and assistant rate limits), not data. */
const REQUEST_COUNTERS = new Set(['auth_rate_limits']);

/** Every table of the schema that holds data, by SQL name. */
export const TABLES: Map<string, PgTable> = new Map(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), table] as const)
    .filter(([name]) => !REQUEST_COUNTERS.has(name)),
);

/** Every row of every table (except `skip`), each table's rows sorted, as JSON-comparable values. */
export async function dumpDatabase(db: Database, skip: readonly string[] = []): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const [name, table] of TABLES) {
    if (skip.includes(name)) continue;
    const rows = await db.select().from(table);
    dump[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return dump;
}

/**
 * One fingerprint per table over all its rows (count and sum of 64-bit row hashes), in one
 * query: cheap enough to take around every fuzzed request. Equal fingerprints mean no row
 * was added, removed or changed (short of a 64-bit hash collision).
 */
export async function fingerprintDatabase(db: Database, skip: readonly string[] = []): Promise<Record<string, string>> {
  const columns = [...TABLES.keys()]
    .filter((name) => !skip.includes(name))
    .map(
      (name) =>
        // Row count and the sum of each row's 64-bit hash: no sort, one pass over the table.
        sql`(SELECT count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) FROM ${sql.identifier(name)} t) AS ${sql.identifier(name)}`,
    );
  const result = (await db.execute(sql`SELECT ${sql.join(columns, sql`, `)}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows[0]!;
}

/**
 * One past the newest finished transaction id of the cluster. Only transactions that write
 * are given an id, so while it stays the same no row anywhere can have changed; when it
 * moves (a write here, or anything on a shared PostgreSQL), compare fingerprints.
 */
export async function finishedWrites(db: Database): Promise<string> {
  const result = (await db.execute(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid`)) as unknown as {
    rows: { xid: string }[];
  };
  return result.rows[0]!.xid;
}
