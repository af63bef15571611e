/**
 * Start-up faults an operator can fix (a DATA_DIR that cannot hold the embedded database, a
 * DATABASE_URL that does not answer, a PORT that is taken), each a StartupError whose one-line
 * message names the variable; server.ts prints it alone on stderr and exits with status 1.
 * Decision 012.
 */
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';

/** A fault in the configuration or the machine; `message` is the whole story, one line. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Readable names for the errno codes start-up meets. */
const ERRNO_TEXT: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a parent is not a directory',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
};

function errnoText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && ERRNO_TEXT[code]) return ERRNO_TEXT[code];
  return firstLine(error);
}

/** The first line of an error's message (PostgreSQL and Node messages are one line; stacks are not wanted). */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.trim() || 'unknown error';
}

/**
 * Creates the embedded database directory, or checks the one that is there, before PGlite
 * touches it: PGlite answers a directory of other files with an opaque WebAssembly exit,
 * and Node's recursive mkdir never returns under /proc, so the parents are created one
 * level at a time here.
 * @param dataDir DATA_DIR as configured (relative paths resolve against the working directory).
 * @returns 'existing' when the directory holds a database, 'empty' when one must be created.
 * @throws StartupError naming DATA_DIR and the problem.
 */
export function prepareDataDir(dataDir: string): 'existing' | 'empty' {
  const path = resolve(dataDir);
  const missing: string[] = [];
  let existing = path;
  for (;;) {
    const stat = statSync(existing, { throwIfNoEntry: false });
    if (stat) {
      if (!stat.isDirectory()) {
        throw new StartupError(
          existing === path
            ? `DATA_DIR ${dataDir} is not a directory`
            : `DATA_DIR ${dataDir} cannot be created: ${existing} is not a directory`,
        );
      }
      break;
    }
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new StartupError(`DATA_DIR ${dataDir} cannot be created (${errnoText(error)})`);
    }
  }
  let entries: string[];
  try {
    entries = readdirSync(path);
    accessSync(path, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dataDir} is not usable (${errnoText(error)})`);
  }
  // PostgreSQL writes PG_VERSION first into a data directory: without it, files here are not ours.
  if (entries.length > 0 && !entries.includes('PG_VERSION')) {
    throw new StartupError(`DATA_DIR ${dataDir} is not empty and is not a DiaCare database`);
  }
  if (entries.includes('PG_VERSION')) {
    const version = readFileSync(resolve(path, 'PG_VERSION'), 'utf8').trim();
    if (version !== EMBEDDED_POSTGRES_MAJOR) {
      throw new StartupError(
        `DATA_DIR ${dataDir} holds a PostgreSQL ${version} database; the embedded database is PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}`,
      );
    }
    return 'existing';
  }
  return 'empty';
}

/** PostgreSQL major version of the bundled PGlite (its data directories are not readable by another major). */
export const EMBEDDED_POSTGRES_MAJOR = '17';

/**
 * One line for a failed first connection to PostgreSQL. The URL's user and password are
 * never printed, only host and port.
 */
export function describeConnectError(databaseUrl: string, error: unknown): string {
  const url = new URL(databaseUrl);
  const where = `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  const code = (error as { code?: string } | null)?.code;
  const message = firstLine(error);
  // PostgreSQL's own answers carry a SQLSTATE (authentication failed, no such database) and
  // are one line already; everything else failed before PostgreSQL answered.
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    return `DATABASE_URL: cannot use ${where}${url.pathname.length > 1 ? url.pathname : ''} (${message})`;
  }
  if (code && ERRNO_TEXT[code]) return `DATABASE_URL: cannot connect to ${where} (${ERRNO_TEXT[code]})`;
  // node-postgres reports its own connect timeout and a closed socket as plain Errors.
  if (/timeout/i.test(message)) return `DATABASE_URL: cannot connect to ${where} (timed out)`;
  return `DATABASE_URL: cannot connect to ${where} (${message.replace(/^Connection terminated unexpectedly$/, 'connection closed before PostgreSQL answered')})`;
}

/** One line for a failed listen on HOST:PORT. */
export function describeListenError(port: number, host: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return `PORT ${port} is already in use on ${host}`;
  if (code === 'EACCES') return `PORT ${port} cannot be opened without more privileges (permission denied)`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `HOST ${host} is not an address of this machine`;
  }
  return `cannot listen on ${host}:${port} (${errnoText(error)})`;
}

/**
 * Binds HOST:PORT for a moment and lets go, so that a taken port stops start-up before the
 * database is opened. PORT 0 (any free port) is always free.
 * @throws StartupError from describeListenError.
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolvePromise, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(new StartupError(describeListenError(port, host, error))));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolvePromise()));
  });
}
