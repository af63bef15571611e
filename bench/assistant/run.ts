/**
 * Assistant benchmark: the real server, one user with 2 years of data; time to the first 'delta' and to 'done' of the
 * answers against History's 30-day fetch. Budget: first answer ≤ 200 ms at p95. --language hi asks in Hindi.
 * Usage: npm run bench:assistant [-- --rounds 40] [--database-url postgres://…] [--language hi]
 */
import { parseArgs } from 'node:util';
import { localDate, shiftDate } from '@diacare/contract/dates';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createAppointmentRepository } from '../../apps/server/src/modules/appointments/appointment.repository.ts';
import { createHealthRepository } from '../../apps/server/src/modules/health/health.repository.ts';
import { createMedicationRepository } from '../../apps/server/src/modules/medications/medication.repository.ts';
import { signIn } from '../../apps/server/test/helpers.ts';
import { sequence } from '../../apps/server/test/support/assistant-seed.ts';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '40' },
    days: { type: 'string', default: '730' },
    'database-url': { type: 'string' },
    language: { type: 'string', default: 'en' },
  },
});
const HINDI = options.language === 'hi';
const ROUNDS = Number(options.rounds);
const DAYS = Number(options.days);
const ZONE = 'Asia/Kolkata';
const QUESTIONS = HINDI
  ? [
      'इस हफ़्ते मेरी शुगर कैसी रही?',
      'क्या मैंने आज अपनी दवाइयाँ लीं?',
      'मेरा अगला अपॉइंटमेंट कब है?',
      'मुझे क्या खाना चाहिए?',
      'इस महीने मैंने दवा कितनी नियमित ली?',
      'मेरा बीपी कैसा है?',
      'क्या मैं मेटफॉर्मिन बंद कर दूँ?',
      'फ्रांस की राजधानी क्या है?',
    ]
  : [
      'How was my sugar this week?',
      'Did I take my medicines today?',
      'When is my next appointment?',
      'What should I eat?',
      'What is my adherence this month?',
      'How is my BP?',
      'Should I stop my metformin?',
      'What is the capital of France?',
    ];

const log = (line: string) => console.log(line);
const ms = (value: number) => value.toFixed(1);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function createDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const admin = options['database-url'];
  if (!admin) return { drop: async () => {} };
  const name = `diacare_bench_assistant_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const target = await createDatabase();
const database = await openDatabase({ databaseUrl: target.url, dataDir: 'memory://' });
const env = parseEnv({
  NODE_ENV: 'production',
  PORT: '3000',
  AUTH_LOCAL_SIGNIN: 'true',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  ASSISTANT_RATE_LIMIT_PER_MINUTE: '100000',
  WEB_DIST_DIR: '/nonexistent',
});
const app = await buildApp({ env, db: database.db, clock: () => new Date() });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// Sign in through the real local sign-in (inject uses the app's configured origin).
const user = await signIn(app, { name: 'Bench User', email: 'bench@example.com', timezone: ZONE });
const userId = user.user.id;
const headers = { cookie: user.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' };
if (HINDI) {
  const saved = await user.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
  if (saved.statusCode !== 200) throw new Error(`setting the language failed: ${saved.statusCode}`);
}

log(`Seeding ${DAYS} days of data on ${target.url ? 'PostgreSQL' : 'PGlite'}…`);
const seedStarted = performance.now();
const today = localDate(new Date(), ZONE);
const start = shiftDate(today, -(DAYS - 1));
const medications = createMedicationRepository(database.db);
const health = createHealthRepository(database.db);
const appointments = createAppointmentRepository(database.db);
const random = sequence(7);
const medicine = (name: string, times: string[]) =>
  medications.create(userId, {
    name,
    dosage: '500 mg',
    form: 'Tablet',
    instructions: '',
    color: '#FF6B6B',
    when_to_take: null,
    schedule: { frequency: 'daily', times, weekdays: [], start_date: start, end_date: null },
    refill_reminder: { enabled: true, pills_remaining: 5000, threshold: 7 },
  });
const meds = [await medicine('Metformin', ['08:00', '20:00']), await medicine('Glimepiride', ['09:00'])];
let rows = 0;
for (let offset = DAYS - 1; offset >= 1; offset -= 1) {
  const date = shiftDate(today, -offset);
  for (const medication of meds) {
    for (const time of medication.schedule.times) {
      const status = random() < 0.85 ? 'taken' : 'missed';
      await medications.recordDose(userId, {
        medication_id: medication.id,
        date,
        scheduled_time: time,
        status,
        taken_time: status === 'taken' ? time : undefined,
      });
      rows += 1;
    }
  }
  for (const time of ['07:30', '13:30', '20:30']) {
    await health.createGlucose(userId, { value: Math.round(70 + random() * 150), meal_context: 'Fasting', date, time });
    rows += 1;
  }
  await health.createBloodPressure(userId, {
    systolic: Math.round(115 + random() * 30),
    diastolic: Math.round(70 + random() * 15),
    pulse: 70,
    date,
    time: '08:00',
  });
  rows += 1;
  if (offset % 7 === 0) {
    await health.createBodyMetrics(userId, { weight: 75 + Math.round(random() * 50) / 10, height: 170, bmi: 26, date });
    rows += 1;
  }
}
for (let i = 1; i <= 20; i += 1) {
  await appointments.create(userId, {
    type: 'doctor',
    title: `Review ${i}`,
    doctor: 'Dr Rao',
    location: 'Clinic',
    date: shiftDate(today, i * 15),
    time: '10:00',
    notes: '',
    starts_at: new Date(Date.now() + i * 15 * 86_400_000),
  });
}
log(`Seeded ${rows} rows in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s.`);

async function timeBaseline(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/health/glucose?start_date=${shiftDate(today, -29)}`, { headers });
  await response.json();
  return performance.now() - started;
}

/** Times one question: ms to the first delta line and to the done line. */
async function timeQuestion(content: string): Promise<{ first: number; done: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/assistant/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ content }),
  });
  if (response.status !== 200) throw new Error(`POST → ${response.status} ${await response.text()}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let first = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    if (!first && buffer.includes('"type":"delta"')) first = performance.now() - started;
  }
  if (!buffer.includes('"type":"done"')) throw new Error(`no done event: ${buffer.slice(-300)}`);
  return { first, done: performance.now() - started };
}

// Warm-up: JIT, the knowledge index, connection pools.
for (const question of QUESTIONS) await timeQuestion(question);
for (let i = 0; i < 5; i += 1) await timeBaseline();
// Clear the warm-up conversation so every run starts alike.
await fetch(`${base}/api/assistant/messages`, { method: 'DELETE', headers });

const baseline: number[] = [];
const perQuestion = new Map<string, { first: number[]; done: number[] }>(
  QUESTIONS.map((q) => [q, { first: [], done: [] }]),
);
for (let round = 0; round < ROUNDS; round += 1) {
  baseline.push(await timeBaseline());
  for (const question of QUESTIONS) {
    const timing = await timeQuestion(question);
    perQuestion.get(question)!.first.push(timing.first);
    perQuestion.get(question)!.done.push(timing.done);
  }
}

log('');
log(`${ROUNDS} rounds; times in ms over HTTP on 127.0.0.1 (first = first delta line, done = whole answer saved)`);
log('| question | first p50 | first p95 | done p50 | done p95 |');
log('| --- | ---: | ---: | ---: | ---: |');
for (const [question, timing] of perQuestion) {
  log(
    `| ${question} | ${ms(percentile(timing.first, 50))} | ${ms(percentile(timing.first, 95))} | ${ms(percentile(timing.done, 50))} | ${ms(percentile(timing.done, 95))} |`,
  );
}
const allFirst = [...perQuestion.values()].flatMap((t) => t.first);
const allDone = [...perQuestion.values()].flatMap((t) => t.done);
const baselineP95 = percentile(baseline, 95);
log(
  `| **all questions** | ${ms(percentile(allFirst, 50))} | **${ms(percentile(allFirst, 95))}** | ${ms(percentile(allDone, 50))} | ${ms(percentile(allDone, 95))} |`,
);
log('');
log(`Baseline (History's 30-day glucose fetch): p50 ${ms(percentile(baseline, 50))} ms, p95 ${ms(baselineP95)} ms`);
log(`First answer p95 / baseline p95: ${(percentile(allFirst, 95) / baselineP95).toFixed(2)}`);
log(`Target: first answer p95 ≤ 200 ms → ${percentile(allFirst, 95) <= 200 ? 'met' : 'NOT met'}`);

await app.close();
await database.close();
await target.drop();
