/**
 * Memory bench: RSS of the built server at rest after start and after a short load run, on PGlite (first and second
 * start) and PostgreSQL. Budgets: idle PGlite ≤ 250 MB, idle PostgreSQL ≤ 150 MB.
 * Usage: node bench/memory/run.mjs [--database-url postgres://…] [--seconds 10] [--only pglite|postgres]
 *   [--port N] (the servers' port, one at a time; a free one when not given)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiClient, requireServerBuild, signIn, startServer } from '../support/server.mjs';

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    settle: { type: 'string', default: '10' },
    only: { type: 'string' },
    port: { type: 'string' },
  },
});
const SETTLE_MS = Number(options.settle) * 1000;
const BUDGET_MB = { pglite: 250, postgres: 150 };
requireServerBuild('npm run build -w apps/server');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident set size of a process, MB. */
function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  return Math.round(kb / 1024);
}

/** Local sign-in → session cookie; then a few readings and a medication so the GETs return rows. */
async function signInAndSeed(origin) {
  const cookie = await signIn(origin, { name: 'Bench' });
  const send = apiClient(origin, cookie);
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < 14; i += 1) {
    const date = new Date(Date.now() - (i + 1) * 86_400_000).toISOString().slice(0, 10);
    await send('POST', '/api/health/glucose', { value: 90 + i * 7, meal_context: 'Fasting', date, time: '08:00' });
  }
  await send('POST', '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    schedule: { frequency: 'daily', times: ['08:00', '20:00'], start_date: today, end_date: null },
    refill_reminder: { enabled: true, pills_remaining: 60, threshold: 7 },
  });
  return cookie;
}

/** autocannon over two authenticated GETs; returns req/s, p99 ms and errors. */
async function load(origin, cookie) {
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const result = await autocannon({
    url: origin,
    connections: Number(options.connections),
    duration: Number(options.seconds),
    headers: { cookie },
    requests: [
      { method: 'GET', path: '/api/medications' },
      { method: 'GET', path: `/api/health/glucose?start_date=${weekAgo}&end_date=${today}` },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Idle RSS after start, RSS after load, RSS after rest; `label` names the row. */
async function measure(label, env) {
  const port = options.port ? Number(options.port) : undefined;
  const server = await startServer({ env: { ...env, LOG_LEVEL: 'info' }, port });
  try {
    await sleep(SETTLE_MS);
    const idle = rssMb(server.child.pid);
    const cookie = await signInAndSeed(server.origin);
    const loadResult = await load(server.origin, cookie);
    const afterLoad = rssMb(server.child.pid);
    await sleep(SETTLE_MS);
    const rested = rssMb(server.child.pid);
    return { label, startSeconds: server.startSeconds, idle, ...loadResult, afterLoad, rested };
  } finally {
    await server.stop();
  }
}

const rows = [];
if (options.only !== 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'diacare-bench-memory-'));
  try {
    rows.push({ driver: 'pglite', ...(await measure('PGlite, first start (new DATA_DIR)', { DATA_DIR: dataDir })) });
    rows.push({ driver: 'pglite', ...(await measure('PGlite, next start (same DATA_DIR)', { DATA_DIR: dataDir })) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (options.only !== 'pglite') {
  const name = `diacare_bench_memory_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: options['database-url'] });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(options['database-url']);
  url.pathname = `/${name}`;
  try {
    rows.push({ driver: 'postgres', ...(await measure('PostgreSQL', { DATABASE_URL: url.toString() })) });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(
  `\nNode ${process.version}; autocannon ${options.connections} connections × ${options.seconds} s over ` +
    `GET /api/medications and GET /api/health/glucose (7 days); RSS in MB, idle after ${options.settle} s at rest.\n`,
);
console.log(
  '| database | start s | idle RSS | budget | load req/s | p99 ms | errors | RSS after load | RSS at rest after |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
let over = false;
for (const row of rows) {
  const budget = BUDGET_MB[row.driver];
  const verdict = row.idle <= budget ? 'within' : 'OVER';
  if (row.idle > budget) over = true;
  console.log(
    `| ${row.label} | ${row.startSeconds.toFixed(1)} | ${row.idle} | ≤ ${budget} (${verdict}) | ${row.requestsPerSecond} | ${row.p99Ms} | ${row.errors} | ${row.afterLoad} | ${row.rested} |`,
  );
}
process.exitCode = over ? 1 : 0;
