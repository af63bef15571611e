/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`: the database
 * configured by DATABASE_URL, else the embedded one in DATA_DIR. Faults are one line, exit 1.
 */
import { existsSync } from 'node:fs';
import { parseEnv } from './config/env.ts';
import { BackupError } from './modules/ops/backup-file.ts';
import { backupPglite, backupPostgres, restoreBackup } from './modules/ops/backup.ts';

const USAGE = 'usage: npm run backup -- <file>  |  npm run restore -- <file>';

async function main(): Promise<void> {
  const [command, file, ...rest] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) throw new BackupError(USAGE);
  const env = parseEnv(process.env);
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}`;
  if (command === 'backup') {
    if (existsSync(file)) throw new BackupError(`${file} exists: choose a new file name`);
    if (env.DATABASE_URL) await backupPostgres(env.DATABASE_URL, file);
    else await backupPglite(env.DATA_DIR, file);
    console.log(`Backed up ${where} to ${file}`);
  } else {
    await restoreBackup(file, { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    console.log(`Restored ${file} into ${where}`);
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof BackupError ? message : message.split('\n').join(' '));
  process.exit(1);
});
