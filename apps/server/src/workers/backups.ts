/**
 * The server's own backups: every BACKUP_EVERY_HOURS into BACKUP_DIR,
 * written atomically, keeping the newest BACKUP_KEEP. This is how the embedded database is
 * backed up while the server runs: a job of the polling loop (polling-loop.ts), the
 * workers' one when they run, else a loop of its own.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { backupPostgres, dumpPglite } from '../modules/ops/backup.ts';
import { writeBackupAtomically } from '../modules/ops/backup-file.ts';
import { createPollingLoop, type Job } from './polling-loop.ts';

/** diacare-20261126T220000123Z.backup: names sort by time. */
const NAME = /^diacare-\d{8}T\d{9,}Z\.backup$/;

export interface BackupSchedule {
  /** Writes one backup now and prunes; resolves to its path. */
  runOnce(): Promise<string>;
  /** Stops the timer and waits for a backup in progress. */
  stop(): Promise<void>;
}

/** The backup job, and a backup on demand. */
export interface BackupJob {
  job: Job;
  /** Writes one backup now (after one in progress) and prunes; resolves to its path. */
  runOnce(): Promise<string>;
  /** Resolves when no backup is being written. */
  idle(): Promise<void>;
}

export interface BackupOptions {
  dir: string;
  everyMs: number;
  keep: number;
  database: Pick<DatabaseHandle, 'pglite'>;
  databaseUrl?: string | undefined;
  log?: FastifyBaseLogger;
}

/**
 * The backups as a job of the polling loop: its first pass writes nothing (the first backup is
 * one interval after start), each later one writes a backup and prunes.
 * @param options.everyMs interval between backups (ms).
 * @param options.keep backups kept (newest by name); older `diacare-*.backup` files are deleted.
 */
export function createBackupJob(options: BackupOptions): BackupJob {
  const { dir, keep, database, databaseUrl } = options;
  let lastName = '';
  let running: Promise<string> | null = null;

  async function backupNow(): Promise<string> {
    await mkdir(dir, { recursive: true });
    let name = `diacare-${new Date().toISOString().replace(/[-:.]/g, '')}.backup`;
    if (name <= lastName) name = lastName.replace(/Z\.backup$/, '1Z.backup'); // two in one millisecond
    lastName = name;
    const path = join(dir, name);
    if (database.pglite) await writeBackupAtomically(path, 'pglite', await dumpPglite(database.pglite));
    else if (databaseUrl) await backupPostgres(databaseUrl, path);
    const backups = (await readdir(dir)).filter((file) => NAME.test(file)).sort();
    for (const old of backups.slice(0, Math.max(0, backups.length - keep))) await rm(join(dir, old), { force: true });
    return path;
  }

  const runOnce = () => {
    running = (running ?? Promise.resolve('')).catch(() => '').then(backupNow);
    return running;
  };
  let started = false;
  const job: Job = {
    name: 'backup',
    intervalMs: options.everyMs,
    async pass() {
      if (!started) {
        started = true;
        return false;
      }
      await runOnce().then(
        (path) => options.log?.info({ backup: path }, 'backup written'),
        (error: unknown) => options.log?.error({ err: error }, 'backup failed'),
      );
      return false;
    },
  };
  return { job, runOnce, idle: async () => void (await running?.catch(() => {})) };
}

/**
 * Backups on a polling loop of their own (the reminder engine off, tests): the first is written
 * one interval after start.
 */
export function startBackupSchedule(options: BackupOptions): BackupSchedule {
  const backups = createBackupJob(options);
  const loop = createPollingLoop([backups.job], options.log);
  loop.start();
  return {
    runOnce: backups.runOnce,
    async stop() {
      await loop.stop();
      await backups.idle();
    },
  };
}
