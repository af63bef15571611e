/**
 * Meals benchmark (decisions 088, 089): GET /api/reports/meals?days=90 for a user with 90 days of
 * 5-minute sensor readings (25,920) and 270 meals, p50/p95 of `--runs` requests against GET
 * /api/reports/glucose?days=90 on the same data as the same run's baseline; target p95 ≤ 300 ms on
 * PostgreSQL. Then the food search: every query of a list in three scripts with typos, p95 per
 * query; target < 50 ms. PostgreSQL with DATABASE_URL (a fresh database made and dropped), else PGlite.
 * Usage: DATABASE_URL=postgres://… npm run bench:meals [-- --runs 40]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { localDate, shiftDate } from '@diacare/contract/dates';
import { buildApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { importBatches, meals, sensorReadings } from '../../apps/server/src/db/schema.ts';
import { FOODS } from '../../apps/server/src/modules/meals/foods/index.ts';
import { createFoodSearch } from '../../apps/server/src/modules/meals/foods/search.ts';
import { signIn } from '../../apps/server/test/helpers.ts';

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '40' } } });
const RUNS = Number(options.runs);
const ZONE = 'Asia/Kolkata';
const adminUrl = process.env.DATABASE_URL;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function place(): Promise<{ url?: string; dataDir?: string; drop(): Promise<void> }> {
  if (!adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'diacare-meals-bench-'));
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `diacare_meals_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const where = await place();
const database = await openDatabase({ databaseUrl: where.url, dataDir: where.dataDir });
try {
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '3000',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await buildApp({ env, db: database.db, clock: () => new Date() });
  await app.ready();
  const user = await signIn(app, { name: 'Bench User', email: 'bench@example.com', timezone: ZONE });
  const today = localDate(new Date(), ZONE);

  // 90 days of 5-minute sensor readings, a daily curve with a rise after each meal.
  const [batch] = await database.db
    .insert(importBatches)
    .values({ user_id: user.user.id, format: 'libreview', status: 'committed' })
    .returning();
  const end = Date.now();
  const readings = Array.from({ length: 90 * 288 }, (_, i) => {
    const measured_at = new Date(end - (i + 1) * 5 * 60_000);
    const local = new Date(measured_at.getTime() + 330 * 60_000).toISOString();
    const minute = Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));
    const afterMeal = [480, 780, 1200].map((meal) => minute - meal).find((m) => m >= 0 && m < 180);
    return {
      user_id: user.user.id,
      batch_id: batch!.id,
      source: 'libreview',
      device_serial: 'BENCH-1',
      measured_at,
      date: local.slice(0, 10),
      time: local.slice(11, 16),
      value: 100 + (afterMeal === undefined ? 0 : Math.round(60 * Math.sin((afterMeal / 180) * Math.PI))),
      kind: 'cgm',
    };
  });
  for (let i = 0; i < readings.length; i += 2000)
    await database.db.insert(sensorReadings).values(readings.slice(i, i + 2000));
  // 270 meals: breakfast, lunch and dinner of the 90 days, one to three foods each.
  const rows = Array.from({ length: 270 }, (_, i) => {
    const foods = [FOODS[i % FOODS.length]!, FOODS[(i * 7) % FOODS.length]!].slice(0, 1 + (i % 2));
    return {
      user_id: user.user.id,
      date: shiftDate(today, -Math.floor(i / 3)),
      time: ['08:00', '13:00', '20:00'][i % 3]!,
      meal_type: ['breakfast', 'lunch', 'dinner'][i % 3]!,
      items: foods.map((food) => ({ food_id: food.id, name: food.en, portions: 1, carbs_g: 20 })),
      carbs_g: 20 * foods.length,
    };
  });
  await database.db.insert(meals).values(rows);

  const time = async (url: string) => {
    const durations: number[] = [];
    for (let i = 0; i < RUNS + 3; i += 1) {
      const start = performance.now();
      const response = await user.request({ url });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      if (i >= 3) durations.push(performance.now() - start);
    }
    return { p50: percentile(durations, 50), p95: percentile(durations, 95) };
  };
  const report = await time('/api/reports/meals?days=90');
  const baseline = await time('/api/reports/glucose?days=90');
  const answer = (await user.request({ url: '/api/reports/meals?days=90' })).json();
  console.log(
    `database: ${adminUrl ? 'PostgreSQL' : 'PGlite'}; ${readings.length} sensor readings, ${rows.length} meals, ${RUNS} runs`,
  );
  console.log(
    `meals report (90 days)   p50 ${ms(report.p50)}  p95 ${ms(report.p95)}  (with_response ${answer.with_response})`,
  );
  console.log(`glucose report (90 days) p50 ${ms(baseline.p50)}  p95 ${ms(baseline.p95)}  (baseline)`);
  console.log(
    `ratio p95 ${(report.p95 / baseline.p95).toFixed(2)}; target p95 ≤ 300 ms: ${report.p95 <= 300 ? 'met' : 'NOT MET'}`,
  );
  await app.close();

  // Food search: queries in English, Devanagari and Latin spellings, with typos.
  const queries = [
    'chawal',
    'chapatti',
    'dosai',
    'biriyani',
    'samosaa',
    'idly',
    'रोटि',
    'इडलि',
    'चावल',
    'सांभर',
    'kichdi',
    'golgappa',
    'masala dosa',
    'thayir sadam',
    'paneer butter',
    'gulab jamun',
    'bannana',
    'daal',
    'rajmaa',
    'खिचडी',
  ];
  const build = performance.now();
  const search = createFoodSearch();
  const buildMs = performance.now() - build;
  const durations: number[] = [];
  for (let round = 0; round < 50; round += 1) {
    for (const query of queries) {
      const start = performance.now();
      search.search(query, 10);
      durations.push(performance.now() - start);
    }
  }
  console.log(
    `food search: index built in ${ms(buildMs)}; ${durations.length} queries p50 ${ms(percentile(durations, 50))} p95 ${ms(percentile(durations, 95))} max ${ms(Math.max(...durations))}; target < 50 ms`,
  );
} finally {
  await database.close();
  await where.drop();
}
