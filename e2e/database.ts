/**
 * The journeys' database (decision 106). With TEST_DATABASE_URL set (CI), a new PostgreSQL
 * database on that server: native PostgreSQL serves the journeys' requests for a third of the
 * CPU the embedded one needs, and the API tests and the pseudo-locale journey keep PGlite. Without
 * it (a developer's `npm test`), none: the server makes a new PGlite data directory.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A run's databases are named diacare_e2e_<ms since 1970>; those older than this are dropped. */
const STALE_MS = 6 * 60 * 60 * 1000;

/**
 * Creates the run's database once (Playwright loads this config in its runner and again in
 * every worker; the workers inherit the runner's E2E_DATABASE_URL) and drops the databases of
 * runs more than 6 hours old. Returns its URL, or undefined without TEST_DATABASE_URL.
 */
export function journeysDatabaseUrl(): string | undefined {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const name = `diacare_e2e_${Date.now()}`;
  // Synchronous, since the web server starts as soon as the config is read: a short node -e
  // with the server's own driver.
  const script = `
    const pg = require('pg');
    (async () => {
      const client = new pg.Client({ connectionString: process.argv[1] });
      await client.connect();
      const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'diacare_e2e_%'");
      for (const { datname } of rows) {
        if (Date.now() - Number(datname.slice(12)) > ${STALE_MS}) await client.query('DROP DATABASE IF EXISTS ' + datname + ' WITH (FORCE)');
      }
      await client.query('CREATE DATABASE ${name}');
      await client.end();
    })().catch((error) => { console.error(error.message); process.exit(1); });`;
  execFileSync(process.execPath, ['-e', script, adminUrl], {
    cwd: fileURLToPath(new URL('../apps/server/', import.meta.url)),
    stdio: 'inherit',
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.E2E_DATABASE_URL = url.toString();
  return process.env.E2E_DATABASE_URL;
}
