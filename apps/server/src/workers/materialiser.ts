/**
 * The materialiser: every MATERIALISE_INTERVAL_MS it extends each schedule's dose reminders
 * past their horizon and makes the weekly Health Tips and, with e-mail or WhatsApp configured,
 * the weekly summaries (decisions 014, 040, 050).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../types.ts';
import { MATERIALISE_INTERVAL_MS, MATERIALISE_SPREAD_HOURS } from '../modules/reminders/constants.ts';
import { materialiseDoseReminders } from '../modules/reminders/reminder.service.ts';
import { materialiseHealthTips } from '../modules/reminders/tips.ts';
import { materialiseWeeklySummaries } from '../modules/reminders/weekly-summary.ts';
import { createPollingLoop, type Job } from './polling-loop.ts';

export interface Materialiser {
  /** One pass now; resolves to the dose reminder rows inserted or changed. */
  runOnce(): Promise<number>;
  /** The materialiser as a job of the shared polling loop. */
  job: Job;
  /** Runs the job on a loop of its own (tests; the server uses startWorkers). */
  start(): void;
  stop(): Promise<void>;
}

/**
 * @param deps.horizonHours how far ahead doses are made (default 48)
 * @param deps.intervalMs wait between passes (default 15 min)
 * @param deps.weeklySummaries make the weekly summaries (when e-mail or WhatsApp is configured)
 */
export function createMaterialiser(deps: {
  db: Database;
  clock: Clock;
  horizonHours?: number;
  intervalMs?: number;
  weeklySummaries?: boolean;
  log?: FastifyBaseLogger;
}): Materialiser {
  async function runOnce(): Promise<number> {
    const { medications, written } = await materialiseDoseReminders(deps.db, deps.clock, {
      horizonHours: deps.horizonHours,
      spreadHours: MATERIALISE_SPREAD_HOURS,
    });
    const tips = await materialiseHealthTips(deps.db, deps.clock);
    const summaries = deps.weeklySummaries ? await materialiseWeeklySummaries(deps.db, deps.clock) : 0;
    deps.log?.debug({ medications, written, tips, summaries }, 'reminders materialised');
    return written;
  }
  const job: Job = {
    name: 'materialise',
    intervalMs: deps.intervalMs ?? MATERIALISE_INTERVAL_MS,
    pass: async () => {
      await runOnce();
      return false;
    },
  };
  const ownLoop = createPollingLoop([job], deps.log);
  return { runOnce, job, start: () => ownLoop.start(), stop: () => ownLoop.stop() };
}
