/**
 * Backups on both databases: backup → delete → restore finds every row (checksums per table);
 * restores refuse a non-empty target or a foreign file; the server's own backups are atomic and
 * keep BACKUP_KEEP. Decision 041.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { readBackupHeader } from '../src/modules/ops/backup-file.ts';
import { startBackupSchedule } from '../src/workers/backups.ts';
import { restoreBackup } from '../src/modules/ops/backup.ts';
import {
  createPgliteDataDir,
  createPostgresDatabase,
  createTestClock,
  SQL_DRIVERS,
  signIn,
  type Driver,
} from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const NOW = new Date('2026-11-20T20:00:00.000Z');

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'diacare-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A temporary DATA_DIR holding the migrated template (without initdb's seconds), removed after the test. */
const templateDataDir = async () => {
  const dir = await createPgliteDataDir('diacare-backup-data-');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** `npm run <command> -- <file>` with only `env` configuring the database. */
function npmRun(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const result = spawnSync('npm', ['run', '-s', command, '--', file], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

type Rows = { rows: Record<string, unknown>[] };

/** Row count and checksum of every base table outside the system schemas, by 'schema.table'. */
async function fingerprint(db: Database): Promise<Record<string, string>> {
  const tables = (await db.execute(sql`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`)) as unknown as Rows;
  const found: Record<string, string> = {};
  for (const { schema, name } of tables.rows as { schema: string; name: string }[]) {
    const result = (await db.execute(sql`
      SELECT count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) AS print
      FROM ${sql.identifier(schema)}.${sql.identifier(name)} t`)) as unknown as Rows;
    found[`${schema}.${name}`] = String(result.rows[0]!.print);
  }
  return found;
}

/** Fills the database through the API: readings, a medication and its doses, an appointment, reminders, settings. */
async function fill(database: DatabaseHandle): Promise<void> {
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', AUTH_RATE_LIMIT_PER_MINUTE: '10000' }),
    db: database.db,
    clock: createTestClock(NOW),
  });
  await app.ready();
  try {
    for (const [index, name] of ['Asha Rao', 'Ravi Kumar'].entries()) {
      const user = await signIn(app, { name, email: `backup${index}@example.com`, timezone: 'Asia/Kolkata' });
      const post = async (url: string, payload: unknown) => {
        const response = await user.request({ method: 'POST', url, payload });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(url === '/api/adherence' ? 200 : 201);
        return response.json() as { id: string };
      };
      for (let day = 1; day <= 20; day += 1) {
        const date = `2026-11-${String(day).padStart(2, '0')}`;
        await post('/api/health/glucose', { value: 90 + day, meal_context: 'Fasting', date, time: '07:45' });
        await post('/api/health/bp', { systolic: 120 + day, diastolic: 80, pulse: 70, date, time: '08:00' });
      }
      await post('/api/health/metrics', { weight: 70 + index, height: 170, date: '2026-11-20' });
      const medication = await post('/api/medications', {
        name: 'Metformin',
        dosage: '500 mg',
        form: 'Tablet',
        color: '#FF6B6B',
        when_to_take: 'After food',
        schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-11-01', end_date: null },
        refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
      });
      await post('/api/adherence', {
        medication_id: medication.id,
        scheduled_time: '09:00',
        taken_time: '09:05',
        date: '2026-11-20',
        status: 'taken',
      });
      await post('/api/appointments', {
        type: 'doctor',
        title: 'Quarterly review',
        doctor: 'Dr Mehta',
        location: 'City Clinic',
        date: '2026-11-24',
        time: '09:00',
      });
      await post('/api/reminders', { title: 'Check feet', due_at: '2026-11-21T04:00:00.000Z' });
      // A meal and its photo, kept in the database (decision 090).
      const meal = await post('/api/meals', {
        date: '2026-11-20',
        time: '13:00',
        meal_type: 'lunch',
        items: [{ food_id: 'rice', name: 'Rice', portions: 1 }],
      });
      const photo = await user.request({
        method: 'PUT',
        url: `/api/meals/${meal.id}/photo`,
        headers: { 'content-type': 'image/jpeg' },
        payload: await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
          .jpeg()
          .toBuffer(),
      });
      expect(photo.statusCode, photo.body).toBe(200);
    }
  } finally {
    await app.close();
  }
}

/**
 * A database of `driver`, its configuration for the CLI, and a way to delete it. A PGlite one is
 * a new directory: migrated already when `migrated`, else missing until something creates it.
 */
async function makeDatabase(
  driver: Driver,
  { migrated = false } = {},
): Promise<{
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  remove(): unknown;
}> {
  if (driver === 'postgres') {
    const postgres = await createPostgresDatabase();
    cleanups.push(() => postgres.drop());
    return {
      env: { DATABASE_URL: postgres.url },
      open: () => openDatabase({ databaseUrl: postgres.url, dataDir: '' }),
      remove: () => postgres.drop(),
    };
  }
  const dataDir = migrated ? await templateDataDir() : join(tempDir(), 'data');
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe.each(SQL_DRIVERS)('backup and restore on %s', (driver) => {
  it('npm run backup → delete → npm run restore finds every record of every table', { timeout: 240_000 }, async () => {
    const source = await makeDatabase(driver, { migrated: true });
    const database = await source.open();
    let before: Record<string, string>;
    try {
      await fill(database);
      before = await fingerprint(database.db);
    } finally {
      await database.close();
    }
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['public.users', 'public.glucose_readings', 'drizzle.__drizzle_migrations']),
    );
    expect(before['public.glucose_readings']).toMatch(/^40:/);
    expect(before['public.meal_photos']).toMatch(/^2:/);

    const file = join(tempDir(), 'diacare.backup');
    const backup = npmRun('backup', file, source.env);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect((await readBackupHeader(file)).kind).toBe(driver === 'postgres' ? 'pg_dump' : 'pglite');
    // A second backup to the same file is refused.
    expect(npmRun('backup', file, source.env)).toMatchObject({
      status: 1,
      stderr: `${file} exists: choose a new file name\n`,
    });

    await source.remove();
    const target = driver === 'postgres' ? await makeDatabase('postgres') : source;
    const restore = npmRun('restore', file, target.env);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    const restored = await target.open();
    try {
      expect(await fingerprint(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }

    // The target is no longer empty: a second restore is refused, in one line.
    const again = npmRun('restore', file, target.env);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(
      driver === 'postgres' ? /^DATABASE_URL: the database is not empty.*\n$/ : /^DATA_DIR .* is not empty.*\n$/,
    );
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a file that is not a DiaCare backup gets one line, and the target stays empty', async () => {
    const target = await makeDatabase(driver);
    const file = join(tempDir(), 'photo.jpg');
    writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]));
    expect(npmRun('restore', file, target.env)).toMatchObject({
      status: 1,
      stderr: `${file} is not a DiaCare backup\n`,
    });
    if (driver === 'pglite') expect(() => readdirSync(target.env.DATA_DIR!)).toThrow();
  });
});

describe("the server's own backups (PGlite, while it runs)", () => {
  it(
    'a short interval writes atomically and keeps the newest 2, each one restorable',
    { timeout: 120_000 },
    async () => {
      const dir = join(tempDir(), 'backups');
      const database = await openDatabase({ dataDir: await templateDataDir() });
      cleanups.push(() => database.close());
      await fill(database);
      const before = await fingerprint(database.db);
      const schedule = startBackupSchedule({ dir, everyMs: 150, keep: 2, database });
      cleanups.push(() => schedule.stop());
      const seen = new Set<string>();
      // Every file under a final name, at any moment, is a whole backup (temporary files start with '.').
      // Three backups with two kept: the first has been pruned.
      while (seen.size < 3) {
        const names = existsSync(dir) ? readdirSync(dir) : [];
        for (const name of names.filter((n) => !n.startsWith('.'))) {
          if (seen.has(name)) continue;
          try {
            expect((await readBackupHeader(join(dir, name))).kind).toBe('pglite');
          } catch (error) {
            if ((error as Error).message.includes('ENOENT')) continue; // pruned between listing and reading
            throw error;
          }
          seen.add(name);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await schedule.stop();
      const kept = readdirSync(dir).sort();
      expect(kept).toHaveLength(2);
      expect(kept.every((name) => /^diacare-\d{8}T\d{9,}Z\.backup$/.test(name))).toBe(true);
      // The two newest of every backup written (names sort by time) are the ones kept.
      expect(kept).toEqual([...new Set([...seen, ...kept])].sort().slice(-2));
      const restoredDir = join(tempDir(), 'restored');
      await restoreBackup(join(dir, kept.at(-1)!), { dataDir: restoredDir });
      const restored = await openDatabase({ dataDir: restoredDir });
      try {
        expect(await fingerprint(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    },
  );
});
