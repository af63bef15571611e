/**
 * Export memory benchmark: the built server's peak RSS while downloading both exports of an empty,
 * a 1-year and a 10-year user; constant memory means 10 years grows RSS about as much as 1 year.
 * Decision 020.
 * Usage: npm run bench:export-memory [-- --driver pglite|postgres] [--years 10] [--database-url …] [--port 3199]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localDate, shiftDate } from '@diacare/contract/dates';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import {
  adherenceRecords,
  bloodPressureReadings,
  bodyMetrics,
  glucoseReadings,
  medications,
} from '../../apps/server/src/db/schema.ts';

const { values: options } = parseArgs({
  options: {
    driver: { type: 'string', default: 'pglite' },
    years: { type: 'string', default: '10' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '3199' },
  },
});
const PORT = Number(options.port);
const ORIGIN = `http://localhost:${PORT}`;
const ZONE = 'Asia/Kolkata';
const CHUNK = 1000;
const serverEntry = new URL('../../apps/server/dist/server.js', import.meta.url).pathname;
const mb = (kb: number) => (kb / 1024).toFixed(1);
const log = (line: string) => console.log(line);

/** Resident set of `pid` in kB (Linux). */
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, ...env, PORT: String(PORT), LOG_LEVEL: 'warn', REMINDER_ENGINE: 'false' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${ORIGIN}/auth/login`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Local sign-in, like the browser: the form, then the one-time code for a session cookie. */
async function signIn(name: string): Promise<{ cookie: string; id: string }> {
  const login = await fetch(`${ORIGIN}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name, email: `${randomUUID()}@example.com`, redirect: `${ORIGIN}/` }),
  });
  const code = new URL(login.headers.get('location')!).hash.replace('#session_id=', '');
  const session = await fetch(`${ORIGIN}/api/auth/session`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ session_id: code, timezone: ZONE }),
  });
  const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, id: ((await session.json()) as { user: { id: string } }).user.id };
}

async function insertAll<T>(db: Database, table: Parameters<Database['insert']>[0], rows: T[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await db.insert(table).values(rows.slice(i, i + CHUNK) as never);
}

/** `years` of data for `userId`, ending yesterday. Returns the number of rows inserted. */
async function seed(db: Database, userId: string, years: number): Promise<number> {
  const today = localDate(new Date(), ZONE);
  const days = Math.round(years * 365.25);
  const first = shiftDate(today, -days);
  const meds = await db
    .insert(medications)
    .values(
      [
        { name: 'Metformin', dosage: '500 mg', times: ['08:00', '20:00'] },
        { name: 'Glimepiride', dosage: '1 mg', times: ['08:00'] },
        { name: 'Atorvastatin', dosage: '10 mg', times: ['21:00'] },
      ].map((medicine) => ({
        user_id: userId,
        ...medicine,
        form: 'Tablet',
        color: '#FF6B6B',
        frequency: 'daily' as const,
        start_date: first,
      })),
    )
    .returning({ id: medications.id, times: medications.times });
  const glucose = [];
  const bp = [];
  const weight = [];
  const adherence = [];
  const contexts = ['Fasting', 'After Breakfast', 'Before Dinner', 'Bedtime'];
  for (let day = 0; day < days; day += 1) {
    const date = shiftDate(first, day);
    for (const [i, time] of ['07:00', '10:00', '19:00', '22:30'].entries()) {
      glucose.push({ user_id: userId, value: 90 + ((day * 7 + i * 31) % 150), meal_context: contexts[i]!, date, time });
    }
    bp.push({
      user_id: userId,
      systolic: 115 + (day % 30),
      diastolic: 75 + (day % 10),
      pulse: 70,
      date,
      time: '08:00',
    });
    if (day % 7 === 0) weight.push({ user_id: userId, weight: 70 + (day % 50) / 10, height: 165, bmi: 25.7, date });
    for (const medicine of meds) {
      for (const time of medicine.times) {
        const taken = (day + time.length) % 10 !== 0;
        adherence.push({
          user_id: userId,
          medication_id: medicine.id,
          date,
          scheduled_time: time,
          taken_time: taken ? time : null,
          status: taken ? ('taken' as const) : ('skipped' as const),
        });
      }
    }
  }
  await insertAll(db, glucoseReadings, glucose);
  await insertAll(db, bloodPressureReadings, bp);
  await insertAll(db, bodyMetrics, weight);
  await insertAll(db, adherenceRecords, adherence);
  return meds.length + glucose.length + bp.length + weight.length + adherence.length;
}

/** Downloads `path` with the cookie, discarding the bytes; samples the server's RSS meanwhile. */
async function download(pid: number, cookie: string, path: string) {
  let peak = rssKb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 10);
  const started = performance.now();
  const response = await fetch(`${ORIGIN}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  return { bytes, seconds: (performance.now() - started) / 1000, peakKb: peak };
}

async function main() {
  const years = Number(options.years);
  const dataDir = mkdtempSync(join(tmpdir(), 'diacare-export-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (options.driver === 'postgres') {
    const name = `diacare_export_bench_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: options['database-url'] });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(options['database-url']!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: options['database-url'] });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const env = { DATA_DIR: dataDir, NODE_ENV: 'test', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  try {
    let server = await startServer(env);
    const empty = await signIn('Empty User');
    const oneYear = await signIn('One Year');
    const tenYears = await signIn('Many Years');
    await stopServer(server);

    const seedStart = performance.now();
    const database = await openDatabase({ databaseUrl, dataDir });
    const rows1 = await seed(database.db, oneYear.id, 1);
    const rowsN = await seed(database.db, tenYears.id, years);
    await database.close();
    log(
      `driver ${options.driver}: seeded ${rows1} rows (1 year) and ${rowsN} rows (${years} years) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    server = await startServer(env);
    const pid = server.pid!;
    log(`server RSS after start: ${mb(rssKb(pid))} MB`);
    const results: { user: string; path: string; bytes: number; seconds: number; peakKb: number }[] = [];
    const run = async (user: string, cookie: string) => {
      for (const path of ['/api/export/csv', '/api/export/fhir']) {
        results.push({ user, path, ...(await download(pid, cookie, path)) });
      }
    };
    await run('empty (warm-up)', empty.cookie);
    await run('empty', empty.cookie);
    await run('1 year', oneYear.cookie);
    await run(`${years} years`, tenYears.cookie);
    await stopServer(server);

    log('\nuser               export              size        time     peak RSS');
    for (const r of results) {
      log(
        `${r.user.padEnd(18)} ${r.path.padEnd(18)} ${(r.bytes / 1e6).toFixed(2).padStart(8)} MB ${r.seconds.toFixed(2).padStart(6)} s ${mb(r.peakKb).padStart(8)} MB`,
      );
    }
    const baseline = Math.max(...results.filter((r) => r.user === 'empty').map((r) => r.peakKb));
    const peakOf = (user: string) => Math.max(...results.filter((r) => r.user === user).map((r) => r.peakKb));
    const sizeOf = (user: string) => results.filter((r) => r.user === user).reduce((sum, r) => sum + r.bytes, 0);
    const growth1 = peakOf('1 year') - baseline;
    const growthN = peakOf(`${years} years`) - baseline;
    log(`\nbaseline (empty user) peak RSS: ${mb(baseline)} MB`);
    log(`1 year:  RSS growth ${mb(growth1)} MB for ${(sizeOf('1 year') / 1e6).toFixed(1)} MB of exports`);
    log(
      `${years} years: RSS growth ${mb(growthN)} MB for ${(sizeOf(`${years} years`) / 1e6).toFixed(1)} MB of exports`,
    );
    log(
      `${years} years is ${(sizeOf(`${years} years`) / sizeOf('1 year')).toFixed(1)}× the bytes of 1 year and grows RSS by ${(growthN - growth1) / 1024 >= 0 ? '+' : ''}${mb(growthN - growth1)} MB more: constant memory keeps this near 0`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  }
}

await main();
