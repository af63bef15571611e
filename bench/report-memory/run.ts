/**
 * Doctor report memory benchmark: peak RSS of a process that makes 90-day
 * reports through the real app for a user with 10 years of data (4 glucose readings a day,
 * plus blood pressure, weight and doses), against a baseline user with 90 days of data,
 * measured in the same run. For each user one process seeds the database (drizzle bulk
 * inserts) and a fresh process opens it and reports (worker.ts), so seeding leaves nothing
 * in the measured process. The report reads only its period, so its memory should not grow
 * with the years stored: target peak-RSS ratio (10 years ÷ 90 days) ≤ 1.25.
 *
 * Usage: npm run bench:report-memory [-- --years 10 --reports 5 --sensor-days 90]
 *        (--sensor-days: both users also have a sensor import of 5-minute readings over that many days)
 *        DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:report-memory
 *        (PostgreSQL: a fresh database per user, dropped after; default PGlite in a temp dir)
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values: options } = parseArgs({
  options: {
    years: { type: 'string', default: '10' },
    reports: { type: 'string', default: '5' },
    'sensor-days': { type: 'string', default: '0' },
  },
});
const worker = new URL('worker.ts', import.meta.url).pathname;
const adminUrl = process.env.DATABASE_URL;

interface Result {
  years: number;
  rows: number;
  seedSeconds: number;
  reportSeconds: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  reportExtraMiB: number;
  pdfBytes: number;
}

async function withDatabase<T>(use: (place: { dataDir: string; url?: string }) => T): Promise<T> {
  if (!adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'diacare-report-bench-'));
    try {
      return use({ dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const name = `diacare_report_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return use({ dataDir: '', url: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function step(mode: 'seed' | 'report', years: number, place: { dataDir: string; url?: string }) {
  const out = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      worker,
      '--mode',
      mode,
      '--years',
      String(years),
      '--reports',
      options.reports,
      '--data-dir',
      place.dataDir,
      '--sensor-days',
      options['sensor-days'],
    ],
    {
      env: { ...process.env, BENCH_DATABASE_URL: place.url ?? '', DIACARE_SKIP_NOTICE_SHOWN: '1' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(out.trim().split('\n').pop()!);
}

const scenario = (years: number): Promise<Result> =>
  withDatabase((place) => ({ ...step('seed', years, place), ...step('report', years, place) }));

const baseline = await scenario(90 / 365);
const full = await scenario(Number(options.years));
console.log(
  `driver: ${adminUrl ? 'PostgreSQL' : 'PGlite (in-process, on disk)'}; 90-day reports, ${options.reports} per user; sensor readings over the last ${options['sensor-days']} days`,
);
console.log('user data      rows    seed s  report s  RSS before MiB  RSS peak MiB  extra MiB  PDF bytes');
for (const r of [baseline, full]) {
  const label = r.years < 1 ? '90 days' : `${r.years} years`;
  console.log(
    `${label.padEnd(12)}${String(r.rows).padStart(8)}${r.seedSeconds.toFixed(1).padStart(9)}${r.reportSeconds
      .toFixed(3)
      .padStart(10)}${r.rssBeforeMiB.toFixed(1).padStart(16)}${r.rssPeakMiB.toFixed(1).padStart(14)}${r.reportExtraMiB
      .toFixed(1)
      .padStart(11)}${String(r.pdfBytes).padStart(11)}`,
  );
}
const ratio = full.rssPeakMiB / baseline.rssPeakMiB;
console.log(
  `\npeak RSS of the reporting process, ${options.years} years ÷ 90 days: ${ratio.toFixed(2)} (target ≤ 1.25)`,
);
