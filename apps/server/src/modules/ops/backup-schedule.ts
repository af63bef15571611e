/**
 * The server's own backups: every BACKUP_EVERY_HOURS into BACKUP_DIR,
 * written atomically, keeping the newest BACKUP_KEEP. This is how the embedded database is
 * backed up while the server runs.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { backupPostgres, dumpPglite } from './backup.ts';
import { writeBackupAtomically } from './backup-file.ts';

/** diacare-20261126T220000123Z.backup: names sort by time. */
const NAME = /^diacare-\d{8}T\d{9,}Z\.backup$/;

export interface BackupSchedule {
  /** Writes one backup now and prunes; resolves to its path. */
  runOnce(): Promise<string>;
  /** Stops the timer and waits for a backup in progress. */
  stop(): Promise<void>;
}

/**
 * @param options.everyMs interval between backups (ms); the first is written one interval after start.
 * @param options.keep backups kept (newest by name); older `diacare-*.backup` files are deleted.
 */
export function startBackupSchedule(options: {
  dir: string;
  everyMs: number;
  keep: number;
  database: Pick<DatabaseHandle, 'pglite'>;
  databaseUrl?: string | undefined;
  log?: FastifyBaseLogger;
}): BackupSchedule {
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
  const timer = setInterval(() => {
    runOnce().then(
      (path) => options.log?.info({ backup: path }, 'backup written'),
      (error: unknown) => options.log?.error({ err: error }, 'backup failed'),
    );
  }, options.everyMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
