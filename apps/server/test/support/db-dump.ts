/**
 * A dump of every table of the Drizzle schema, for tests that prove a request changed
 * nothing (issue 15, prove 1 and 2). Tables are found in the schema module, so a table
 * added tomorrow is compared too.
 */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';

/** Every table of the schema, by SQL name. */
export const TABLES: Map<string, PgTable> = new Map(
  Object.values(schema)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), table]),
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
