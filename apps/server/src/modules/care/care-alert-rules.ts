/**
 * The care alerts' rules, pure (decision 051): which reading alerts, when quiet hours hold an
 * alert, and whether a claimed alert is sent, held or cancelled.
 */
import {
  LOW_GLUCOSE_MG_DL,
  MAX_MISSED_DOSE_ALERT_MINUTES,
  URGENT_LOW_GLUCOSE_MG_DL,
  type CareAlertKind,
  type CareSettings,
} from '@diacare/contract/care';
import { localDate, localTime, minutesOfDay, shiftDate, zonedInstant } from '@diacare/contract/dates';

const MINUTE_MS = 60_000;
/** An under-70 reading alerts unless one of 70 or more follows within this window (30 min). */
export const LOW_RECOVERY_MS = 30 * MINUTE_MS;
/** A reading measured longer ago than this when saved is back-dated: it never alerts (15 min). */
export const BACKDATED_MS = 15 * MINUTE_MS;
/** A missed dose whose alert time passed longer ago than this is not alerted any more (a long outage: 3 h). */
export const MISSED_DOSE_LOOKBACK_MS = 3 * 60 * MINUTE_MS;
/** A low alert within this time after another one sent for the same person is not sent again (30 min). */
export const LOW_EPISODE_MS = 30 * MINUTE_MS;

/** When a missed dose alerts: its reminder time (the dose's instant) plus the patient's delay in minutes. */
export function missedDoseAlertAt(doseDueAt: Date, delayMinutes: number): Date {
  return new Date(doseDueAt.getTime() + delayMinutes * MINUTE_MS);
}

/**
 * True when a missed-dose alert timed `alertAt` is made at `now`: its time has come, and passed
 * no longer ago than MISSED_DOSE_LOOKBACK_MS (after a long outage old doses are not alerted).
 */
export function isMissedDoseAlertDue(alertAt: Date, now: Date): boolean {
  return alertAt.getTime() <= now.getTime() && alertAt.getTime() > now.getTime() - MISSED_DOSE_LOOKBACK_MS;
}

/**
 * The earliest dose instant that can still alert at `now`: the look-back plus the longest delay a
 * patient may set (MAX_MISSED_DOSE_ALERT_MINUTES). Doses before it need not be read.
 */
export function missedDoseCandidatesFrom(now: Date): Date {
  return new Date(now.getTime() - MISSED_DOSE_LOOKBACK_MS - MAX_MISSED_DOSE_ALERT_MINUTES * MINUTE_MS);
}

/**
 * The alert a new reading of `value` mg/dL measured at `measuredAt` makes, saved at `now`:
 * under 54 → 'urgent_low_glucose' (at once), under 70 → 'low_glucose' (after the recovery
 * window), else null. Back-dated readings (measured more than 15 minutes before `now`) → null.
 * Thresholds: ADA Standards of Care, hypoglycaemia levels 1 and 2.
 */
export function glucoseAlertKind(value: number, measuredAt: Date, now: Date): CareAlertKind | null {
  if (measuredAt.getTime() < now.getTime() - BACKDATED_MS) return null;
  if (value < URGENT_LOW_GLUCOSE_MG_DL) return 'urgent_low_glucose';
  if (value < LOW_GLUCOSE_MG_DL) return 'low_glucose';
  return null;
}

/**
 * The end of the quiet hours `now` falls in, or null when it is outside them (or there are
 * none). `quiet` is 'HH:MM' start and end on the patient's wall clock in `zone`; it may cross
 * midnight (22:00–07:00). Start inclusive, end exclusive.
 */
export function quietUntil(now: Date, quiet: CareSettings['quiet_hours'], zone: string): Date | null {
  if (!quiet) return null;
  const start = minutesOfDay(quiet.start);
  const end = minutesOfDay(quiet.end);
  const current = minutesOfDay(localTime(now, zone));
  const crossesMidnight = start > end;
  const inside = crossesMidnight ? current >= start || current < end : current >= start && current < end;
  if (!inside) return null;
  const today = localDate(now, zone);
  const endDate = crossesMidnight && current >= start ? shiftDate(today, 1) : today;
  return zonedInstant(endDate, quiet.end, zone);
}

/** What the sender knows of a claimed alert when deciding it. */
export interface AlertFacts {
  kind: CareAlertKind;
  /** The dose is recorded taken or skipped by the patient (a missed-dose alert). */
  doseSettled: boolean;
  /** The dose was snoozed (a missed-dose alert). */
  doseSnoozed: boolean;
  /** The medication is archived or gone. */
  medicationGone: boolean;
  /** The reading is deleted (a glucose alert). */
  readingGone: boolean;
  /** A reading of 70 or more followed within the recovery window (an under-70 alert). */
  recovered: boolean;
  /** A glucose alert was sent for this person within LOW_EPISODE_MS before this one's reading. */
  episodeAlerted: boolean;
  settings: CareSettings;
  /** The patient's IANA zone. */
  timezone: string;
}

/** send; cancel with a reason (no personal data); hold until an instant (quiet hours). */
export type AlertDecision = { action: 'send' } | { action: 'cancel'; reason: string } | { action: 'hold'; until: Date };

/**
 * Decides a claimed alert at `now`. A missed dose is cancelled once taken, skipped or snoozed;
 * a glucose alert when low-glucose alerts are off or the reading is deleted; an under-70 one
 * when the person recovered or was alerted for this episode already. Quiet hours hold all but
 * the under-54 alert until they end.
 */
export function decideAlert(facts: AlertFacts, now: Date): AlertDecision {
  if (facts.kind === 'missed_dose') {
    if (facts.medicationGone) return { action: 'cancel', reason: 'medication archived' };
    if (facts.doseSettled) return { action: 'cancel', reason: 'dose recorded' };
    if (facts.doseSnoozed) return { action: 'cancel', reason: 'dose snoozed' };
  } else {
    if (!facts.settings.low_glucose_alerts) return { action: 'cancel', reason: 'low-glucose alerts off' };
    if (facts.readingGone) return { action: 'cancel', reason: 'reading deleted' };
    if (facts.kind === 'urgent_low_glucose') return { action: 'send' };
    if (facts.recovered) return { action: 'cancel', reason: 'recovered' };
    if (facts.episodeAlerted) return { action: 'cancel', reason: 'already alerted' };
  }
  const until = quietUntil(now, facts.settings.quiet_hours, facts.timezone);
  return until ? { action: 'hold', until } : { action: 'send' };
}
