/**
 * One step of the report-memory bench, in its own process so its peak RSS is its own: `--mode seed`
 * bulk-inserts `--years` of data; `--mode report` asks GET /api/reports/doctor?days=90 `--reports`
 * times, sampling RSS every 5 ms. PGlite in `--data-dir` or BENCH_DATABASE_URL; one JSON line out.
 */
import { parseArgs } from 'node:util';
import { localDate, shiftDate } from '@diacare/contract/dates';
import { buildApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import {
  adherenceRecords,
  bloodPressureReadings,
  bodyMetrics,
  glucoseReadings,
  importBatches,
  sensorReadings,
} from '../../apps/server/src/db/schema.ts';
import { signIn } from '../../apps/server/test/helpers.ts';

const { values: options } = parseArgs({
  options: {
    mode: { type: 'string', default: 'seed' },
    years: { type: 'string', default: '10' },
    reports: { type: 'string', default: '5' },
    'data-dir': { type: 'string', default: '' },
    'sensor-days': { type: 'string', default: '0' },
  },
});
const DAYS = Math.round(Number(options.years) * 365);
const CHUNK = 2000;
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: options['data-dir'] });
const env = parseEnv({
  NODE_ENV: 'test',
  PORT: '3000',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  WEB_DIST_DIR: '/nonexistent',
});
const app = await buildApp({ env, db: database.db, clock: () => new Date() });
await app.ready();
const user = await signIn(app, { name: 'Bench User', email: 'bench@example.com', timezone: 'Asia/Kolkata' });
const today = localDate(new Date(), 'Asia/Kolkata');

async function seed() {
  const medication = (
    await user.request({
      method: 'POST',
      url: '/api/medications',
      payload: {
        name: 'Metformin',
        dosage: '500 mg',
        form: 'Tablet',
        color: '#FF6B6B',
        schedule: { frequency: 'daily', times: ['08:00', '20:00'], start_date: shiftDate(today, -DAYS) },
        refill_reminder: { enabled: false, pills_remaining: 60, threshold: 7 },
      },
    })
  ).json() as { id: string };
  const seedStart = performance.now();
  const userId = user.user.id;
  const glucose = [];
  const pressure = [];
  const weights = [];
  const doses = [];
  for (let day = 0; day < DAYS; day += 1) {
    const date = shiftDate(today, -day);
    for (const [index, time] of ['07:30', '12:30', '19:30', '22:00'].entries()) {
      glucose.push({
        user_id: userId,
        value: 70 + ((day * 37 + index * 53) % 200),
        meal_context: 'Fasting',
        date,
        time,
      });
    }
    pressure.push({
      user_id: userId,
      systolic: 115 + (day % 30),
      diastolic: 70 + (day % 15),
      pulse: 72,
      date,
      time: '08:00',
    });
    if (day % 7 === 0) weights.push({ user_id: userId, weight: 70 + (day % 10), height: 170, bmi: 24.2, date });
    for (const scheduled_time of ['08:00', '20:00']) {
      doses.push({
        user_id: userId,
        medication_id: medication.id,
        date,
        scheduled_time,
        status: (day % 4 === 0 ? 'skipped' : 'taken') as 'skipped' | 'taken',
      });
    }
  }
  const insertAll = async (table: Parameters<typeof database.db.insert>[0], rows: object[]) => {
    for (let i = 0; i < rows.length; i += CHUNK)
      await database.db.insert(table).values(rows.slice(i, i + CHUNK) as never);
  };
  await insertAll(glucoseReadings, glucose);
  await insertAll(bloodPressureReadings, pressure);
  await insertAll(bodyMetrics, weights);
  await insertAll(adherenceRecords, doses);
  const sensor = await seedSensor(userId, Number(options['sensor-days']));
  await insertAll(sensorReadings, sensor);
  const rows = glucose.length + pressure.length + weights.length + doses.length + sensor.length;
  const seedSeconds = (performance.now() - seedStart) / 1000;
  return { years: Number(options.years), rows, seedSeconds: Math.round(seedSeconds * 10) / 10 };
}

/** A committed LibreView import of 5-minute readings over the last `days` days (none when 0). */
async function seedSensor(userId: string, days: number) {
  if (days === 0) return [];
  const [batch] = await database.db
    .insert(importBatches)
    .values({ user_id: userId, format: 'libreview', status: 'committed' })
    .returning();
  const end = Date.now();
  return Array.from({ length: days * 288 }, (_, i) => {
    const measured_at = new Date(end - (i + 1) * 5 * 60_000);
    const local = new Date(measured_at.getTime() + 330 * 60_000).toISOString();
    return {
      user_id: userId,
      batch_id: batch!.id,
      source: 'libreview',
      device_serial: 'BENCH-1',
      measured_at,
      date: local.slice(0, 10),
      time: local.slice(11, 16),
      value: 60 + ((i * 7) % 220),
      kind: 'cgm',
    };
  });
}

async function report() {
  globalThis.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  let bytes = 0;
  const reportStart = performance.now();
  for (let i = 0; i < Number(options.reports); i += 1) {
    const response = await user.request({ url: '/api/reports/doctor?days=90' });
    if (response.statusCode !== 200) throw new Error(`report failed: ${response.statusCode} ${response.body}`);
    bytes = response.rawPayload.length;
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  const reportSeconds = (performance.now() - reportStart) / 1000 / Number(options.reports);
  clearInterval(sampler);
  return {
    reportSeconds: Math.round(reportSeconds * 1000) / 1000,
    rssBeforeMiB: mib(before),
    rssPeakMiB: mib(peak),
    reportExtraMiB: mib(peak - before),
    pdfBytes: bytes,
  };
}

const result = options.mode === 'seed' ? await seed() : await report();
await app.close();
await database.close();
console.log(JSON.stringify(result));
