/**
 * Whether a claimed reminder is sent, and how a send's results settle it (decision 009). Pure.
 */
import { isScheduledOn } from '@diacare/contract/dose-rules';
import type { NotificationSettings, ReminderStatus } from '@diacare/contract/reminders';
import type { Claimed, ClaimedReminder } from './dispatch.repository.ts';

/**
 * The preference that stops `row` being sent, as a `detail` text, or null. `routed`: the
 * channels' routing table decides the channels (decision 050), so the Push switch is its
 * business, not a reason to skip.
 */
export function preferenceBlocks(
  row: Pick<ClaimedReminder, 'kind'>,
  settings: NotificationSettings,
  routed = false,
): string | null {
  if (!routed && !settings.pushNotifications) return 'push notifications off';
  if ((row.kind === 'dose' || row.kind === 'refill') && !settings.medicationReminders) {
    return 'medication reminders off';
  }
  if (row.kind === 'appointment' && !settings.appointmentReminders) return 'appointment reminders off';
  if (row.kind === 'tip' && !settings.healthTips) return 'health tips off';
  if (row.kind === 'meal_check' && !settings.afterMealCheck) return 'after-meal check off';
  return null;
}

/**
 * Why `item` is not sent at `now`, as [status, detail], or null to send it. In order: past its
 * window → missed; a dose whose medication is gone, no longer schedules it, or is taken →
 * skipped; a preference off → skipped; unless `routed` (the channels' routing table picks the
 * channels, decision 050): a weekly summary (never push-only) or no push subscription
 * (`subscribed` false) → skipped.
 */
export function reasonNotToSend(
  item: Claimed,
  subscribed: boolean,
  now: Date,
  routed = false,
): [ReminderStatus, string] | null {
  const { row, medication } = item;
  if (row.expires_at <= now) return ['missed', 'past its window'];
  if (row.medication_id) {
    if (!medication || medication.archived) return ['skipped', 'medication deleted'];
    if (row.dose_date && row.scheduled_time) {
      const scheduled =
        medication.times.includes(row.scheduled_time) && isScheduledOn(medication.schedule, row.dose_date);
      if (row.kind === 'dose' && !row.snoozed_from && !scheduled) return ['skipped', 'schedule changed'];
      if (item.taken) return ['skipped', 'dose taken'];
    }
  }
  const blocked = preferenceBlocks(row, item.settings, routed);
  if (blocked) return ['skipped', blocked];
  if (routed) return null;
  if (row.kind === 'weekly_summary') return ['skipped', 'no e-mail or WhatsApp on the server'];
  if (!subscribed) return ['skipped', 'no subscription'];
  return null;
}

/**
 * How a send settles: delivered to any subscription → 'sent'; nothing failed (every one was
 * gone) → 'skipped'; failures with claims left → 'retry'; else 'failed'.
 * @param attempts claims so far, this one included; maxAttempts the most allowed
 */
export function sendResult(
  counts: { deliveries: number; failures: number },
  attempts: number,
  maxAttempts: number,
): 'sent' | 'skipped' | 'retry' | 'failed' {
  if (counts.deliveries > 0) return 'sent';
  if (counts.failures === 0) return 'skipped';
  return attempts < maxAttempts ? 'retry' : 'failed';
}
