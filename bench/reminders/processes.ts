/** The reminders bench's plumbing: its child processes and their messages, the database's CPU meter. */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const here = new URL('.', import.meta.url).pathname;

/** A message between the bench and a child: its `type`, and what it carries. */
export type Message = { type: string } & Record<string, unknown>;

/** Forks `file` (beside this one) under tsx with IPC; `cpuProfDir` writes a CPU profile there. */
export function forkTs(
  file: string,
  args: string[],
  env: Record<string, string>,
  cpuProfDir: string | undefined,
): ChildProcess {
  return fork(join(here, file), args, {
    execArgv: ['--import', 'tsx', ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The child's next message of `type`; rejects if the child exits first. */
export function next(child: ChildProcess, type: string): Promise<Message> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Message) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`worker exited (${code}) before '${type}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Sends `{ type }` to the child and resolves with its answer of the same type. */
export async function ask(child: ChildProcess, type: string): Promise<Message> {
  const answer = next(child, type);
  child.send({ type });
  return answer;
}

/**
 * CPU milliseconds used so far by the PostgreSQL backends connected to `database` (Linux
 * /proc, server on this machine; 0 where unreadable). Read before the dispatchers disconnect.
 */
export async function backendCpuMs(adminUrl: string, database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    database,
  ]);
  await admin.end();
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      // Fields after the ')' of the command name: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // not on this machine, or already gone
    }
  }
  return (ticks / ticksPerSecond) * 1000;
}

/** Local 'HH:MM' of an instant in a zone. */
export function localTime(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(instant)
    .replace('.', ':');
}
