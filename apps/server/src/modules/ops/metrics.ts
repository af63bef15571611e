/**
 * Prometheus metrics, one prom-client Registry per server: HTTP, reminders and deliveries,
 * Idempotency-Key replays, the pool and process defaults. Labels hold only templates, methods,
 * statuses and fixed words, never a user's id, name or value.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../types.ts';
import { reminderLagSeconds } from './readiness.ts';

/** The HTTP duration histogram's name; its `_count` series is the requests total. */
const HTTP_DURATION = 'diacare_http_request_duration_seconds';

/** Connections of a database pool (node-postgres); null for the embedded database. */
export type PoolStats = () => { total: number; idle: number; waiting: number } | null;

/** Where the dispatcher counts (see createDispatcher). */
export interface ReminderMetrics {
  /** Reminders settled, by status: sent, failed, skipped, missed; 'retry' for a failed send to be tried again. */
  remindersSettled: Counter<'status'>;
  /** Deliveries by channel (web_push; care-circle alerts later) and outcome (delivered, gone, failed). */
  deliveries: Counter<'channel' | 'outcome'>;
}

export interface Metrics extends ReminderMetrics {
  registry: Registry;
  httpRequests: Counter<'route' | 'method' | 'status'>;
  httpDuration: Histogram<'route' | 'method' | 'status'>;
  idempotencyReplays: Counter;
}

/**
 * @param deps.db, deps.clock read at each scrape for the due reminders and the dispatch lag.
 * @param deps.poolStats the pool's connections (total, idle, waiting) at each scrape.
 * @param deps.processDefaults adds prom-client's process and Node.js metrics (off where nothing scrapes).
 */
export function createMetrics(deps: {
  db: Database;
  clock: Clock;
  poolStats?: PoolStats | undefined;
  processDefaults: boolean;
}): Metrics {
  const registry = new Registry();
  if (deps.processDefaults) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  /** The reminder gauges at scrape time; null when the database does not answer (the gauge keeps its last value). */
  const readLag = () => reminderLagSeconds(deps.db, deps.clock()).catch(() => null);
  new Gauge({
    name: 'diacare_reminders_due',
    help: 'Reminders due now and not yet sent (pending, due_at in the past)',
    registers,
    async collect() {
      const read = await readLag();
      if (read) this.set(read.due);
    },
  });
  new Gauge({
    name: 'diacare_reminder_dispatch_lag_seconds',
    help: 'How late the oldest due, unsent reminder is (0 when none is due)',
    registers,
    async collect() {
      const read = await readLag();
      if (read) this.set(read.lag);
    },
  });
  new Gauge({
    name: 'diacare_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests); absent for the embedded database',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = deps.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  // Registered after the requests total below, which is read from its counts.
  const httpDuration = new Histogram({
    name: HTTP_DURATION,
    help: 'HTTP request latency by route template, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [],
  });
  const httpRequests = new Counter({
    name: 'diacare_http_requests_total',
    help: 'HTTP requests by route template, method and status',
    labelNames: ['route', 'method', 'status'],
    registers,
    // Each response is observed once, by the duration histogram: the total is its count per
    // label set, read at each scrape, not counted a second time per request (decision 105).
    async collect() {
      const { values } = await httpDuration.get();
      this.reset();
      for (const { metricName, labels, value } of values) {
        if (metricName === `${HTTP_DURATION}_count`) this.inc(labels, value);
      }
    },
  });
  for (const each of registers) each.registerMetric(httpDuration);
  return {
    registry,
    httpRequests,
    httpDuration,
    remindersSettled: new Counter({
      name: 'diacare_reminders_settled_total',
      help: 'Reminders settled by this process, by status (sent, failed, skipped, missed, retry)',
      labelNames: ['status'],
      registers,
    }),
    deliveries: new Counter({
      name: 'diacare_deliveries_total',
      help: 'Deliveries by channel and outcome (delivered, gone, failed)',
      labelNames: ['channel', 'outcome'],
      registers,
    }),
    idempotencyReplays: new Counter({
      name: 'diacare_idempotency_replays_total',
      help: 'Requests answered with a stored response for a repeated Idempotency-Key',
      registers,
    }),
  };
}
