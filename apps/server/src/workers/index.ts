/**
 * The server's background workers on one polling loop: the reminder dispatcher (push through
 * the server's VAPID keys, e-mail and WhatsApp when configured), the materialiser, the
 * maintenance pass and the care-circle escalation (docs/architecture.md, decisions 050, 051).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../types.ts';
import { createChannelDelivery } from '../modules/channels/index.ts';
import type { ReminderMetrics } from '../modules/ops/metrics.ts';
import { createPushAlertChannel, createRoutedAlertChannel } from '../modules/care/care-alert-channels.ts';
import { createPushSender } from '../modules/push/push-sender.ts';
import { loadVapidKeys } from '../modules/push/vapid.ts';
import { createCareEscalation } from './care-escalation.ts';
import { createMaintenance } from './maintenance.ts';
import { createMaterialiser } from './materialiser.ts';
import { createPollingLoop, type Job } from './polling-loop.ts';
import { createDispatcher } from './reminder-dispatcher.ts';

export interface Workers {
  /** Lets the passes in progress finish (the dispatcher releases what it did not send), then closes the sender. */
  stop(): Promise<void>;
}

/** Starts every worker; server.ts calls it after listening unless REMINDER_ENGINE=false. */
export async function startWorkers(deps: {
  db: Database;
  env: Env;
  clock: Clock;
  log?: FastifyBaseLogger;
  metrics?: ReminderMetrics;
  /** More jobs for the same loop (the backups when BACKUP_DIR is set). */
  jobs?: readonly Job[];
}): Promise<Workers> {
  const vapid = await loadVapidKeys(deps.db, deps.env);
  const sender = createPushSender({ vapid });
  const { db, env, clock, log, metrics } = deps;
  // E-mail or WhatsApp configured: reminders go out through the channels' routing (decision 050).
  const channels =
    env.smtp || env.whatsapp ? createChannelDelivery({ db, env, clock, logger: log, metrics }) : undefined;
  // Care alerts: push alone, or every channel the routing table picks for the member.
  const pushAlerts = createPushAlertChannel({ db, sender });
  const careAlertChannel = channels ? createRoutedAlertChannel({ channels, push: pushAlerts }) : pushAlerts;
  const loop = createPollingLoop(
    [
      createDispatcher({ db, clock, sender, log, metrics, channels }).job,
      createMaterialiser({ db, clock, log, weeklySummaries: Boolean(channels) }).job,
      createMaintenance({ db, clock, log }).job,
      createCareEscalation({ db, clock, log, channels: [careAlertChannel] }).job,
      ...(deps.jobs ?? []),
    ],
    log,
  );
  loop.start();
  return {
    async stop() {
      await loop.stop();
      await sender.close();
      channels?.close();
    },
  };
}
