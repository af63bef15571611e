/**
 * Backup and restore of either database (decision 041): PGlite's data
 * directory through dumpDataDir()/loadDataDir, PostgreSQL through pg_dump/pg_restore in the
 * custom format. Restores go only into an empty target.
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_START_PARAMS } from '../../db/client.ts';
import { BackupError, readBackupHeader, writeBackupAtomically } from './backup-file.ts';

/**
 * Dumps a PGlite database's data directory (gzip tarball). Works on the server's live client:
 * a CHECKPOINT first, then the dump while no query runs.
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  await client.exec('CHECKPOINT');
  const blob = await client.runExclusive(() => client.dumpDataDir('gzip'));
  return Buffer.from(await blob.arrayBuffer());
}

/** Backs up the embedded database in `dataDir` (the server must be stopped) to `file`. */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) throw new BackupError(`DATA_DIR ${dataDir} holds no database`);
  const client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
  try {
    await writeBackupAtomically(file, 'pglite', await dumpPglite(client));
  } finally {
    await client.close();
  }
}

/** libpq's environment for `url`: the password goes in PGPASSWORD, never on a command line. */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a pg_dump/pg_restore child; resolves when it exits 0, else rejects with its last stderr line. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv, stdin?: Readable) {
  const child = spawn(tool, args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (stdin && child.stdin) stdin.pipe(child.stdin);
  const done = new Promise<void>((resolvePromise, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT' ? `${tool} is not installed (apt-get install postgresql-client)` : error.message,
        ),
      ),
    );
    child.once('exit', (code) => {
      const last = stderr.trim().split('\n').at(-1) ?? '';
      if (code === 0) resolvePromise();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${last}`));
    });
  });
  return { child, done };
}

/** Backs up the PostgreSQL database at `url` with pg_dump's custom format (at any time) to `file`. */
export async function backupPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  const { child, done } = runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${dbname}`],
    env,
  );
  const written = writeBackupAtomically(file, 'pg_dump', child.stdout!);
  await Promise.all([done, written]);
}

/** Restores a 'pglite' backup into `dataDir`, which must be missing or empty. */
async function restorePglite(file: string, offset: number, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(`DATA_DIR ${dataDir} is not empty: restore only into an empty directory`);
  }
  const dump = (await readFile(file)).subarray(offset);
  // PGlite.create resolves once the restored database has started (its waitReady).
  const client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS, loadDataDir: new Blob([dump]) });
  await client.close();
}

/** Restores a 'pg_dump' backup into the database at `url`, which must hold no tables. */
async function restorePostgres(file: string, offset: number, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.n > 0)
      throw new BackupError('DATABASE_URL: the database is not empty: restore only into an empty database');
  } finally {
    await client.end();
  }
  const { dbname, env } = libpqTarget(url);
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`];
  await runTool('pg_restore', args, env, createReadStream(file, { start: offset })).done;
}

/**
 * Restores `file` into the configured database: PostgreSQL when `target.databaseUrl` is set,
 * else the embedded database in `target.dataDir`. The backup's kind must match the target.
 * @throws BackupError (one line) for a file that is not a DiaCare backup, a kind that does not
 * match, or a target that is not empty.
 */
export async function restoreBackup(file: string, target: { databaseUrl?: string | undefined; dataDir: string }) {
  const { kind, offset } = await readBackupHeader(file);
  if (target.databaseUrl) {
    if (kind !== 'pg_dump')
      throw new BackupError(`${file} is an embedded-database backup: unset DATABASE_URL to restore it into DATA_DIR`);
    await restorePostgres(file, offset, target.databaseUrl);
  } else {
    if (kind !== 'pglite') throw new BackupError(`${file} is a PostgreSQL backup: set DATABASE_URL to restore it`);
    await restorePglite(file, offset, target.dataDir);
  }
}
