/**
 * GET /healthz and GET /readyz. Readiness turns 503 naming the failing part
 * when the database stops, when a migration is missing, and when the oldest due reminder is
 * READY_MAX_REMINDER_LAG_SECONDS late (injected clock). Neither is logged at info level.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { DRIVERS, createTestApp, createTestClock, signIn, type TestApp } from './helpers.ts';

const NOW = new Date('2026-11-20T10:00:00.000Z');

const readyz = async (t: TestApp) => {
  const response = await t.app.inject({ url: '/readyz' });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

/** Closes an app whose database the test already closed (a second close throws). */
const closeQuietly = (t: TestApp) => t.close().catch(() => {});

describe.each(DRIVERS)('health and readiness on %s', (driver) => {
  it('a fresh server is live and ready, with no personal data in either answer', async () => {
    const t = await createTestApp(driver, { clock: createTestClock(NOW) });
    try {
      const health = await t.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      expect(await readyz(t)).toEqual({
        status: 200,
        body: { database: 'ok', migrations: 'ok', reminders: { lag_seconds: 0 } },
      });
    } finally {
      await t.close();
    }
  });

  it('reminders: 200 while the oldest due reminder is under the limit, 503 naming reminders at it', async () => {
    const clock = createTestClock(NOW);
    const t = await createTestApp(driver, { clock, env: { READY_MAX_REMINDER_LAG_SECONDS: '120' } });
    try {
      const asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha@example.com', timezone: 'Asia/Kolkata' });
      const dueAt = new Date(NOW.getTime() + 60_000);
      const created = await asha.request({
        method: 'POST',
        url: '/api/reminders',
        payload: { title: 'Check feet', due_at: dueAt.toISOString() },
      });
      expect(created.statusCode).toBe(201);
      // Not due yet: no lag.
      expect((await readyz(t)).body.reminders).toEqual({ lag_seconds: 0 });
      clock.set(new Date(dueAt.getTime() + 119_000));
      expect(await readyz(t)).toEqual({
        status: 200,
        body: { database: 'ok', migrations: 'ok', reminders: { lag_seconds: 119 } },
      });
      clock.set(new Date(dueAt.getTime() + 120_000));
      expect(await readyz(t)).toEqual({
        status: 503,
        body: { database: 'ok', migrations: 'ok', reminders: { lag_seconds: 120 }, failing: ['reminders'] },
      });
      // Sent: nothing is late any more.
      await t.database.db.execute(sql`UPDATE reminders SET status = 'sent', sent = true`);
      expect((await readyz(t)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('migrations: 503 naming migrations when the newest one is not applied', async () => {
    const t = await createTestApp(driver, { clock: createTestClock(NOW) });
    try {
      await t.database.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
      );
      expect(await readyz(t)).toEqual({
        status: 503,
        body: { database: 'ok', migrations: 'pending', reminders: { lag_seconds: 0 }, failing: ['migrations'] },
      });
    } finally {
      await t.close();
    }
  });

  it('database: 503 naming the database once it stops; /healthz still answers', async () => {
    const t = await createTestApp(driver, { clock: createTestClock(NOW) });
    try {
      expect((await readyz(t)).status).toBe(200);
      await t.database.close();
      expect(await readyz(t)).toEqual({
        status: 503,
        body: {
          database: 'unavailable',
          migrations: 'unknown',
          reminders: { lag_seconds: null },
          failing: ['database'],
        },
      });
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await closeQuietly(t);
    }
  });

  it('neither probe is logged at info level; other requests are', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().trim().split('\n'));
        done();
      },
    });
    const t = await createTestApp(driver, { logger: { ...(loggerOptions('info') as object), stream } });
    try {
      for (const url of ['/healthz', '/readyz', '/healthz', '/api/no-such-route']) await t.app.inject({ url });
      const paths = lines.map((line) => (JSON.parse(line) as { req?: { path?: string } }).req?.path);
      expect(paths).toContain('/api/no-such-route');
      expect(paths.filter((path) => path === '/healthz' || path === '/readyz')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('operations configuration', () => {
  it('defaults: 300 s lag, metrics off, no backups, every 24 h keeping 7', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ READY_MAX_REMINDER_LAG_SECONDS: 300, BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 7 });
    expect([env.METRICS_TOKEN, env.BACKUP_DIR]).toEqual([undefined, undefined]);
  });

  it.each([
    ['READY_MAX_REMINDER_LAG_SECONDS', '0'],
    ['METRICS_TOKEN', 'short'],
    ['BACKUP_EVERY_HOURS', '-1'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', 'seven'],
  ])('a bad %s (%s) stops start-up with a message naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});
