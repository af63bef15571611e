/**
 * Test harness (fastify/demo's test/helper.ts): builds the real app on a real database, one
 * PostgreSQL database per `createTestApp`, dropped at close. Which tests run on PostgreSQL:
 * `SQL_DRIVERS` and `DRIVERS` below (docs/decisions/043).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type App } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { openDatabase, PGLITE_START_PARAMS, type DatabaseHandle } from '../src/db/client.ts';
import { createMetrics, type Metrics } from '../src/modules/ops/metrics.ts';
import type { Clock } from '../src/types.ts';

export type Driver = 'pglite' | 'postgres';

const BOTH: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * Drivers of tests whose subject is the SQL itself or concurrency (claims, locks, idempotency
 * keys, two instances, crash durability, streamed export, the fuzzer): PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
export const SQL_DRIVERS: Driver[] = BOTH;

/**
 * Drivers of every other API test: PGlite; both when TEST_POSTGRES=all as well
 * (`npm run test:full` sets it), so the whole suite can still be run on PostgreSQL.
 */
export const DRIVERS: Driver[] = process.env.TEST_POSTGRES === 'all' ? BOTH : ['pglite'];

if (!process.env.TEST_DATABASE_URL && !process.env.DIACARE_SKIP_NOTICE_SHOWN) {
  process.env.DIACARE_SKIP_NOTICE_SHOWN = '1';
  console.warn('TEST_DATABASE_URL is not set: PostgreSQL tests are skipped, PGlite only.');
}

export const ORIGIN = 'http://localhost:3000';

/** A clock tests can set and move. */
export function createTestClock(start = new Date()): Clock & { set(date: Date): void; advance(ms: number): void } {
  let now = start.getTime();
  const clock = (() => new Date(now)) as Clock & { set(date: Date): void; advance(ms: number): void };
  clock.set = (date) => {
    now = date.getTime();
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server, and a function that drops it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `diacare_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

let template: Blob | undefined;

/**
 * The migrated PGlite template the global setup wrote (support/pglite-template.global-setup.ts),
 * read once per test file; undefined when run without it (a new database is made instead).
 */
function pgliteTemplate(): Blob | undefined {
  const file = process.env.DIACARE_TEST_PGLITE_TEMPLATE;
  if (!template && file) template = new Blob([readFileSync(file)]);
  return template;
}

/**
 * A new temporary DATA_DIR holding the migrated template, as a server's first start leaves it
 * but without its seconds of initdb; an empty directory when run without the template (the
 * server then creates the database). A new DATA_DIR's own first start is embedded-database's
 * subject. Returns the directory's path; the caller removes it.
 */
export async function createPgliteDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const loadDataDir = pgliteTemplate();
  if (loadDataDir) await (await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS, loadDataDir })).close();
  return dataDir;
}

/**
 * Opens a fresh database for a test: a new PostgreSQL database (dropped by `drop`), or an
 * in-memory PGlite started from the migrated template.
 */
export async function openTestDatabase(driver: Driver): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  const postgres = driver === 'postgres' ? await createPostgresDatabase() : null;
  const database = await openDatabase({ databaseUrl: postgres?.url, dataDir: 'memory://', template: pgliteTemplate() });
  return { ...database, drop: async () => postgres?.drop() };
}

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  clock: ReturnType<typeof createTestClock>;
  /** The app's metrics (share them with a dispatcher to count its work). */
  metrics: Metrics;
  close(): Promise<void>;
}

/** Builds the app on a fresh database. `env` overrides configuration variables. */
export async function createTestApp(
  driver: Driver,
  options: {
    env?: Record<string, string>;
    clock?: ReturnType<typeof createTestClock>;
    onRoute?: Parameters<typeof buildApp>[0]['onRoute'];
    logger?: Parameters<typeof buildApp>[0]['logger'];
    assistantLlm?: Parameters<typeof buildApp>[0]['assistantLlm'];
  } = {},
): Promise<TestApp> {
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '3000',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    CARE_INVITATION_RATE_LIMIT_PER_MINUTE: '10000',
    WEB_DIST_DIR: '/nonexistent',
    ...options.env,
  });
  const database = await openTestDatabase(driver);
  const clock = options.clock ?? createTestClock();
  const metrics = createMetrics({
    db: database.db,
    clock,
    poolStats: database.poolStats,
    processDefaults: Boolean(env.METRICS_TOKEN),
  });
  const app = await buildApp({
    env,
    db: database.db,
    clock,
    metrics,
    onRoute: options.onRoute,
    logger: options.logger,
    assistantLlm: options.assistantLlm,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    metrics,
    async close() {
      await app.close();
      await database.close();
      await database.drop();
    },
  };
}

export interface SignedInUser {
  cookie: string;
  user: { id: string; name: string | null; email: string | null; timezone: string };
  /** app.inject with the session cookie and a same-origin Origin header. */
  request(options: {
    method?: string;
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
}

/** Signs in through the local sign-in form and the one-time code, like the browser does. */
export async function signIn(
  app: App,
  identity: { name: string; email: string; timezone?: string },
): Promise<SignedInUser> {
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ name: identity.name, email: identity.email, redirect: `${ORIGIN}/` }).toString(),
  });
  if (login.statusCode !== 303) throw new Error(`local sign-in failed: ${login.statusCode} ${login.body}`);
  const code = new URL(login.headers.location as string).hash.replace('#session_id=', '');
  const session = await app.inject({
    method: 'POST',
    url: '/api/auth/session',
    headers: { origin: ORIGIN },
    payload: { session_id: code, ...(identity.timezone ? { timezone: identity.timezone } : {}) },
  });
  if (session.statusCode !== 200) throw new Error(`session exchange failed: ${session.statusCode} ${session.body}`);
  const cookie = session.cookies.find((c) => c.name === 'diacare_session');
  if (!cookie) throw new Error('no session cookie');
  const cookieHeader = `diacare_session=${cookie.value}`;
  return {
    cookie: cookieHeader,
    user: session.json().user,
    request: ({ method = 'GET', url, payload, headers = {} }) =>
      app.inject({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: { cookie: cookieHeader, origin: ORIGIN, ...headers },
      }),
  };
}
