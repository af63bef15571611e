/**
 * The reminder engine as the server runs it: the materialiser loop and the
 * dispatcher, sending through one PushSender with the server's VAPID keys. Started by
 * server.ts after listening unless REMINDER_ENGINE=false; stop() is called on shutdown,
 * before the database closes, and lets the pass in progress finish.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../types.ts';
import type { ReminderMetrics } from '../ops/metrics.ts';
import { createPushSender } from '../push/push-sender.ts';
import { loadVapidKeys } from '../push/vapid.ts';
import { createDispatcher } from './dispatcher.ts';
import { createMaterialiser } from './materialise.ts';

export interface ReminderEngine {
  stop(): Promise<void>;
}

export async function startReminderEngine(deps: {
  db: Database;
  env: Env;
  clock: Clock;
  log?: FastifyBaseLogger;
  metrics?: ReminderMetrics;
}): Promise<ReminderEngine> {
  const vapid = await loadVapidKeys(deps.db, deps.env);
  const sender = createPushSender({ vapid });
  const materialiser = createMaterialiser({ db: deps.db, clock: deps.clock, log: deps.log });
  const dispatcher = createDispatcher({
    db: deps.db,
    clock: deps.clock,
    sender,
    log: deps.log,
    metrics: deps.metrics,
  });
  materialiser.start();
  dispatcher.start();
  return {
    async stop() {
      await Promise.all([materialiser.stop(), dispatcher.stop()]);
      await sender.close();
    },
  };
}
