/**
 * One scenario of the report-memory bench, in a process of its own so its peak RSS is its
 * own: builds the real app on a fresh database (PGlite in memory, or PostgreSQL with
 * DATABASE_URL), signs a user in, bulk-inserts `--years` of data through drizzle (4 glucose
 * readings, 1 blood pressure, 2 doses a day; weight weekly), then asks
 * GET /api/reports/doctor?days=90 `--reports` times while sampling RSS every 5 ms.
 * Prints one JSON line: rows seeded, seconds, RSS before and peak (MiB), PDF bytes.
 */
import { parseArgs } from 'node:util';
import { localDate, shiftDate } from '@diacare/contract/dates';
import {
  adherenceRecords,
  bloodPressureReadings,
  bodyMetrics,
  glucoseReadings,
} from '../../apps/server/src/db/schema.ts';
import { createTestApp, signIn } from '../../apps/server/test/helpers.ts';

const { values: options } = parseArgs({
  options: { years: { type: 'string', default: '10' }, reports: { type: 'string', default: '5' } },
});
const DAYS = Math.round(Number(options.years) * 365);
const CHUNK = 2000;
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const t = await createTestApp(process.env.DATABASE_URL ? 'postgres' : 'pglite');
const user = await signIn(t.app, { name: 'Bench User', email: 'bench@example.com', timezone: 'Asia/Kolkata' });
const today = localDate(new Date(), 'Asia/Kolkata');
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
    glucose.push({ user_id: userId, value: 70 + ((day * 37 + index * 53) % 200), meal_context: 'Fasting', date, time });
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
const insertAll = async (table: Parameters<typeof t.database.db.insert>[0], rows: object[]) => {
  for (let i = 0; i < rows.length; i += CHUNK)
    await t.database.db.insert(table).values(rows.slice(i, i + CHUNK) as never);
};
await insertAll(glucoseReadings, glucose);
await insertAll(bloodPressureReadings, pressure);
await insertAll(bodyMetrics, weights);
await insertAll(adherenceRecords, doses);
const rows = glucose.length + pressure.length + weights.length + doses.length;
glucose.length = pressure.length = weights.length = doses.length = 0;
const seedSeconds = (performance.now() - seedStart) / 1000;

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
await t.close();
console.log(
  JSON.stringify({
    years: Number(options.years),
    rows,
    seedSeconds: Math.round(seedSeconds * 10) / 10,
    reportSeconds: Math.round(reportSeconds * 1000) / 1000,
    rssBeforeMiB: mib(before),
    rssPeakMiB: mib(peak),
    reportExtraMiB: mib(peak - before),
    pdfBytes: bytes,
  }),
);
