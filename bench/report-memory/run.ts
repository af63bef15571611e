/**
 * Doctor report memory benchmark: peak RSS making 90-day reports for a user with 10 years of data against one with 90
 * days, each in a fresh process (worker.ts). Target ratio ≤ 1.25. PostgreSQL with DATABASE_URL, else PGlite.
 * Usage: npm run bench:report-memory [-- --years 10 --reports 5 --sensor-days 90]
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
