/**
 * API load benchmark: an authenticated mix at 64 connections on PostgreSQL against DiaCare's built server and, in the
 * same run, a bare server with the same SQL (bare-server.mjs). Budgets: ratio ≥ 0.9, p99 ≤ 1.1× bare's, 0 errors.
 * Usage: npm run bench:api [-- --duration 10] [--connections 64] [--users 32] [--per-route] [--only app|bare]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { openSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { localDate, shiftDate } from '@diacare/contract/dates';
import autocannon from 'autocannon';
import pg from 'pg';
import { statFields } from '../support/proc.mjs';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '64' },
    users: { type: 'string', default: '32' },
    'per-route': { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'cpu-prof-dir': { type: 'string' },
    only: { type: 'string' },
    'app-port': { type: 'string', default: '3916' },
    'bare-port': { type: 'string', default: '3917' },
    /** The bare server names its statements too (prepared once per connection), as DiaCare does. */
    'bare-prepared': { type: 'boolean', default: false },
    /** Also POST glucose alone, without and with a new Idempotency-Key per request. */
    'idempotency-keys': { type: 'boolean', default: false },
  },
});
const DURATION_S = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const USERS = Number(options.users);
const WARMUP_S = 3;
/** DiaCare's req/s at least 0.9× the bare server's, its p99 at most 1.1× the bare server's, in the same run. */
const BUDGET = { ratio: 0.9, p99Ratio: 1.1 };
const root = new URL('../../', import.meta.url).pathname;
const log = (line: string) => console.log(line);

const today = localDate(new Date(), 'UTC');
const weekAgo = shiftDate(today, -6);
/** POSTed readings go on a day no list in the mix reads, so the lists stay the same size. */
const POST_DATE = shiftDate(today, -200);

/** The mix: one request of each per cycle of a connection. */
const ROUTES = [
  { name: 'medications', method: 'GET', path: '/api/medications' },
  { name: 'glucose 7 days', method: 'GET', path: `/api/health/glucose?start_date=${weekAgo}&end_date=${today}` },
  { name: 'adherence today', method: 'GET', path: `/api/adherence?start_date=${today}&end_date=${today}` },
  {
    name: 'POST glucose',
    method: 'POST',
    path: '/api/health/glucose',
    body: JSON.stringify({ value: 126, meal_context: 'After Breakfast', date: POST_DATE, time: '08:30' }),
  },
] as const;
/** The outbox's write: the same POST with a new Idempotency-Key each time (the bare server ignores it). */
const KEYED_POST = { ...ROUTES[3], name: 'POST glucose + key', idempotencyKey: true } as const;
type BenchRoute = (typeof ROUTES)[number] | typeof KEYED_POST;

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `diacare_bench_api_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: options['database-url'] });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(options['database-url']!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: options['database-url'] });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function start(
  label: string,
  script: string,
  env: Record<string, string>,
): { child: ChildProcess; exited: Promise<void> } {
  const prof = options['cpu-prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${options['cpu-prof-dir']}`] : [];
  const logFile = openSync(`/tmp/bench-api-${label}.log`, 'w');
  const child = spawn(process.execPath, [...prof, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', logFile, logFile],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited };
}

async function waitForHttp(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer within 60 s`);
}

/** Signs in like the browser: local sign-in form → one-time code → session cookie. */
async function signIn(base: string, index: number): Promise<string> {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      name: `Bench User ${index}`,
      email: `bench${index}@example.com`,
      redirect: `${base}/`,
    }),
  });
  const location = login.headers.get('location');
  if (login.status !== 303 || !location) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const code = new URL(location).hash.replace('#session_id=', '');
  const session = await fetch(`${base}/api/auth/session`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ session_id: code, timezone: 'UTC' }),
  });
  const cookie = session.headers.getSetCookie().find((c) => c.startsWith('diacare_session='));
  if (session.status !== 200 || !cookie) throw new Error(`session exchange failed: ${session.status}`);
  return cookie.split(';')[0]!;
}

async function seed(base: string, databaseUrl: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) cookies.push(await signIn(base, i));
  const names = ['Metformin', 'Glimepiride', 'Atorvastatin'];
  for (const cookie of cookies) {
    for (const [n, name] of names.entries()) {
      const response = await fetch(`${base}/api/medications`, {
        method: 'POST',
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          dosage: '500 mg',
          form: 'Tablet',
          instructions: 'With food',
          color: '#FF6B6B',
          when_to_take: 'After food',
          schedule: {
            frequency: 'daily',
            times: n === 0 ? ['09:00', '21:00'] : ['09:00'],
            start_date: shiftDate(today, -90),
            end_date: null,
          },
          refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
        }),
      });
      if (response.status !== 201)
        throw new Error(`add medication failed: ${response.status} ${await response.text()}`);
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // 90 days × 4 readings per user, and today's 09:00 doses taken.
  await client.query(
    `INSERT INTO glucose_readings (user_id, value, meal_context, date, time)
     SELECT u.id, 80 + (random() * 120)::int, 'Fasting', CURRENT_DATE - d, t
     FROM users u, generate_series(0, 89) d, unnest(ARRAY['07:00','12:30','16:00','21:00']) t`,
  );
  await client.query(
    `INSERT INTO adherence_records (user_id, medication_id, date, scheduled_time, taken_time, status)
     SELECT user_id, id, $1, '09:00', '09:05', 'taken' FROM medications`,
    [today],
  );
  await client.end();
  return cookies;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** The server process's CPU time (user + system) per answered request, µs. */
  cpuUsPerRequest: number;
}

/** CPU time (user + system) of process `pid` so far, ms (Linux clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = statFields(pid) as string[];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(
  base: string,
  cookies: string[],
  routes: readonly BenchRoute[],
  seconds: number,
  pid: number,
): Promise<Figures> {
  let next = 0;
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: routes.map((route, index) => ({
      method: route.method,
      path: route.path,
      ...('body' in route ? { body: route.body } : {}),
      setupRequest(request: Record<string, unknown>, context: Record<string, unknown>) {
        if (index === 0 && context.cookie === undefined) context.cookie = cookies[next++ % cookies.length];
        return {
          ...request,
          headers: {
            cookie: context.cookie as string,
            origin: base,
            ...('body' in route ? { 'content-type': 'application/json' } : {}),
            ...('idempotencyKey' in route ? { 'idempotency-key': randomUUID() } : {}),
          },
        };
      },
    })),
  } as autocannon.Options);
  const cpuSpentMs = cpuMs(pid) - cpuBefore;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    cpuUsPerRequest: (cpuSpentMs * 1000) / Math.max(1, result.requests.total),
  };
}

async function clearPosted(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('DELETE FROM glucose_readings WHERE date = $1', [POST_DATE]);
  await client.end();
}

/**
 * Runs each scenario against every target in turn (DiaCare, then bare, scenario by scenario),
 * so that other load on a shared machine falls on both alike rather than on one target's runs.
 */
async function measure(
  targets: { label: 'DiaCare' | 'bare'; base: string; pid: number }[],
  cookies: string[],
  databaseUrl: string,
): Promise<Map<string, Map<string, Figures>>> {
  const scenarios: [string, readonly BenchRoute[]][] = [['mix', ROUTES]];
  if (options['per-route']) for (const route of ROUTES) scenarios.push([route.name, [route]]);
  if (options['idempotency-keys']) {
    scenarios.push(['mix + key', [...ROUTES.slice(0, 3), KEYED_POST]]);
    if (!options['per-route']) scenarios.push([ROUTES[3].name, [ROUTES[3]]]);
    scenarios.push([KEYED_POST.name, [KEYED_POST]]);
  }
  const figures = new Map<string, Map<string, Figures>>();
  for (const [name, routes] of scenarios) {
    const byTarget = new Map<string, Figures>();
    for (const { label, base, pid } of targets) {
      await load(base, cookies, routes, WARMUP_S, pid);
      const f = await load(base, cookies, routes, DURATION_S, pid);
      byTarget.set(label, f);
      log(
        `  ${label} ${name}: ${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, errors ${f.errors}, non-2xx ${f.non2xx}, server CPU ${f.cpuUsPerRequest.toFixed(0)} µs/request`,
      );
      await clearPosted(databaseUrl);
    }
    figures.set(name, byTarget);
  }
  return figures;
}

async function stop(server: { child: ChildProcess; exited: Promise<void> }): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

const database = await createDatabase();
try {
  log(`database ${database.url}; ${CONNECTIONS} connections, ${DURATION_S} s per run, ${USERS} users`);
  const build = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');

  const appBase = `http://localhost:${options['app-port']}`;
  const app = start('app', 'apps/server/dist/server.js', {
    DATABASE_URL: database.url,
    PORT: options['app-port']!,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    AUTH_LOCAL_SIGNIN: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    REMINDER_ENGINE: 'false',
    WEB_DIST_DIR: '/nonexistent',
  });
  await waitForHttp(`${appBase}/api/docs/json`);
  const cookies = await seed(appBase, database.url);
  log(`seeded ${USERS} users: 3 medications, 360 glucose readings and today's doses each`);

  const targets: { label: 'DiaCare' | 'bare'; base: string; pid: number }[] = [];
  if (options.only !== 'bare') targets.push({ label: 'DiaCare', base: appBase, pid: app.child.pid! });
  const bareBase = `http://localhost:${options['bare-port']}`;
  const bare = start('bare', 'bench/api/bare-server.mjs', {
    DATABASE_URL: database.url,
    PORT: options['bare-port']!,
    PREPARED: options['bare-prepared'] ? '1' : '0',
  });
  await waitForHttp(`${bareBase}/api/medications`);
  if (options.only !== 'app') targets.push({ label: 'bare', base: bareBase, pid: bare.child.pid! });
  const figures = await measure(targets, cookies, database.url);
  await stop(app);
  await stop(bare);

  log('');
  log('scenario          target    req/s   p50 ms   p99 ms   errors  non-2xx  CPU µs/req   DiaCare/bare');
  let failed = false;
  for (const [name, byTarget] of figures) {
    const a = byTarget.get('DiaCare');
    const b = byTarget.get('bare');
    const ratio = a && b ? a.rps / b.rps : undefined;
    for (const [target, f] of [
      ['DiaCare', a],
      ['bare', b],
    ] as const) {
      if (!f) continue;
      const ratioText =
        target === 'DiaCare' && ratio !== undefined
          ? `${ratio.toFixed(2)}${ratio >= BUDGET.ratio ? '' : ` (under ${BUDGET.ratio})`}, p99 ${b ? (f.p99 / b.p99).toFixed(2) : '?'}×`
          : '';
      log(
        `${name.padEnd(18)}${target.padEnd(8)}${f.rps.toFixed(0).padStart(7)}${String(f.p50).padStart(9)}${String(f.p99).padStart(9)}` +
          `${String(f.errors).padStart(9)}${String(f.non2xx).padStart(9)}${f.cpuUsPerRequest.toFixed(0).padStart(12)}   ${ratioText}`,
      );
    }
    if (a && (a.errors > 0 || a.non2xx > 0)) failed = true;
    if (a && b && a.p99 > BUDGET.p99Ratio * b.p99) failed = true;
    if (ratio !== undefined && ratio < BUDGET.ratio) failed = true;
  }
  log(
    `\nbudgets: DiaCare/bare ≥ ${BUDGET.ratio}, DiaCare p99 ≤ ${BUDGET.p99Ratio}× bare's, 0 errors: ${failed ? 'NOT MET' : 'met'}`,
  );
  if (failed) process.exitCode = 1;
} finally {
  await database.drop();
}
