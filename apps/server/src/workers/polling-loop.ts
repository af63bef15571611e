/**
 * The one polling loop every background job runs on (docs/architecture.md, decision 049): each
 * job has lanes; a lane runs a pass, then another at once when the pass asks, else after the
 * job's interval. stop() aborts the signal passes receive, wakes sleeping lanes and waits.
 */
import type { FastifyBaseLogger } from 'fastify';

/** A background job as the loop runs it. */
export interface Job {
  /** Names the job in logs ('dispatch', 'materialise', 'maintenance', …). */
  name: string;
  /** Lanes run side by side (default 1): one claims while another sends. */
  lanes?: number;
  /** Wait after a pass that did not ask to run again, in ms. */
  intervalMs: number;
  /**
   * One pass. Resolves true to run again at once (a full batch), false to wait intervalMs.
   * `signal` is aborted by stop(): a pass should start nothing new and finish what it began.
   * A thrown error is logged and the lane waits intervalMs.
   */
  pass(signal: AbortSignal): Promise<boolean>;
}

export interface PollingLoop {
  /** Starts every lane of every job (the first passes run at once). No-op while running. */
  start(): void;
  /** Aborts the passes' signal, wakes sleeping lanes and resolves when every pass has ended. */
  stop(): Promise<void>;
}

/** A loop over `jobs`; errors of a pass go to `log` and the lane goes on. */
export function createPollingLoop(jobs: readonly Job[], log?: FastifyBaseLogger): PollingLoop {
  let controller: AbortController | null = null;
  let running: Promise<unknown> | null = null;
  const sleepers = new Set<() => void>();

  /** Resolves after `ms`, or at once when `signal` aborts. */
  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
      if (signal.aborted) wake();
    });

  async function lane(job: Job, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let again = false;
      try {
        again = await job.pass(signal);
      } catch (error) {
        log?.error({ err: error, job: job.name }, 'background job failed');
      }
      if (!again && !signal.aborted) await sleep(job.intervalMs, signal);
    }
  }

  return {
    start() {
      if (controller) return;
      const current = new AbortController();
      controller = current;
      running = Promise.all(
        jobs.flatMap((job) => Array.from({ length: job.lanes ?? 1 }, () => lane(job, current.signal))),
      );
    },
    async stop() {
      if (!controller) return;
      controller.abort();
      for (const wake of [...sleepers]) wake();
      await running;
      controller = null;
      running = null;
    },
  };
}
