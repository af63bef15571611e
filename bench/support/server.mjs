/**
 * The built DiaCare server for the benches: start it on a free port (or a given one) with local
 * sign-in, sign a user in, and send their API calls. Shared by bench/language-switch.mjs,
 * bench/offline-home/run.mjs, bench/memory/run.mjs and bench/lighthouse/run.mjs.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Path of the server bundle (`npm run build -w apps/server` writes it). */
export const SERVER_BUNDLE = new URL('../../apps/server/dist/server.js', import.meta.url).pathname;

/** Throws, naming `command`, when the server bundle has not been built. */
export function requireServerBuild(command = 'npm run build') {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run ${command} first`);
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server bundle (NODE_ENV production, AUTH_LOCAL_SIGNIN on) and resolves once it
 * answers GET /api/config (any log level).
 * @param {object} [options]
 * @param {Record<string, string>} [options.env] more environment (DATA_DIR, DATABASE_URL, LOG_LEVEL,
 *   REMINDER_ENGINE…); only PATH and HOME are taken from this process, so a DATABASE_URL of the
 *   shell never leaks in
 * @param {string} [options.tempDataDir] a prefix: the server gets a new DATA_DIR under the OS temp
 *   directory (an embedded PGlite database), removed by stop()
 * @param {number} [options.port] the port; a free one when not given
 * @param {boolean} [options.echo] copy the server's output to this process's stderr
 * @param {number} [options.timeoutMs] how long it may take to start (default 60 s)
 * @param {number} [options.niceness] the server's CPU niceness (0 to 19, default 0); the page
 *   benches pass OFF_PHONE_NICENESS
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, origin: string,
 *   dataDir: string | undefined, startSeconds: number, stop: () => Promise<void> }>}
 *   origin is http://127.0.0.1:<port>; startSeconds from spawn to the first answer; stop()
 *   ends the server (SIGTERM), waits for it and removes a temporary DATA_DIR.
 * @throws when the server exits or does not answer in time (with its output)
 */
export async function startServer({
  env = {},
  tempDataDir,
  port,
  echo = false,
  timeoutMs = 60_000,
  niceness = 0,
} = {}) {
  requireServerBuild();
  const listenPort = port ?? (await freePort());
  const dataDir = tempDataDir ? mkdtempSync(join(tmpdir(), tempDataDir)) : undefined;
  // nice(1) execs Node in its own process, so every thread the server starts inherits the niceness.
  const [command, args] =
    niceness > 0
      ? ['nice', ['-n', String(niceness), process.execPath, SERVER_BUNDLE]]
      : [process.execPath, [SERVER_BUNDLE]];
  const child = spawn(command, args, {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      AUTH_LOCAL_SIGNIN: 'true',
      // Another web build (a copy of apps/web/dist) to compare against in the same session.
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
      PORT: String(listenPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep reading the output for the server's whole life, so a full pipe never blocks it.
  let output = '';
  const onData = (chunk) => {
    output = (output + chunk).slice(-20_000);
    if (echo) process.stderr.write(chunk);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let exitCode;
  exited.then((code) => (exitCode = code ?? 'signal'));
  const removeDataDir = () => dataDir && rmSync(dataDir, { recursive: true, force: true });

  const origin = `http://127.0.0.1:${listenPort}`;
  const startedAt = Date.now();
  for (;;) {
    if (exitCode !== undefined) {
      removeDataDir();
      throw new Error(`server exited (${exitCode}):\n${output}`);
    }
    try {
      await fetch(`${origin}/api/config`);
      break;
    } catch {
      if (Date.now() - startedAt > timeoutMs) {
        child.kill('SIGTERM');
        await exited;
        removeDataDir();
        throw new Error(`server did not answer within ${timeoutMs / 1000} s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    child,
    origin,
    dataDir,
    startSeconds: (Date.now() - startedAt) / 1000,
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM');
      await exited;
      removeDataDir();
    },
  };
}

/**
 * The API server's niceness in the benches that time a page in Chromium (lighthouse, main-thread):
 * the lowest priority, so that on this machine's two cores the server's work (about as much CPU
 * per Home load as the page's renderer) waits for the browser instead of taking its cores, as a
 * server elsewhere would (decision 068).
 */
export const OFF_PHONE_NICENESS = 19;

/**
 * Local sign-in (AUTH_LOCAL_SIGNIN) of a new user, as the sign-in page does.
 * @param {string} origin the server, e.g. http://127.0.0.1:3000
 * @param {{ name?: string, email?: string, timezone?: string }} [user] defaults: 'Asha Rao', a new
 *   bench.<uuid>@example.com, Asia/Kolkata
 * @returns {Promise<string>} the session cookie, 'diacare_session=<token>' (or
 *   '__Host-diacare_session=<token>' when the server's APP_ORIGIN is https)
 * @throws when a step does not answer as expected
 */
export async function signIn(origin, { name = 'Asha Rao', email, timezone = 'Asia/Kolkata' } = {}) {
  const login = await fetch(`${origin}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name, email: email ?? `bench.${randomUUID()}@example.com`, redirect: `${origin}/` }),
  });
  if (login.status !== 303) throw new Error(`local sign-in: ${login.status} ${await login.text()}`);
  const code = new URL(login.headers.get('location')).hash.replace('#session_id=', '');
  const session = await fetch(`${origin}/api/auth/session`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ session_id: code, timezone }),
  });
  if (session.status !== 200) throw new Error(`sign-in failed: ${session.status} ${await session.text()}`);
  return session.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?diacare_session=/.test(c))
    .split(';')[0];
}

/**
 * A JSON API caller for one signed-in user.
 * @param {string} origin the server
 * @param {string} cookie the session cookie from signIn
 * @returns {(method: string, path: string, body?: unknown) => Promise<Response>} sends `body` as
 *   JSON with the Origin header the server's CSRF check wants; throws on a status ≥ 300
 */
export function apiClient(origin, cookie) {
  return async (method, path, body) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
}

/** A complete profile (Profile setup's required fields), so the app does not ask for one. */
export const BENCH_PROFILE = {
  phone: '9876543210',
  sex: 'female',
  age: 52,
  address: '12 MG Road',
  pincode: '560001',
};

/**
 * signIn, then a complete profile (BENCH_PROFILE; language not chosen, so English).
 * @returns {Promise<{ cookie: string, send: ReturnType<typeof apiClient> }>} the session cookie
 *   and an API caller for the user
 */
export async function signInWithProfile(origin) {
  const cookie = await signIn(origin);
  const send = apiClient(origin, cookie);
  await send('PUT', '/api/users/me', BENCH_PROFILE);
  return { cookie, send };
}

/**
 * Local sign-in (asha@example.com, UTC), a complete profile, a medication taken twice a day and a
 * week of fasting glucose readings (110–152 mg/dL): a person whose screens have data.
 * @param {string} base the server's origin
 * @returns {Promise<string>} the session cookie (as signIn)
 */
export async function signInWithReadings(base) {
  const cookie = await signIn(base, { email: 'asha@example.com', timezone: 'UTC' });
  const send = apiClient(base, cookie);
  await send('PUT', '/api/users/me', { name: 'Asha Rao', phone: '9876501234', sex: 'female', age: 54 });
  const today = new Date();
  const day = (back) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  await send('POST', '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    instructions: 'With food',
    color: '#FF6B6B',
    when_to_take: 'After food',
    schedule: { frequency: 'daily', times: ['09:00', '21:00'], start_date: day(30), end_date: null },
    refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
  });
  for (let back = 0; back < 7; back++) {
    await send('POST', '/api/health/glucose', {
      value: 110 + back * 7,
      meal_context: 'Fasting',
      // From yesterday back: today's 07:30 may still be ahead in the user's zone.
      date: day(back + 1),
      time: '07:30',
    });
  }
  return cookie;
}
