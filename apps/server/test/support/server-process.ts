/**
 * The real server as a child process, for tests of what only a process shows: start-up
 * faults, exit codes, and `kill -9`. Each test file builds its own esbuild bundle
 * (apps/server/build.mjs, decision 001) into dist/, so parallel files never share one.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the server bundle to apps/server/dist/<name>.js and returns its path and a remover. */
export function buildServerBundle(name: string): { path: string; remove(): void } {
  const relative = `dist/${name}.js`;
  execFileSync(process.execPath, ['build.mjs', relative], { cwd: serverDir, stdio: 'inherit' });
  const path = `${serverDir}/${relative}`;
  return {
    path,
    remove() {
      rmSync(path, { force: true });
      rmSync(`${path}.map`, { force: true });
    },
  };
}

/** A free TCP port on 127.0.0.1 (bound for a moment by the OS's choice, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The environment a spawned server gets: PATH and HOME from here, nothing else inherited. */
function baseEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    REMINDER_ENGINE: 'false',
    ...env,
  };
}

export interface ExitResult {
  /** Exit status, or null when the process was killed by the timeout. */
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs the bundle with `env` and waits for it to exit, killing it after `timeoutMs`. */
export function runUntilExit(bundle: string, env: Record<string, string>, timeoutMs: number): Promise<ExitResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle], { env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  origin: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<number | string | null>;
}

/**
 * Starts the bundle and resolves once it logs 'DiaCare is ready' (the last start-up step).
 * @throws Error with the process output when it exits first or is not ready in `timeoutMs`.
 */
export async function startServer(
  bundle: string,
  env: Record<string, string> & { PORT: string },
  timeoutMs = 90_000,
): Promise<RunningServer> {
  const child = spawn(process.execPath, [bundle], {
    env: baseEnv({ LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server not ready in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('DiaCare is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
  });
  return { child, origin: `http://127.0.0.1:${env.PORT}`, output: () => output, exited };
}

/**
 * Local sign-in over HTTP, as the browser does it: the form post, the one-time code, the
 * session cookie.
 * @param origin the running server, e.g. http://127.0.0.1:4321
 * @param identity name, e-mail and IANA zone of the user (created on first sign-in)
 * @returns the cookie to send, 'diacare_session=<token>'
 * @throws Error naming the step that did not answer as expected
 */
export async function signInOverHttp(
  origin: string,
  identity: { name: string; email: string; timezone: string },
): Promise<string> {
  const login = await fetch(`${origin}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: identity.name, email: identity.email, redirect: `${origin}/` }),
  });
  if (login.status !== 303) throw new Error(`local sign-in answered ${login.status}: ${await login.text()}`);
  const code = new URL(login.headers.get('location')!).hash.replace('#session_id=', '');
  const session = await fetch(`${origin}/api/auth/session`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ session_id: code, timezone: identity.timezone }),
  });
  if (session.status !== 200) throw new Error(`session answered ${session.status}: ${await session.text()}`);
  const cookie = session.headers.getSetCookie().find((c) => c.startsWith('diacare_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}
