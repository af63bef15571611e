/**
 * Opens the database: PostgreSQL through node-postgres when a URL is given, else the
 * embedded PGlite in a directory (or in memory for 'memory://'). Applies the committed
 * migrations before returning.
 */
import { spawn } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
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

/** The parameters of a statement `(db, …rest)` after its database: what a repository factory's method takes. */
export type WithoutDb<F> = F extends (db: Database, ...rest: infer Rest) => unknown ? Rest : never;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The pool's connections (PostgreSQL), or null (the embedded database has one, no pool). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** The embedded database's client (its backups dump its data directory), or null on PostgreSQL. */
  pglite: PGlite | null;
}

/** Arbitrary constant key for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_201_955;

/**
 * Start parameters of the embedded PostgreSQL: PGlite's defaults plus a 16 MB buffer cache
 * (2048 pages of 8 kB) instead of PostgreSQL's default 128 MB. PGlite's WebAssembly
 * PostgreSQL touches its whole buffer cache at start, so that setting alone held about 128 MB
 * resident before the first request; one process serving one small practice's data reads
 * the rest from the operating system's page cache (decision 012).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The embedded PostgreSQL's WebAssembly runs on V8's baseline compiler (Liftoff) only. By default
 * V8 also recompiles the hot functions with TurboFan, whose code and compile data stayed resident
 * (about 40 MB at rest); on DiaCare's queries the baseline code spent no more CPU (decision 080).
 * The flag is read when a WebAssembly module compiles, so it is set before PGlite's module is.
 */
function useBaselineWasmCompilerOnly(): void {
  setFlagsFromString('--liftoff-only');
}

/** How long the first connection to PostgreSQL may take before start-up gives up (ms). */
const FIRST_CONNECT_TIMEOUT_MS = 5000;

/**
 * @param options.databaseUrl a postgres:// URL; when set, PostgreSQL is used.
 * @param options.dataDir PGlite directory, or 'memory://' for an in-memory database.
 * @param options.template a PGlite data-directory tarball (`dumpDataDir`) an in-memory database
 *   starts from instead of a new one: tests start from a migrated template (decision 055).
 * @throws StartupError naming DATABASE_URL or DATA_DIR when the database cannot be reached or opened.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  template?: Blob | undefined;
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
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      pglite: null,
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  useBaselineWasmCompilerOnly();
  let client: PGlite;
  try {
    if (!inMemory && prepareDataDir(options.dataDir) === 'empty')
      await createPgliteDatabaseInChildProcess(options.dataDir);
    const template = inMemory && options.template ? { loadDataDir: options.template } : {};
    client = await PGlite.create(options.dataDir, { startParams: PGLITE_START_PARAMS, ...template });
  } catch (error) {
    // PGlite reports a failed start as an Emscripten ExitStatus; say which setting it was.
    const detail = String((error as { message?: unknown } | null)?.message ?? error).split('\n')[0];
    if (error instanceof StartupError) throw error;
    throw new StartupError(`DATA_DIR ${options.dataDir}: the embedded database did not open (${detail})`);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  await db.execute(sql`SELECT 1`);
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    close: () => client.close(),
    poolStats: () => null,
    pglite: client,
  };
}

/** Run by `node --input-type=module -e` in a child process: creates the database in argv[1], closes it. */
const CREATE_DATABASE_SCRIPT = `
const [pgliteUrl, dataDir, startParams] = process.argv.slice(1);
const { PGlite } = await import(pgliteUrl);
const db = await PGlite.create(dataDir, { startParams: JSON.parse(startParams) });
await db.close();
`;

/**
 * Creates a new embedded database in `dataDir` in a short-lived child process.
 * PGlite builds a new database with a second WebAssembly PostgreSQL (initdb) and a temporary
 * in-memory instance; in the server's own process that memory stayed resident long after
 * start (first start 386 MB against 248 MB for a restart, bench/memory), and a worker thread
 * did not help (its malloc arenas stay with the process). A child process returns it all
 * when it exits, so the server then opens the new database like an existing one.
 * @throws Error with the child's last stderr line when the database cannot be created.
 */
async function createPgliteDatabaseInChildProcess(dataDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      CREATE_DATABASE_SCRIPT,
      import.meta.resolve('@electric-sql/pglite'),
      dataDir,
      JSON.stringify(PGLITE_START_PARAMS),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) {
    const lastLine =
      stderr
        .trim()
        .split('\n')
        .filter((line) => /error/i.test(line))
        .at(-1) ?? `exit ${code}`;
    throw new Error(lastLine.trim());
  }
}
