/**
 * Care-circle escalation (decision 051), a job of the shared polling loop: each pass makes the
 * missed-dose alerts that came due, claims due alerts, decides each (care-alert-rules.ts) and
 * delivers it to the members with alerts on, writing the outcome back under the pass's claim.
 */
import { randomUUID } from 'node:crypto';
import type { CareAlertKind, CareScope } from '@diacare/contract/care';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../types.ts';
import { buildAlertMessage, type CareAlertChannel } from '../modules/care/care-alert-channels.ts';
import {
  createCareAlertClaims,
  createCareAlertRepository,
  type AlertOutcome,
  type ClaimedAlert,
  type DeliveryRow,
} from '../modules/care/care-alert.repository.ts';
import { decideAlert } from '../modules/care/care-alert-rules.ts';
import {
  ESCALATION_BATCH_SIZE,
  ESCALATION_INTERVAL_MS,
  ESCALATION_LEASE_MS,
  ESCALATION_MAX_ATTEMPTS,
  ESCALATION_RETRY_DELAY_MS,
} from '../modules/care/constants.ts';
import { createCareSettingsRepository, type AlertRecipient } from '../modules/care/care-settings.repository.ts';
import { createPollingLoop, type Job } from './polling-loop.ts';

/** The scope a member needs to be told of each kind. */
const SCOPE_OF: Record<CareAlertKind, CareScope> = {
  missed_dose: 'medications',
  low_glucose: 'glucose',
  urgent_low_glucose: 'glucose',
};

export interface CareEscalationDeps {
  db: Database;
  clock: Clock;
  /** Where alerts go; each member is tried on every channel. */
  channels: readonly CareAlertChannel[];
  /** Alerts claimed per pass (default ESCALATION_BATCH_SIZE, 100). */
  batchSize?: number;
  /** Wait between passes (default 5 s: an under-54 alert goes out within it). */
  intervalMs?: number;
  /** Claim lease (default 2 min). */
  leaseMs?: number;
  /** Claims before an alert no channel took is 'failed' (default 3). */
  maxAttempts?: number;
  /** Wait before such an alert is tried again (default 60 s). */
  retryDelayMs?: number;
  log?: FastifyBaseLogger;
}

export interface CareEscalation {
  /** One pass: make missed-dose alerts, claim, deliver, record. Resolves to alerts settled. */
  runOnce(signal?: AbortSignal): Promise<number>;
  /** The escalation as a job of the shared polling loop. */
  job: Job;
  /** A loop of its own (tests; the server uses startWorkers). */
  start(): void;
  stop(): Promise<void>;
}

/** An escalation over `deps.db`; any number of them, in any number of processes, send each alert once. */
export function createCareEscalation(deps: CareEscalationDeps): CareEscalation {
  const { db, clock, channels } = deps;
  const batchSize = deps.batchSize ?? ESCALATION_BATCH_SIZE;
  const maxAttempts = deps.maxAttempts ?? ESCALATION_MAX_ATTEMPTS;
  const retryDelayMs = deps.retryDelayMs ?? ESCALATION_RETRY_DELAY_MS;
  const claims = createCareAlertClaims(db, { batchSize, leaseMs: deps.leaseMs ?? ESCALATION_LEASE_MS });
  const alerts = createCareAlertRepository(db);
  const careSettings = createCareSettingsRepository(db);

  /** Delivers to every recipient not reached before, on every channel. */
  async function deliver(alert: ClaimedAlert, recipients: AlertRecipient[]): Promise<DeliveryRow[]> {
    const rows: DeliveryRow[] = [];
    await Promise.all(
      recipients.map(async (recipient) => {
        const message = buildAlertMessage(alert, recipient);
        for (const channel of channels) {
          if (alert.delivered_to.includes(`${recipient.user_id}:${channel.name}`)) continue;
          const result = await channel.deliver(recipient, message);
          rows.push({
            member_id: recipient.user_id,
            channel: channel.name,
            outcome: result.outcome,
            // A routed delivery keeps the channels that took it ('email, push'); never an address.
            detail:
              result.outcome === 'failed'
                ? result.detail
                : result.outcome === 'delivered' && result.via
                  ? result.via.join(', ')
                  : null,
          });
        }
      }),
    );
    return rows;
  }

  /** The outcome of one claimed alert, or null to leave it to the next claim (stopping, lease gone). */
  async function handle(alert: ClaimedAlert, signal: AbortSignal): Promise<AlertOutcome | null> {
    const now = clock();
    const decision = decideAlert(
      {
        kind: alert.kind,
        doseSettled: alert.dose_settled,
        doseSnoozed: alert.dose_snoozed,
        medicationGone: alert.medication_gone,
        readingGone: alert.reading_gone,
        recovered: alert.recovered,
        episodeAlerted: alert.episode_alerted,
        settings: alert.settings,
        timezone: alert.timezone,
      },
      now,
    );
    if (decision.action === 'cancel') return { status: 'cancelled', detail: decision.reason, deliveries: [] };
    if (decision.action === 'hold') return { status: 'hold', until: decision.until };
    if (signal.aborted || now >= alert.claimed_until) return null;
    const recipients = (await careSettings.listAlertRecipients(alert.patient_id)).filter((recipient) =>
      recipient.scopes.includes(SCOPE_OF[alert.kind]),
    );
    if (recipients.length === 0) return { status: 'failed', detail: 'no recipient', deliveries: [] };
    const deliveries = await deliver(alert, recipients);
    const reached = deliveries.some((row) => row.outcome === 'delivered') || alert.delivered_to.length > 0;
    if (reached) return { status: 'sent', deliveries };
    const failed = deliveries.find((row) => row.outcome === 'failed');
    if (failed && alert.attempts < maxAttempts) {
      return { status: 'retry', retryAt: new Date(clock().getTime() + retryDelayMs), deliveries };
    }
    return { status: 'failed', detail: failed ? 'every channel failed' : 'no channel', deliveries };
  }

  async function pass(signal: AbortSignal): Promise<{ claimed: number; settled: number }> {
    const made = await alerts.insertMissedDoseAlerts(clock());
    const token = randomUUID();
    const claimed = await claims.claim(token, clock());
    let settled = 0;
    let unsettled = 0;
    for (const alert of claimed) {
      const outcome = await handle(alert, signal);
      if (!outcome) {
        unsettled += 1;
        continue;
      }
      if (await claims.settle(alert.id, token, outcome, clock())) settled += 1;
    }
    if (unsettled > 0) await claims.release(token);
    if (made + claimed.length > 0) deps.log?.debug({ made, claimed: claimed.length, settled }, 'care alerts');
    return { claimed: claimed.length, settled };
  }

  const job: Job = {
    name: 'care-escalation',
    intervalMs: deps.intervalMs ?? ESCALATION_INTERVAL_MS,
    pass: async (signal) => (await pass(signal)).claimed >= batchSize,
  };
  const ownLoop = createPollingLoop([job], deps.log);
  return {
    runOnce: async (signal = new AbortController().signal) => (await pass(signal)).settled,
    job,
    start: () => ownLoop.start(),
    stop: () => ownLoop.stop(),
  };
}
