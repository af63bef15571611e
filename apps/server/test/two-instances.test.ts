/**
 * Two instances on one PostgreSQL: shared sign-in limits (PostgreSQL, or Redis with
 * TEST_REDIS_URL), sessions valid on both, each reminder sent once; an unreachable or vanishing
 * Redis. Needs TEST_DATABASE_URL. Decision 013.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { ReminderPush } from '@diacare/contract/push';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { RATE_LIMIT_TABLE, createSignInRateLimit } from '../src/modules/auth/sign-in-rate-limit.ts';
import { startWorkers, type Workers } from '../src/workers/index.ts';
import { ORIGIN, createTestApp, createTestClock, signIn } from './helpers.ts';
import { startPushService, type PushService } from './support/push-service.ts';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!DATABASE_URL) {
  console.warn(
    'two-instances.test.ts: TEST_DATABASE_URL is not set, so the two-instance tests are skipped ' +
      '(they need one PostgreSQL shared by both instances).',
  );
} else if (!REDIS_URL) {
  console.warn(
    'two-instances.test.ts: TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379), so the Redis rate-limit case is skipped.',
  );
}

const LIMIT = 30;

/** A client address of this run only: Redis keeps counts across runs for a minute. */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface Instance {
  app: App;
  database: DatabaseHandle;
}

/** Two instances on a fresh database of their own; `env` is added to both configurations. */
async function startTwoInstances(env: Record<string, string> = {}) {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  const name = `diacare_two_${randomUUID().replaceAll('-', '')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${name}`;
  const clock = createTestClock();
  const config = parseEnv({
    NODE_ENV: 'test',
    PORT: '3000',
    WEB_DIST_DIR: '/nonexistent',
    DATABASE_URL: url.toString(),
    AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    ...env,
  });
  // Both open (and migrate) at once, as two processes starting together do.
  const instances: Instance[] = await Promise.all(
    [0, 1].map(async () => {
      const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
      const app = await buildApp({ env: config, db: database.db, clock });
      await app.ready();
      return { app, database };
    }),
  );
  return {
    instances,
    clock,
    env: config,
    async close() {
      for (const { app, database } of instances) {
        await app.close();
        await database.close();
      }
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** One local sign-in form post from `address`; 303 when accepted. */
const postSignInForm = (app: App, address: string, i: number) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: address,
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ name: 'Asha', email: `asha${i}@example.com`, redirect: `${ORIGIN}/` }).toString(),
  });

/**
 * 50 sign-in posts from one address within a minute, alternating between the instances and
 * sent all at once: together they accept exactly the limit.
 */
async function signInBurst(instances: Instance[], address: string) {
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) => postSignInForm(instances[i % 2]!.app, address, i)),
  );
  const statuses = responses.map((r) => r.statusCode);
  expect(statuses.filter((s) => s !== 303 && s !== 429)).toEqual([]);
  const refused = responses.filter((r) => r.statusCode === 429);
  for (const response of refused) {
    expect(response.json()).toEqual({ detail: expect.stringMatching(/^Too many sign-in attempts/) });
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
  }
  return { accepted: statuses.filter((s) => s === 303).length, refused: refused.length };
}

describe('a REDIS_URL that cannot be reached', () => {
  it('stops start-up with one line naming REDIS_URL and the reason', async () => {
    const env = parseEnv({ NODE_ENV: 'test', REDIS_URL: 'redis://127.0.0.1:1' });
    await expect(createSignInRateLimit(env, {} as Database)).rejects.toThrow(
      /^REDIS_URL: cannot connect to 127\.0\.0\.1:1 \(connection refused\)$/,
    );
  });
});

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.runIf(hasRedisServer)('a Redis that goes away after start', () => {
  it('sign-in goes on, limited by each instance on its own (the insurance limiter), never a 500', async () => {
    const port = await freePort();
    const redis = spawn('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    const t = await (async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await createTestApp('pglite', {
            env: { REDIS_URL: `redis://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_MINUTE: '5' },
          });
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    })();
    try {
      const address = randomAddress();
      const before = [];
      for (let i = 0; i < 3; i += 1) before.push((await postSignInForm(t.app, address, i)).statusCode);
      expect(before).toEqual([303, 303, 303]);

      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      const after = [];
      for (let i = 0; i < 7; i += 1) after.push((await postSignInForm(t.app, address, 10 + i)).statusCode);
      expect(after).toEqual([303, 303, 303, 303, 303, 429, 429]);
    } finally {
      redis.kill('SIGKILL');
      await t.close();
    }
  });
});

describe.runIf(DATABASE_URL)('two instances on one PostgreSQL', () => {
  describe('with the PostgreSQL rate-limit store (the default)', () => {
    let two: Awaited<ReturnType<typeof startTwoInstances>>;
    beforeAll(async () => {
      two = await startTwoInstances();
    });
    afterAll(() => two?.close());

    it('sign-in posts from one address accepted by both together stay within the limit', async () => {
      const address = randomAddress();
      expect(await signInBurst(two.instances, address)).toEqual({ accepted: LIMIT, refused: 50 - LIMIT });
      // The count is the library's row in PostgreSQL, not a copy in either process.
      const rows = await new pg.Pool({ connectionString: two.env.DATABASE_URL, max: 1 });
      try {
        const { rows: counted } = await rows.query(`SELECT points FROM ${RATE_LIMIT_TABLE} WHERE key = $1`, [
          `signin:login-form:${address}`,
        ]);
        expect(counted).toEqual([{ points: 50 }]);
      } finally {
        await rows.end();
      }
      // Another address is not held back.
      expect((await postSignInForm(two.instances[1]!.app, randomAddress(), 99)).statusCode).toBe(303);
    });

    it('a session made on one instance is valid on the other, and signing out on one ends it on both', async () => {
      const [a, b] = two.instances as [Instance, Instance];
      const asha = await signIn(a.app, { name: 'Asha Rao', email: 'asha.session@example.com' });
      const onB = await b.app.inject({ url: '/api/auth/me', headers: { cookie: asha.cookie } });
      expect(onB.statusCode).toBe(200);
      expect(onB.json()).toMatchObject({ id: asha.user.id, email: 'asha.session@example.com' });

      const logout = await b.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: asha.cookie, origin: ORIGIN },
      });
      expect(logout.statusCode).toBe(200);
      for (const instance of [a, b]) {
        expect((await instance.app.inject({ url: '/api/auth/me', headers: { cookie: asha.cookie } })).statusCode).toBe(
          401,
        );
      }
    });
  });

  describe.runIf(REDIS_URL)('with REDIS_URL set (the Redis rate-limit store)', () => {
    let two: Awaited<ReturnType<typeof startTwoInstances>>;
    let redis: Redis;
    beforeAll(async () => {
      two = await startTwoInstances({ REDIS_URL: REDIS_URL! });
      redis = new Redis(REDIS_URL!);
    });
    afterAll(async () => {
      redis?.disconnect();
      await two?.close();
    });

    it('sign-in posts from one address accepted by both together stay within the limit', async () => {
      const address = randomAddress();
      expect(await signInBurst(two.instances, address)).toEqual({ accepted: LIMIT, refused: 50 - LIMIT });
      // Counted in Redis, with the minute's expiry, and not in PostgreSQL.
      const key = `diacare:signin:login-form:${address}`;
      expect(await redis.get(key)).toBe('50');
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      const pool = new pg.Pool({ connectionString: two.env.DATABASE_URL, max: 1 });
      try {
        const { rows } = await pool.query(`SELECT count(*)::int AS counters FROM ${RATE_LIMIT_TABLE}`);
        expect(rows).toEqual([{ counters: 0 }]);
      } finally {
        await pool.end();
      }
    });
  });

  describe('with both reminder engines running', () => {
    let two: Awaited<ReturnType<typeof startTwoInstances>>;
    let service: PushService;
    const engines: Workers[] = [];
    beforeAll(async () => {
      service = await startPushService();
      two = await startTwoInstances({ PUSH_SERVICE_HOSTS: new URL(service.origin).host });
    });
    afterAll(async () => {
      await Promise.all(engines.map((engine) => engine.stop()));
      await two?.close();
      await service?.close();
    });

    it('every due reminder and dose is sent once, not once per instance', async () => {
      const [a, b] = two.instances as [Instance, Instance];
      // 03:30Z is 09:00 in Kolkata, when Metformin is due.
      two.clock.set(new Date('2026-06-01T03:30:00Z'));
      const asha = await signIn(a.app, { name: 'Asha Rao', email: 'asha.push@example.com', timezone: 'Asia/Kolkata' });
      const subscription = service.createSubscription();
      expect(
        (await asha.request({ method: 'POST', url: '/api/push/subscribe', payload: subscription })).statusCode,
      ).toBe(201);
      const medication = await asha.request({
        method: 'POST',
        url: '/api/medications',
        payload: {
          name: 'Metformin',
          dosage: '500 mg',
          form: 'Tablet',
          color: '#FF6B6B',
          when_to_take: 'After food',
          schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-01-01', end_date: null },
          refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
        },
      });
      expect(medication.statusCode).toBe(201);
      // Custom reminders due now, half made through each instance.
      for (let i = 0; i < 20; i += 1) {
        const via = i % 2 === 0 ? a : b;
        const response = await via.app.inject({
          method: 'POST',
          url: '/api/reminders',
          headers: { cookie: asha.cookie, origin: ORIGIN },
          payload: { title: `Reminder ${i}`, due_at: two.clock().toISOString() },
        });
        expect(response.statusCode).toBe(201);
      }

      for (const instance of two.instances) {
        engines.push(await startWorkers({ db: instance.database.db, env: two.env, clock: two.clock }));
      }
      await service.waitFor(21, 30_000);
      // Several more dispatch polls on both: a second copy would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await Promise.all(engines.splice(0).map((engine) => engine.stop()));

      const payloads = service.received
        .filter((message) => message.subscriptionId === subscription.id)
        .map((message) => JSON.parse(message.payload) as ReminderPush);
      expect(payloads).toHaveLength(21);
      expect(new Set(payloads.map((p) => p.reminder_id)).size).toBe(21);
      expect(payloads.filter((p) => p.title === 'Time to take Metformin')).toHaveLength(1);
      expect(
        payloads
          .map((p) => p.title)
          .filter((title) => title.startsWith('Reminder '))
          .sort(),
      ).toEqual(Array.from({ length: 20 }, (_, i) => `Reminder ${i}`).sort());
    });
  });
});
