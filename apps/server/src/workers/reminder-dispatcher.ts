/**
 * The reminder dispatcher (decisions 009, 014, 036, 042, 050): each pass claims due reminders,
 * decides each (dispatch-rules.ts), pushes it or sends it on the routed channels, records it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../types.ts';
import type { ChannelDelivery, ChannelResult } from '../modules/channels/index.ts';
import type { ReminderMetrics } from '../modules/ops/metrics.ts';
import type { PushOptions, PushSender } from '../modules/push/push-sender.ts';
import { createPushRepository, type StoredSubscription } from '../modules/push/push.repository.ts';
import {
  DISPATCH_BATCH_SIZE,
  DISPATCH_CONCURRENCY,
  DISPATCH_LANES,
  DISPATCH_LEASE_MS,
  DISPATCH_MAX_ATTEMPTS,
  DISPATCH_POLL_INTERVAL_MS,
  DISPATCH_RETRY_DELAY_MS,
  DISPATCH_SETTLE_CHUNK,
} from '../modules/reminders/constants.ts';
import { reasonNotToSend, sendResult } from '../modules/reminders/dispatch-rules.ts';
import { createDispatchRepository, type Claimed, type Outcome } from '../modules/reminders/dispatch.repository.ts';
import { templateOf, templateValues } from '../modules/reminders/reminder-channels.ts';
import { buildReminderPush, createPushTexts, tagOf, topicOf, urlOf } from '../modules/reminders/reminder-push.ts';
import { createPollingLoop, type Job } from './polling-loop.ts';

/** Longest error text kept in `detail` (the sender's status and reason; no personal data). */
const DETAIL_MAX = 200;

export interface DispatcherDeps {
  db: Database;
  clock: Clock;
  sender: PushSender;
  /** Reminders claimed per pass (default DISPATCH_BATCH_SIZE, 1000). */
  batchSize?: number;
  /** Wait between passes when the last one was not full (default 500 ms). */
  pollIntervalMs?: number;
  /** Claim lease (default 5 min). */
  leaseMs?: number;
  /** Reminders sent at once within a pass (default 100). */
  concurrency?: number;
  /** Claims before a reminder that reached no subscription is 'failed' (default 3). */
  maxAttempts?: number;
  /** Wait before such a reminder is claimed again (default 60 s). */
  retryDelayMs?: number;
  /** Passes run side by side (default 2): one claims while another sends. */
  lanes?: number;
  log?: FastifyBaseLogger;
  /** Counts settled reminders and deliveries. */
  metrics?: ReminderMetrics;
  /**
   * The channels' delivery when e-mail or WhatsApp is configured (decision 050): dose, refill,
   * appointment and weekly-summary reminders then go out on the channels the routing table
   * picks. Without it every reminder is pushed as before.
   */
  channels?: ChannelDelivery;
}

export interface Dispatcher {
  /** One pass: claim, send, record. Resolves to the number of reminders settled in it. */
  runOnce(): Promise<number>;
  /** The dispatcher as a job of the shared polling loop. */
  job: Job;
  /** Runs the job on a loop of its own until stop() (tests; the server uses startWorkers). */
  start(): void;
  /**
   * Stops that loop: the pass in progress sends nothing more, waits for the sends already
   * started, records them, and releases its other claims for the next dispatcher.
   */
  stop(): Promise<void>;
}

/** A 'skipped' or 'missed' outcome with its reason. */
const skipped = (id: string, [status, detail]: [Outcome['status'], string]): Outcome => ({
  id,
  status,
  detail,
  sent_at: null,
  deliveries: 0,
  failures: 0,
  claimed_until: null,
});

/** Runs `work` over `items` with at most `limit` at a time. */
async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A dispatcher over `deps.db`; any number of them (in any number of processes) share the work. */
export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const { db, clock, sender } = deps;
  const batchSize = deps.batchSize ?? DISPATCH_BATCH_SIZE;
  const concurrency = deps.concurrency ?? DISPATCH_CONCURRENCY;
  const maxAttempts = deps.maxAttempts ?? DISPATCH_MAX_ATTEMPTS;
  const retryDelayMs = deps.retryDelayMs ?? DISPATCH_RETRY_DELAY_MS;
  const { channels } = deps;
  const repository = createDispatchRepository(db, clock, {
    batchSize,
    leaseMs: deps.leaseMs ?? DISPATCH_LEASE_MS,
    channels: Boolean(channels),
  });
  const pushRepository = createPushRepository(db);
  const texts = createPushTexts();

  /** Subscriptions of the batch's users, by user; a gone one is removed for the rest of the batch. */
  type Subscriptions = Map<string, StoredSubscription[]>;

  /** Pushes `item` to `subscriptions`; a gone subscription is removed from the batch's list. */
  async function push(
    item: Claimed,
    subscriptions: StoredSubscription[],
    subscriptionsByUser: Subscriptions,
    now: Date,
  ) {
    const { row } = item;
    const tag = tagOf(row);
    const options: PushOptions = {
      ttlSeconds: Math.max(1, Math.floor((row.expires_at.getTime() - now.getTime()) / 1000)),
      topic: topicOf(tag),
      urgency: row.kind === 'dose' || row.dedupe_key.endsWith(':1h') ? 'high' : 'normal',
    };
    const payload = JSON.stringify(buildReminderPush(item, texts));
    const results = await Promise.all(subscriptions.map((target) => sender.send(target, payload, options)));
    const counts = { deliveries: 0, failures: 0 };
    let lastError: string | null = null;
    for (const [index, result] of results.entries()) {
      deps.metrics?.deliveries.inc({ channel: 'web_push', outcome: result.outcome });
      if (result.outcome === 'delivered') counts.deliveries += 1;
      else if (result.outcome === 'gone') {
        const gone = subscriptions[index]!;
        await pushRepository.removeById(gone.id);
        const remaining = (subscriptionsByUser.get(row.user_id) ?? []).filter((s) => s.id !== gone.id);
        subscriptionsByUser.set(row.user_id, remaining);
      } else {
        counts.failures += 1;
        lastError = result.error.slice(0, DETAIL_MAX);
      }
    }
    return { counts, lastError };
  }

  /** How a send's counts settle `item` (dispatch-rules.ts' sendResult). */
  function settleAs(item: Claimed, counts: { deliveries: number; failures: number }, detail: string | null): Outcome {
    const { id, attempts } = item.row;
    const { deliveries, failures } = counts;
    // Object literals of one shape, not spreads: this runs once per push (decision 014).
    const outcome = (status: Outcome['status'], sentAt: string | null, delivered: number, retryAt: string | null) => ({
      id,
      status,
      sent_at: sentAt,
      deliveries: delivered,
      failures,
      detail,
      claimed_until: retryAt,
    });
    switch (sendResult(counts, attempts, maxAttempts)) {
      case 'sent':
        return outcome('sent', clock().toISOString(), deliveries, null);
      case 'skipped':
        return skipped(id, ['skipped', 'no subscription']);
      case 'retry':
        return outcome('pending', null, 0, new Date(clock().getTime() + retryDelayMs).toISOString());
      case 'failed':
        return outcome('failed', null, 0, null);
    }
  }

  async function dispatch(item: Claimed, subscriptionsByUser: Subscriptions, signal: AbortSignal) {
    const { row } = item;
    const template = channels ? templateOf(row.kind) : null;
    if (template) return dispatchOnChannels(item, template, subscriptionsByUser, signal);
    const now = clock();
    const subscriptions = [...(subscriptionsByUser.get(row.user_id) ?? [])];
    const reason = reasonNotToSend(item, subscriptions.length > 0, now);
    if (reason) return skipped(row.id, reason);
    // Our claim may have run out while earlier reminders were sent, or the server is stopping:
    // leave it to the next claim.
    if (signal.aborted || (row.claimed_until && now >= row.claimed_until)) return null;
    const { counts, lastError } = await push(item, subscriptions, subscriptionsByUser, now);
    return settleAs(item, counts, lastError);
  }

  /**
   * Sends `item` on the channels the routing table picks (push among them, by `push`): any
   * channel delivered → 'sent'; none picked → 'skipped'; all failed → retried as a push is.
   */
  async function dispatchOnChannels(
    item: Claimed,
    template: NonNullable<ReturnType<typeof templateOf>>,
    subscriptionsByUser: Subscriptions,
    signal: AbortSignal,
  ): Promise<Outcome | null> {
    const { row } = item;
    const now = clock();
    const subscriptions = [...(subscriptionsByUser.get(row.user_id) ?? [])];
    const reason = reasonNotToSend(item, subscriptions.length > 0, now, true);
    if (reason) return skipped(row.id, reason);
    if (signal.aborted || (row.claimed_until && now >= row.claimed_until)) return null;
    let pushed = { deliveries: 0, failures: 0 };
    let results: ChannelResult[];
    try {
      const values = await templateValues(db, item, now);
      ({ results } = await channels!.deliver({
        recipient: {
          userId: row.user_id,
          language: item.language,
          email: item.contact?.email ?? null,
          whatsapp: item.contact?.phone ?? null,
          hasPushSubscription: subscriptions.length > 0,
        },
        template,
        values,
        openPath: urlOf(row),
        push: async () => {
          const sent = await push(item, subscriptions, subscriptionsByUser, now);
          pushed = sent.counts;
          return sent.counts.deliveries > 0
            ? { outcome: 'delivered' }
            : { outcome: 'failed', error: sent.lastError ?? 'subscription gone' };
        },
      }));
    } catch (error) {
      deps.log?.warn({ reminder: row.id, kind: row.kind, err: (error as Error).name }, 'reminder channels failed');
      return settleAs(item, { deliveries: 0, failures: 1 }, 'channels error');
    }
    if (results.length === 0) return skipped(row.id, ['skipped', 'no channel chosen and available']);
    const delivered = results.filter((r) => r.outcome === 'delivered');
    const failed = results.filter((r) => r.outcome === 'failed');
    const counts = {
      deliveries: pushed.deliveries + delivered.filter((r) => r.channel !== 'push').length,
      failures: pushed.failures + failed.filter((r) => r.channel !== 'push').length,
    };
    if (counts.deliveries === 0 && counts.failures === 0 && failed.length > 0) counts.failures = failed.length;
    const detail = failed.map((r) => `${r.channel}: ${r.error ?? 'failed'}`).join('; ');
    return settleAs(item, counts, detail ? detail.slice(0, DETAIL_MAX) : null);
  }

  /** One pass over up to `limit` reminders; `claimed` tells the loop whether to go again at once. */
  async function pass(signal: AbortSignal, limit = batchSize): Promise<{ claimed: number; settled: number }> {
    const token = randomUUID();
    const { claimed: rows, subscriptionsByUser } = await repository.claim(token, limit);
    if (rows.length === 0) return { claimed: 0, settled: 0 };
    let settled = 0;
    let unsent = 0;
    let buffer: Outcome[] = [];
    let writing: Promise<void> = Promise.resolve();
    const flush = () => {
      const outcomes = buffer;
      buffer = [];
      writing = writing.then(() => repository.settle(outcomes, token));
      return writing;
    };
    await forEachLimited(rows, concurrency, async (row) => {
      const outcome = await dispatch(row, subscriptionsByUser, signal);
      if (!outcome) {
        unsent += 1;
        return;
      }
      deps.metrics?.remindersSettled.inc({ status: outcome.status === 'pending' ? 'retry' : outcome.status });
      if (outcome.status !== 'pending') settled += 1;
      buffer.push(outcome);
      if (buffer.length >= DISPATCH_SETTLE_CHUNK) void flush().catch(() => {});
    });
    await flush();
    if (unsent > 0) await repository.release(token);
    deps.log?.debug({ claimed: rows.length, settled }, 'reminders dispatched');
    return { claimed: rows.length, settled };
  }

  const lanes = deps.lanes ?? DISPATCH_LANES;
  // The lanes start together; were every first claim a full batch, they would send, finish and
  // claim in step, all waiting for PostgreSQL at once. The k-th first pass claims k/lanes of a
  // batch, so afterwards one lane claims while the others send (decision 014, "Lanes out of step").
  let firstPasses = 0;
  const job: Job = {
    name: 'dispatch',
    lanes,
    intervalMs: deps.pollIntervalMs ?? DISPATCH_POLL_INTERVAL_MS,
    pass: async (signal) => {
      const limit = firstPasses < lanes ? Math.ceil((batchSize * ++firstPasses) / lanes) : batchSize;
      return (await pass(signal, limit)).claimed >= limit;
    },
  };
  const ownLoop = createPollingLoop([job], deps.log);
  return {
    runOnce: async () => (await pass(new AbortController().signal)).settled,
    job,
    start: () => ownLoop.start(),
    stop: () => ownLoop.stop(),
  };
}
