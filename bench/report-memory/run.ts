/**
 * Doctor report memory benchmark (issue 13 item 6): peak RSS while the real app makes a
 * 90-day report for a user with 10 years of data (4 glucose readings a day, plus blood
 * pressure, weight and doses), against a baseline user with 90 days of data measured in the
 * same run. Each scenario runs in its own process (worker.ts). The report reads only its
 * period, so the extra memory while reporting should not grow with the years stored:
 * target ratio (10 years ÷ 90 days) of the extra RSS ≤ 1.5.
 *
 * Usage: npm run bench:report-memory [-- --years 10 --reports 5]
 *        DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:report-memory
 *        (PostgreSQL: a fresh database per scenario; default PGlite in memory, in-process)
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({
  options: { years: { type: 'string', default: '10' }, reports: { type: 'string', default: '5' } },
});
const worker = new URL('worker.ts', import.meta.url).pathname;

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

function scenario(years: number): Result {
  const env = { ...process.env };
  if (env.DATABASE_URL) env.TEST_DATABASE_URL = env.DATABASE_URL;
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', worker, '--years', String(years), '--reports', options.reports],
    { env: { ...env, DIACARE_SKIP_NOTICE_SHOWN: '1' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as Result;
}

const baseline = scenario(90 / 365);
const full = scenario(Number(options.years));
console.log(`driver: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in-process)'}; 90-day report`);
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
const ratio = full.reportExtraMiB / Math.max(baseline.reportExtraMiB, 1);
console.log(`\nextra RSS while reporting, ${options.years} years ÷ 90 days: ${ratio.toFixed(2)} (target ≤ 1.5)`);
