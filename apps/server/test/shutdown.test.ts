/**
 * SIGTERM on the real server bundle while the dispatcher sends: exit 0 within 10 s, sends in
 * flight recorded, the rest released; after a restart every reminder arrived exactly once.
 * Decision 042.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReminderPush } from '@diacare/contract/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackupHeader } from '../src/modules/ops/backup-file.ts';
import { createPgliteDataDir, createPostgresDatabase, DRIVERS } from './helpers.ts';
import { startPushService, type PushService } from './support/push-service.ts';
import {
  buildServerBundle,
  freePort,
  signInOverHttp,
  startServer,
  type RunningServer,
} from './support/server-process.ts';

const REMINDERS = 300;
/** Each push is answered after this long, so the SIGTERM finds sends in flight. */
const PUSH_DELAY_MS = 2000;

let bundle: ReturnType<typeof buildServerBundle>;
beforeAll(() => {
  bundle = buildServerBundle(`server-shutdown-test-${process.pid}`);
});
afterAll(() => bundle?.remove());

/** The server's own backups in `dir` once there is one (waits up to 60 s). */
async function waitForBackup(dir: string): Promise<string[]> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const backups = readdirSync(dir).filter((name) => /^diacare-.*\.backup$/.test(name));
    if (backups.length > 0) return backups;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no backup in ${dir} after 60 s`);
}

/** Sends SIGTERM; resolves with the exit code and how long the process took to exit (ms). */
async function terminate(server: RunningServer): Promise<{ code: number | string | null; ms: number }> {
  const started = Date.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { code, ms: Date.now() - started };
}

describe.each(DRIVERS)('SIGTERM in the middle of a dispatch (%s)', (driver) => {
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService({ delayMs: PUSH_DELAY_MS });
  });
  afterAll(() => service?.close());

  it('exits 0 within 10 s; after a restart each reminder arrives exactly once', { timeout: 240_000 }, async () => {
    const backupDir = mkdtempSync(join(tmpdir(), 'diacare-sigterm-backups-'));
    const postgres = driver === 'postgres' ? await createPostgresDatabase() : null;
    const dataDir = postgres ? null : await createPgliteDataDir('diacare-sigterm-');
    const env = {
      PORT: String(await freePort()),
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      PUSH_SERVICE_HOSTS: new URL(service.origin).host,
      NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? '',
      ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir! }),
    };
    let server: RunningServer | null = null;
    try {
      // 1. Without the engine: a user, a subscription and REMINDERS reminders due in a few seconds.
      server = await startServer(bundle.path, { ...env, REMINDER_ENGINE: 'false' });
      const { origin } = server;
      const cookie = await signInOverHttp(origin, {
        name: 'Asha Rao',
        email: 'asha.sigterm@example.com',
        timezone: 'UTC',
      });
      const headers = { origin, cookie, 'content-type': 'application/json' };
      const subscription = service.createSubscription();
      const subscribed = await fetch(`${origin}/api/push/subscribe`, {
        method: 'POST',
        headers,
        body: JSON.stringify(subscription),
      });
      expect(subscribed.status).toBe(201);
      const dueAt = new Date(Date.now() + 3000);
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < REMINDERS) {
            const index = next++;
            const created = await fetch(`${origin}/api/reminders`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ title: `Reminder ${index}`, due_at: dueAt.toISOString() }),
            });
            expect(created.status).toBe(201);
          }
        }),
      );
      expect(await terminate(server)).toMatchObject({ code: 0 });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt.getTime() - Date.now())));

      // 2. With the engine: SIGTERM once the first pushes arrive, while the rest are being sent.
      server = await startServer(bundle.path, { ...env, REMINDER_ENGINE: 'true' });
      await service.waitFor(20, 60_000);
      const stopped = await terminate(server);
      expect(stopped.code).toBe(0);
      expect(stopped.ms).toBeLessThan(10_000);
      const beforeRestart = service.received.length;
      expect(beforeRestart).toBeLessThan(REMINDERS);

      // 3. Restart: the released reminders are sent at once (no lease to wait out), none twice.
      // Its own backups every ~1 s (BACKUP_EVERY_HOURS as set by an operator) go to backupDir.
      server = await startServer(bundle.path, {
        ...env,
        REMINDER_ENGINE: 'true',
        BACKUP_DIR: backupDir,
        BACKUP_EVERY_HOURS: '0.0003',
        BACKUP_KEEP: '2',
      });
      await service.waitFor(REMINDERS, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 2 * PUSH_DELAY_MS + 1000)); // a second copy would arrive now
      const titles = service.received
        .filter((message) => message.subscriptionId === subscription.id)
        .map((message) => (JSON.parse(message.payload) as ReminderPush).title);
      console.info(
        `SIGTERM on ${driver}: exit in ${stopped.ms} ms, ${beforeRestart} sent before, ${titles.length} in all`,
      );
      expect(titles.sort()).toEqual(Array.from({ length: REMINDERS }, (_, index) => `Reminder ${index}`).sort());
      const ready = await fetch(`${server.origin}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ database: 'ok', migrations: 'ok', reminders: { lag_seconds: 0 } });
      expect(server.output()).not.toContain('/readyz');
      const backups = await waitForBackup(backupDir);
      expect((await readBackupHeader(join(backupDir, backups[0]!))).kind).toBe(postgres ? 'pg_dump' : 'pglite');
      expect(await terminate(server)).toMatchObject({ code: 0 });
    } finally {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(backupDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  });
});
