/**
 * The maintenance pass: deletes settled reminders past their retention and Idempotency-Keys
 * past their lifetime (decisions 014, 022), every MAINTENANCE_INTERVAL_MS.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../types.ts';
import { purgeExpiredIdempotencyKeys } from '../plugins/idempotency.ts';
import { MAINTENANCE_INTERVAL_MS, REMINDER_RETENTION_DAYS } from '../modules/reminders/constants.ts';
import { createScheduleRepository } from '../modules/reminders/schedule.repository.ts';
import type { Job } from './polling-loop.ts';

export interface Maintenance {
  /** One pass now; resolves to what it deleted. */
  runOnce(): Promise<{ reminders: number; idempotencyKeys: number }>;
  /** The pass as a job of the shared polling loop. */
  job: Job;
}

export function createMaintenance(deps: { db: Database; clock: Clock; log?: FastifyBaseLogger }): Maintenance {
  async function runOnce() {
    const cutoff = new Date(deps.clock().getTime() - REMINDER_RETENTION_DAYS * 24 * 3_600_000);
    const pruned = await createScheduleRepository(deps.db).pruneSettledReminders(cutoff);
    const purgedKeys = await purgeExpiredIdempotencyKeys(deps.db, deps.clock);
    deps.log?.debug({ pruned, purgedKeys }, 'maintenance pass');
    return { reminders: pruned, idempotencyKeys: purgedKeys };
  }
  return {
    runOnce,
    job: {
      name: 'maintenance',
      intervalMs: MAINTENANCE_INTERVAL_MS,
      pass: async () => {
        await runOnce();
        return false;
      },
    },
  };
}
