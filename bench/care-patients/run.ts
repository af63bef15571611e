/**
 * The patient list of a doctor following many (decision 086): GET /api/care/patients?summary_days=14
 * for a doctor following `--patients` people (default 1,000), each with 14 days of sensor readings
 * every 15 minutes (96 a day) and a twice-daily medicine with its dose records, through the real
 * app (app.inject). Reports p50 and p95 of `--rounds` requests after `--warm` unmeasured ones, and
 * the same for a doctor following 10 as the run's baseline. Budget: p95 ≤ 500 ms at 1,000.
 * PostgreSQL with DATABASE_URL (a throwaway database is made beside it), else PGlite in memory.
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:care-patients [-- --patients 1000]
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { localDate, shiftDate } from '@diacare/contract/dates';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { signIn } from '../../apps/server/test/helpers.ts';

const { values: options } = parseArgs({
  options: {
    patients: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '30' },
    warm: { type: 'string', default: '3' },
  },
});
const PATIENTS = Number(options.patients);
const DAYS = 14;
const PER_DAY = 96;
const adminUrl = process.env.DATABASE_URL;

/** A throwaway PostgreSQL database beside DATABASE_URL, dropped afterwards; or PGlite in memory. */
async function withDatabase<T>(use: (url: string | undefined) => Promise<T>): Promise<T> {
  if (!adminUrl) return use(undefined);
  const name = `diacare_patients_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function scenario(url: string | undefined, patients: number) {
  const database = await openDatabase({ databaseUrl: url, dataDir: url ? '' : 'memory://' });
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '3000',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await buildApp({ env, db: database.db, clock: () => new Date() });
  await app.ready();
  const doctor = await signIn(app, {
    name: 'Dr Bench',
    email: `bench-doctor-${patients}@example.com`,
    timezone: 'Asia/Kolkata',
  });
  const today = localDate(new Date(), 'Asia/Kolkata');
  const start = shiftDate(today, -(DAYS - 1));
  const seedStart = performance.now();
  const db = database.db;
  // People, their circle membership (glucose and medicines shared), one committed import each.
  await db.execute(sql`
    INSERT INTO users (issuer, subject, name, email, timezone)
    SELECT 'bench', 'patient-' || i, 'Patient ' || i, 'patient' || i || '@bench.example', 'Asia/Kolkata'
    FROM generate_series(1, ${patients}) i`);
  await db.execute(sql`
    INSERT INTO care_members (patient_id, member_id, role, scopes)
    SELECT id, ${doctor.user.id}::uuid, 'doctor', ARRAY['medications', 'glucose'] FROM users WHERE issuer = 'bench'`);
  await db.execute(sql`
    INSERT INTO import_batches (user_id, format, status) SELECT id, 'libreview', 'committed' FROM users WHERE issuer = 'bench'`);
  // 96 readings a day for 14 days, every 15 minutes; some people run low at night.
  await db.execute(sql`
    INSERT INTO sensor_readings (user_id, batch_id, source, device_serial, measured_at, date, time, value, kind)
    SELECT b.user_id, b.id, 'libreview', 'BENCH', ((d::date + (q * 15) * interval '1 minute') AT TIME ZONE 'Asia/Kolkata'),
      d::date, to_char(time '00:00' + (q * 15) * interval '1 minute', 'HH24:MI'),
      CASE WHEN q < 12 AND hashtext(b.user_id::text) % 7 = 0 THEN 52 ELSE 80 + ((q * 13 + hashtext(b.user_id::text)) & 127) END,
      'cgm'
    FROM import_batches b, generate_series(${start}::date, ${today}::date, interval '1 day') d, generate_series(0, ${PER_DAY - 1}) q`);
  await db.execute(sql`
    INSERT INTO medications (user_id, name, dosage, form, color, frequency, times, start_date, created_at)
    SELECT id, 'Metformin', '500 mg', 'Tablet', '#FF6B6B', 'daily', ARRAY['08:00', '20:00'], ${start}::date - 30, now() - interval '60 days'
    FROM users WHERE issuer = 'bench'`);
  await db.execute(sql`
    INSERT INTO adherence_records (user_id, medication_id, date, scheduled_time, status)
    SELECT m.user_id, m.id, d::date, t, CASE WHEN (extract(day FROM d)::int + hashtext(m.user_id::text)) % 5 = 0 THEN 'skipped' ELSE 'taken' END
    FROM medications m, generate_series(${start}::date, ${today}::date - 1, interval '1 day') d, unnest(ARRAY['08:00', '20:00']) t`);
  if (url) await db.execute(sql`ANALYZE`);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const ask = async () => {
    const began = performance.now();
    const response = await doctor.request({ url: '/api/care/patients?summary_days=14&limit=50' });
    if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
    return { ms: performance.now() - began, rows: response.json().length as number };
  };
  for (let i = 0; i < Number(options.warm); i += 1) await ask();
  const times: number[] = [];
  let rows = 0;
  // The app's own CPU time per request: less moved by other work on a shared machine than wall time.
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < Number(options.rounds); i += 1) {
    const answer = await ask();
    times.push(answer.ms);
    rows = answer.rows;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / Number(options.rounds);
  times.sort((a, b) => a - b);
  await app.close();
  await database.close();
  return { patients, seedSeconds, rows, cpuMs, p50: percentile(times, 50), p95: percentile(times, 95) };
}

const results = [];
for (const patients of [10, PATIENTS]) results.push(await withDatabase((url) => scenario(url, patients)));
console.log(
  `driver: ${adminUrl ? 'PostgreSQL' : 'PGlite (in memory)'}; ${DAYS} days × ${PER_DAY} sensor readings a day per patient; GET /api/care/patients?summary_days=14&limit=50`,
);
console.log('patients  sensor rows   seed s   p50 ms   p95 ms   app CPU ms/request');
for (const r of results) {
  console.log(
    `${String(r.patients).padStart(8)}${String(r.patients * DAYS * PER_DAY).padStart(13)}${r.seedSeconds.toFixed(1).padStart(9)}${r.p50
      .toFixed(0)
      .padStart(9)}${r.p95.toFixed(0).padStart(9)}${r.cpuMs.toFixed(0).padStart(9)}`,
  );
}
const full = results.at(-1)!;
// Other work on the machine (other processes, other benches) slows every figure: say how much there was.
console.log(
  `load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')} on ${availableParallelism()} cores`,
);
console.log(
  `\np95 at ${full.patients} patients: ${full.p95.toFixed(0)} ms (budget ≤ 500 ms); ratio to 10 patients ${(full.p95 / results[0]!.p95).toFixed(1)}`,
);
if (full.p95 > 500) process.exitCode = 1;
