/**
 * Opens the database: PostgreSQL through node-postgres when a URL is given, else the
 * embedded PGlite in a directory (or in memory for 'memory://'). Applies the committed
 * migrations before returning (design.md §Data).
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { describeConnectError, prepareDataDir, StartupError } from '../config/startup.ts';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Either driver's Drizzle instance: repositories are written against this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Arbitrary constant key for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_201_955;

/** How long the first connection to PostgreSQL may take before start-up gives up (ms). */
const FIRST_CONNECT_TIMEOUT_MS = 5000;

/**
 * @param options.databaseUrl a postgres:// URL; when set, PostgreSQL is used.
 * @param options.dataDir PGlite directory, or 'memory://' for an in-memory database.
 * @throws StartupError naming DATABASE_URL or DATA_DIR when the database cannot be reached or opened.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client's error (PostgreSQL restarted, connection terminated) is emitted on the
    // pool; without a listener it would crash the process. The pool replaces the client.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePostgres(pool, { schema });
    // The first connection is bounded in time and its failure told in one line; the pool
    // itself keeps no connect timeout, so requests under load wait for a client as before.
    const probe = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: FIRST_CONNECT_TIMEOUT_MS,
    });
    try {
      await probe.connect();
    } catch (error) {
      await pool.end().catch(() => {});
      throw new StartupError(describeConnectError(options.databaseUrl, error));
    } finally {
      await probe.end().catch(() => {});
    }
    // Several instances may start at once on one database: let one migrate at a time.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
    return { db: db as unknown as Database, driver: 'postgres', close: () => pool.end() };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) prepareDataDir(options.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(options.dataDir);
  } catch (error) {
    // PGlite reports a failed start as an Emscripten ExitStatus; say which setting it was.
    const detail = String((error as { message?: unknown } | null)?.message ?? error).split('\n')[0];
    throw new StartupError(`DATA_DIR ${options.dataDir}: the embedded database did not open (${detail})`);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  await db.execute(sql`SELECT 1`);
  return { db: db as unknown as Database, driver: 'pglite', close: () => client.close() };
}
