/**
 * Readiness: the database answers, every committed migration is applied,
 * and the oldest due, unsent reminder is less than READY_MAX_REMINDER_LAG_SECONDS late.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { migrationsFolder } from '../../paths.ts';
import type { Clock } from '../../types.ts';
import { createProbeRepository } from './probes.repository.ts';

/** How long the database may take to answer a probe before it counts as down (ms). */
const PROBE_TIMEOUT_MS = 2000;

/** The `when` of the newest committed migration (drizzle's journal), the value its table records. */
const NEWEST_MIGRATION = Math.max(
  ...(
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries.map((entry) => entry.when),
);

export interface Readiness {
  ready: boolean;
  /** The /readyz body: each part's state, and on failure the parts that failed. */
  body: {
    database: 'ok' | 'unavailable';
    migrations: 'ok' | 'pending' | 'unknown';
    reminders: { lag_seconds: number | null };
    failing?: ('database' | 'migrations' | 'reminders')[];
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Seconds the oldest pending reminder due at or before `now` is late (0 when none is due).
 * Shared with the metrics' lag gauge.
 */
export function reminderLagSeconds(db: Database, now: Date): Promise<{ lag: number; due: number }> {
  return createProbeRepository(db).reminderLagSeconds(now);
}

/**
 * Checks the three parts in order; a part that cannot be checked because the database is
 * down reports 'unknown' / null and only 'database' is named as failing.
 * @param maxLagSeconds READY_MAX_REMINDER_LAG_SECONDS: a lag of this or more fails 'reminders'.
 */
export async function checkReadiness(db: Database, clock: Clock, maxLagSeconds: number): Promise<Readiness> {
  const body: Readiness['body'] = { database: 'ok', migrations: 'ok', reminders: { lag_seconds: null } };
  const failing: NonNullable<Readiness['body']['failing']> = [];
  const probes = createProbeRepository(db);
  try {
    await withTimeout(probes.ping(), PROBE_TIMEOUT_MS);
  } catch {
    body.database = 'unavailable';
    body.migrations = 'unknown';
    return { ready: false, body: { ...body, failing: ['database'] } };
  }
  try {
    const newest = await withTimeout(probes.newestAppliedMigration(), PROBE_TIMEOUT_MS);
    if (newest < NEWEST_MIGRATION) {
      body.migrations = 'pending';
      failing.push('migrations');
    }
  } catch {
    body.migrations = 'pending'; // no migrations table: nothing applied
    failing.push('migrations');
  }
  try {
    const { lag } = await withTimeout(probes.reminderLagSeconds(clock()), PROBE_TIMEOUT_MS);
    body.reminders.lag_seconds = lag;
    if (lag >= maxLagSeconds) failing.push('reminders');
  } catch {
    failing.push('reminders');
  }
  return failing.length === 0 ? { ready: true, body } : { ready: false, body: { ...body, failing } };
}
