/**
 * A start-up fault is told in one line on stderr that names the variable
 * and the problem, and the process exits with status 1 (within 10 s: the timeout below,
 * not a speed assertion). The real bundle runs as a child process for each bad config.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, freePort, runUntilExit } from './support/server-process.ts';

const EXIT_TIMEOUT_MS = 10_000;

let bundle: ReturnType<typeof buildServerBundle>;
let scratch: string;

beforeAll(() => {
  bundle = buildServerBundle(`server-startup-test-${process.pid}`);
  scratch = mkdtempSync(join(tmpdir(), 'diacare-startup-'));
});

afterAll(() => {
  bundle?.remove();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Starts the server with `env`; expects exit status 1 and exactly `message` as stderr. */
async function expectStartupFault(env: Record<string, string>, message: string): Promise<void> {
  const result = await runUntilExit(bundle.path, env, EXIT_TIMEOUT_MS);
  expect(result.timedOut, `still running after ${EXIT_TIMEOUT_MS} ms; output: ${result.stdout}${result.stderr}`).toBe(
    false,
  );
  expect(result.code).toBe(1);
  expect(result.stderr.trimEnd().split('\n')).toEqual([message]);
}

describe('start-up faults', () => {
  it('refuses a DATA_DIR that holds other files', async () => {
    const dir = mkdtempSync(join(scratch, 'photos-'));
    writeFileSync(join(dir, 'holiday.jpg'), 'not a database');
    await expectStartupFault(
      { DATA_DIR: dir, PORT: String(await freePort()) },
      `DATA_DIR ${dir} is not empty and is not a DiaCare database`,
    );
  });

  it('refuses a DATA_DIR that cannot be created, instead of hanging', async () => {
    const dir = `/proc/diacare-${process.pid}/data`;
    await expectStartupFault(
      { DATA_DIR: dir, PORT: String(await freePort()) },
      `DATA_DIR ${dir} cannot be created (no such file or directory)`,
    );
  });

  it('refuses a DATA_DIR that is a file', async () => {
    const file = join(scratch, 'notes.txt');
    writeFileSync(file, 'hello');
    await expectStartupFault({ DATA_DIR: file, PORT: String(await freePort()) }, `DATA_DIR ${file} is not a directory`);
  });

  it('names DATABASE_URL when PostgreSQL refuses the connection, without the password', async () => {
    const port = await freePort();
    await expectStartupFault(
      { DATABASE_URL: `postgres://diacare:s3cret@127.0.0.1:${port}/diacare`, PORT: String(await freePort()) },
      `DATABASE_URL: cannot connect to 127.0.0.1:${port} (connection refused)`,
    );
  });

  it('names PORT when another process listens on it', async () => {
    const taken: Server = createServer();
    const port = await new Promise<number>((resolve) =>
      taken.listen(0, '127.0.0.1', () => resolve((taken.address() as { port: number }).port)),
    );
    try {
      await expectStartupFault(
        { DATA_DIR: join(scratch, 'never-opened'), PORT: String(port) },
        `PORT ${port} is already in use on 127.0.0.1`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('tells a bad variable in one line', async () => {
    await expectStartupFault(
      { PORT: '99999', LOG_LEVEL: 'loud' },
      'Invalid configuration: PORT: Too big: expected number to be <=65535; LOG_LEVEL: Invalid option: expected one of "fatal"|"error"|"warn"|"info"|"debug"|"trace"|"silent"',
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('start-up faults on PostgreSQL', () => {
  it('names DATABASE_URL when the database does not exist', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/diacare_no_such_database';
    await expectStartupFault(
      { DATABASE_URL: url.toString(), PORT: String(await freePort()) },
      `DATABASE_URL: cannot use ${url.hostname}:${url.port || '5432'}/diacare_no_such_database (database "diacare_no_such_database" does not exist)`,
    );
  });
});
