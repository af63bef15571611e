/**
 * Today's doses, their status and adherence statistics (docs/product.md Dose status, Adherence
 * statistics; §9). Pure functions over plain data, shared by the Home screen, Reports and
 * the server's reminder engine. Free of zod so the first screen stays light.
 */
import { isoWeekdayOf, localDate, shiftDate, zonedInstant } from './dates.ts';
import type { AdherenceRecord, Medication } from './medications.ts';
import { readingTimeRefusal } from './reading-rules.ts';

export interface ScheduledDose {
  medication: Medication;
  /** 'HH:MM' in the user's zone. */
  scheduled_time: string;
}

/** ISO weekdays a weekly schedule runs on: its own list, else the start date's weekday. */
export function weeklyDays(schedule: Medication['schedule']): number[] {
  return schedule.weekdays.length > 0 ? schedule.weekdays : [isoWeekdayOf(schedule.start_date)];
}

/** True when `medication` has scheduled doses on `date` (YYYY-MM-DD in the user's zone). */
export function isScheduledOn(medication: Pick<Medication, 'schedule'>, date: string): boolean {
  const { schedule } = medication;
  if (date < schedule.start_date) return false;
  if (schedule.frequency === 'daily') return true;
  if (schedule.frequency === 'weekly') return weeklyDays(schedule).includes(isoWeekdayOf(date));
  return false; // as-needed: taken when needed, never scheduled
}

/** How many days past the user's today a scheduled dose may be recorded (marked ahead, e.g. skipped). */
export const MAX_DOSE_DAYS_AHEAD = 1;

/** Why a dose record is refused: the field to name and the reason. */
export interface DoseRecordRefusal {
  field: 'date' | 'scheduled_time';
  reason: 'before_start' | 'too_far_ahead' | 'not_scheduled_day' | 'not_scheduled_time' | 'future' | 'too_early';
}

/**
 * Whether a dose record of `medication` on `date` (YYYY-MM-DD) at `scheduledTime` ('HH:MM'),
 * both in the user's `zone`, names a dose its schedule has (decision 073). A scheduled dose must
 * be one `isScheduledOn` and the schedule's times produce (the same expansion as Home, Reports
 * and reminders), at most MAX_DOSE_DAYS_AHEAD past today. An as-needed medicine has no times:
 * its record is a dose taken, logged at the time it was taken, so it keeps a reading's rule
 * (not after `now` beyond the clock skew). No dose is dated before the start date.
 * @returns null when the dose may be recorded, else the refused field and why
 */
export function doseRecordRefusal(
  medication: Pick<Medication, 'schedule'>,
  date: string,
  scheduledTime: string,
  now: Date,
  zone: string,
): DoseRecordRefusal | null {
  const { schedule } = medication;
  if (date < schedule.start_date) return { field: 'date', reason: 'before_start' };
  if (schedule.frequency === 'as-needed') {
    const refusal = readingTimeRefusal(date, scheduledTime, now, zone);
    if (!refusal) return null;
    return { field: refusal.field === 'time' ? 'scheduled_time' : 'date', reason: refusal.reason };
  }
  if (date > shiftDate(localDate(now, zone), MAX_DOSE_DAYS_AHEAD)) return { field: 'date', reason: 'too_far_ahead' };
  if (!isScheduledOn(medication, date)) return { field: 'date', reason: 'not_scheduled_day' };
  if (!schedule.times.includes(scheduledTime)) return { field: 'scheduled_time', reason: 'not_scheduled_time' };
  return null;
}

/**
 * The day a medication's doses start being expected, in `zone`, and the rule for that day:
 * a dose whose instant (zonedInstant of its date and time) is before the medicine's creation
 * instant was never expected (decision 077).
 */
function createdGate(medication: Pick<Medication, 'created_at'>, zone: string) {
  const created = new Date(medication.created_at);
  if (Number.isNaN(created.getTime())) return () => true;
  const createdDate = createdDateOf(medication, created, zone);
  return (date: string, time: string) =>
    date === createdDate ? zonedInstant(date, time, zone) >= created : date > createdDate;
}

/**
 * The creation date of `medication` in `zone`, kept per medication object and zone: a period's
 * rule asks it once per day and dose, and a patient list asks it for many people (decision 086).
 */
const createdDates = new WeakMap<object, Map<string, string>>();
function createdDateOf(medication: Pick<Medication, 'created_at'>, created: Date, zone: string): string {
  let byZone = createdDates.get(medication);
  if (!byZone) createdDates.set(medication, (byZone = new Map()));
  const key = `${zone}|${medication.created_at}`;
  let date = byZone.get(key);
  if (date === undefined) byZone.set(key, (date = localDate(created, zone)));
  return date;
}

/**
 * THE expected-dose rule (decision 077), which Home, a member's view, Reports' adherence, the
 * doctor report, the assistant, reminders and care escalation all go through: a dose of
 * `medication` on `date` (YYYY-MM-DD) at `time` ('HH:MM'), both in the patient's IANA `zone`, is
 * expected when the schedule has it (isScheduledOn and one of its times) and its instant is not
 * before the medicine's `created_at` (a medicine added at 22:51 does not owe that morning's 08:00
 * dose). A dose that was not expected may still be recorded (doseRecordRefusal): it then counts
 * by its record.
 */
export function isDoseExpected(
  medication: Pick<Medication, 'schedule' | 'created_at'>,
  date: string,
  time: string,
  zone: string,
): boolean {
  if (!isScheduledOn(medication, date) || !medication.schedule.times.includes(time)) return false;
  return createdGate(medication, zone)(date, time);
}

/**
 * The doses due on `date` (YYYY-MM-DD in the patient's `zone`): one per reminder time of each
 * medication scheduled that day whose dose isDoseExpected, sorted by time, then name; with
 * `recorded` (indexByDose), a scheduled dose from before the medicine was added is listed too
 * when it has a record (it was taken, and shows so). As-needed medications have none.
 */
export function dosesOn(
  medications: readonly Medication[],
  date: string,
  zone: string,
  recorded?: ReadonlyMap<string, AdherenceRecord>,
): ScheduledDose[] {
  const doses = medications
    .filter((medication) => isScheduledOn(medication, date))
    .flatMap((medication) => {
      const expected = createdGate(medication, zone);
      return medication.schedule.times
        .filter(
          (scheduled_time) =>
            expected(date, scheduled_time) || recorded?.has(doseKey(medication.id, date, scheduled_time)),
        )
        .map((scheduled_time) => ({ medication, scheduled_time }));
    });
  return doses.sort(
    (a, b) => a.scheduled_time.localeCompare(b.scheduled_time) || a.medication.name.localeCompare(b.medication.name),
  );
}

export type DoseStatus = 'taken' | 'overdue' | 'pending';

/** Key of one dose: its medication, date and time. */
export const doseKey = (medicationId: string, date: string, time: string) => `${medicationId}|${date}|${time}`;

/** Indexes adherence records by dose key for status lookups. */
export function indexByDose(records: readonly AdherenceRecord[]): Map<string, AdherenceRecord> {
  return new Map(records.map((record) => [doseKey(record.medication_id, record.date, record.scheduled_time), record]));
}

/**
 * docs/product.md: taken when its record says 'taken'; otherwise overdue once the user's current
 * time of day ('HH:MM') is after the scheduled time; otherwise pending.
 */
export function doseStatus(record: AdherenceRecord | undefined, scheduledTime: string, nowTime: string): DoseStatus {
  if (record?.status === 'taken') return 'taken';
  return nowTime > scheduledTime ? 'overdue' : 'pending';
}

export interface AdherenceStats {
  taken: number;
  /** Records that count: every status but 'pending'. */
  total: number;
  /** Rounded percentage, or null when nothing counts (no NaN: docs/product.md shows no guard). */
  percent: number | null;
}

/** Adherence percent (docs/product.md): taken ÷ counted doses × 100, rounded; null when none count (no NaN). */
export function adherencePercent(taken: number, total: number): number | null {
  return total > 0 ? Math.round((taken / total) * 100) : null;
}

/** Adherence statistics (docs/product.md): pending excluded; taken / non-pending, rounded. */
export function adherenceStats(records: readonly Pick<AdherenceRecord, 'status'>[]): AdherenceStats {
  const counted = records.filter((record) => record.status !== 'pending');
  const taken = counted.filter((record) => record.status === 'taken').length;
  return { taken, total: counted.length, percent: adherencePercent(taken, counted.length) };
}

/**
 * Weekly (or any multi-day) adherence, the one sum every screen, summary and report uses:
 * the taken and counted doses of `parts` (days of dailyAdherence, or medicines) added up, and
 * their whole percentage (adherencePercent; null when none count).
 */
export function sumAdherence(parts: readonly { taken: number; total: number }[]): AdherenceStats {
  let taken = 0;
  let total = 0;
  for (const part of parts) {
    taken += part.taken;
    total += part.total;
  }
  return { taken, total, percent: adherencePercent(taken, total) };
}

/** Home's progress: taken of today's scheduled doses; 0 when none (no NaN). */
export function progressPercent(taken: number, total: number): number {
  return total > 0 ? Math.round((taken / total) * 100) : 0;
}

export type PillsBand = 'red' | 'orange' | 'green';

/** docs/product.md: under 7 red, under 14 orange, otherwise green; the alert icon shows under 14. */
export function pillsBand(pillsRemaining: number): { band: PillsBand; alert: boolean } {
  const band: PillsBand = pillsRemaining < 7 ? 'red' : pillsRemaining < 14 ? 'orange' : 'green';
  return { band, alert: pillsRemaining < 14 };
}

export interface DayAdherence extends AdherenceStats {
  /** YYYY-MM-DD in the user's zone. */
  date: string;
}

/**
 * Reports' 'Medication Adherence', one entry per
 * date in `dates`. A day's doses are the doses `medications` schedule that day plus every
 * recorded dose (an as-needed log, or a medication deleted since). A recorded dose has its
 * record's status; an unrecorded one counts as missed once its time has passed (any day
 * before `today`, or today after `nowTime`) and stays 'pending', excluded, until then.
 * A dose before the medicine was added is not expected (isDoseExpected).
 * @param today YYYY-MM-DD and `nowTime` 'HH:MM', both in the user's `zone`
 */
export function dailyAdherence(
  medications: readonly Medication[],
  records: readonly AdherenceRecord[],
  dates: readonly string[],
  today: string,
  nowTime: string,
  zone: string,
): DayAdherence[] {
  const recorded = indexByDose(records);
  return dates.map((date) => {
    const statuses = doseStatusesOn(medications, recorded, date, today, nowTime, zone);
    return { date, ...adherenceStats([...statuses.values()].map((status) => ({ status }))) };
  });
}

/**
 * The status of every dose of `date` under dailyAdherence's rule, keyed by doseKey (whose
 * first part is the medication id): the doses `medications` schedule that day ('missed'
 * once due, else 'pending') overlaid with every record of that day in `recorded`.
 * @param recorded records indexed by indexByDose
 * @param zone the patient's IANA zone, which dates and times are in
 */
export function doseStatusesOn(
  medications: readonly Medication[],
  recorded: ReadonlyMap<string, AdherenceRecord>,
  date: string,
  today: string,
  nowTime: string,
  zone: string,
): Map<string, AdherenceRecord['status']> {
  const statuses = new Map<string, AdherenceRecord['status']>();
  for (const { medication, scheduled_time } of dosesOn(medications, date, zone)) {
    const due = date < today || (date === today && nowTime > scheduled_time);
    statuses.set(doseKey(medication.id, date, scheduled_time), due ? 'missed' : 'pending');
  }
  for (const [key, record] of recorded) if (record.date === date) statuses.set(key, record.status);
  return statuses;
}
