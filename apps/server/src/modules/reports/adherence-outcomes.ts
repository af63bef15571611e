/**
 * Doses set against sugar (decision 052): each day of the period is 'all taken' or has a
 * missed dose under Reports' adherence rule (decision 007), and the two groups' glucose is
 * compared. `computeAdherenceOutcomes` is pure; `loadAdherenceOutcomes` reads the database.
 */
import { mean, roundTo } from '@diacare/contract/clinical';
import { datesEndingOn, localDate, minutesOfDay, shiftDate } from '@diacare/contract/dates';
import { doseStatusesOn, indexByDose } from '@diacare/contract/dose-rules';
import type { AdherenceRecord, Medication } from '@diacare/contract/medications';
import {
  LATE_AFTER_MINUTES,
  OUTCOME_MIN_DAYS,
  type AdherenceOutcomes,
  type DoseOutcome,
  type OutcomeDay,
  type OutcomeGroup,
  type OutcomePeriod,
  type OutcomeStatement,
} from '@diacare/contract/reports';
import type { User } from '@diacare/contract/users';
import type { Database } from '../../db/client.ts';
import { createMedicationRepository } from '../medications/medication.repository.ts';
import { createGlucoseReadingsRepository, type PeriodGlucoseReading } from './glucose-readings.repository.ts';

/** What the comparison is made from; every date and time in the user's zone. */
export interface OutcomesInput {
  /** The period's days, oldest first; all before today, so every dose is due. */
  dates: readonly string[];
  /** Active medications: their schedules make each day's doses. */
  activeMedications: readonly Medication[];
  /** Every medication's name by id, archived ones too (their records still count). */
  medicationNames: ReadonlyMap<string, string>;
  adherence: readonly AdherenceRecord[];
  glucose: readonly PeriodGlucoseReading[];
  /** The user's IANA zone: a dose before its medicine was added is not expected (decision 077). */
  zone: string;
}

const oneDecimal = (value: number | null) => (value === null ? null : roundTo(value, 1));

/** A dose's lane mark: taken more than LATE_AFTER_MINUTES after its time is late; not taken is missed. */
function doseOutcome(status: AdherenceRecord['status'], record: AdherenceRecord | undefined): DoseOutcome {
  if (status !== 'taken') return 'missed';
  const taken = record?.taken_time;
  if (!taken || !record) return 'on_time';
  return minutesOfDay(taken) - minutesOfDay(record.scheduled_time) > LATE_AFTER_MINUTES ? 'late' : 'on_time';
}

/** The day means of a group, unrounded (the sentence rounds once, from these). */
type DayMeans = Map<string, { mean: number | null; fasting: number | null }>;

function group(
  days: readonly OutcomeDay[],
  raw: DayMeans,
): OutcomeGroup & { raw: { mean: number | null; fasting: number | null } } {
  const means = days.flatMap((day) => raw.get(day.date)?.mean ?? []);
  const fasting = days.flatMap((day) => raw.get(day.date)?.fasting ?? []);
  return {
    raw: { mean: mean(means), fasting: mean(fasting) },
    days: days.length,
    reading_days: means.length,
    mean: oneDecimal(mean(means)),
    fasting_days: fasting.length,
    fasting_mean: oneDecimal(mean(fasting)),
  };
}

/** The dose (medication and time) missed on every missed day, when there is one. */
function commonMissedDose(missedDays: readonly OutcomeDay[]): { name: string; scheduled_time: string } | null {
  const [first, ...rest] = missedDays;
  if (!first) return null;
  const key = (dose: OutcomeDay['doses'][number]) => `${dose.medication_id}|${dose.scheduled_time}`;
  const missedOn = (day: OutcomeDay) => new Set(day.doses.filter((d) => d.outcome === 'missed').map(key));
  const everyDay = first.doses.find(
    (dose) => dose.outcome === 'missed' && rest.every((d) => missedOn(d).has(key(dose))),
  );
  return everyDay ? { name: everyDay.name, scheduled_time: everyDay.scheduled_time } : null;
}

/**
 * The sentence's figures: fasting means when both groups have OUTCOME_MIN_DAYS days with a
 * fasting reading, else the day means when both have that many days with readings, else
 * 'too_few' (decision 052). Values whole mg/dL.
 */
function statement(
  allTaken: ReturnType<typeof group>,
  missed: ReturnType<typeof group>,
  missedDays: readonly OutcomeDay[],
): OutcomeStatement {
  if (allTaken.days === 0 && missed.days === 0) return { kind: 'no_doses' };
  const dose = commonMissedDose(missedDays);
  if (allTaken.fasting_days >= OUTCOME_MIN_DAYS && missed.fasting_days >= OUTCOME_MIN_DAYS) {
    return {
      kind: 'compare',
      metric: 'fasting',
      missed_days: missed.fasting_days,
      taken_days: allTaken.fasting_days,
      missed_value: Math.round(missed.raw.fasting!),
      taken_value: Math.round(allTaken.raw.fasting!),
      dose,
    };
  }
  if (allTaken.reading_days >= OUTCOME_MIN_DAYS && missed.reading_days >= OUTCOME_MIN_DAYS) {
    return {
      kind: 'compare',
      metric: 'mean',
      missed_days: missed.reading_days,
      taken_days: allTaken.reading_days,
      missed_value: Math.round(missed.raw.mean!),
      taken_value: Math.round(allTaken.raw.mean!),
      dose,
    };
  }
  return {
    kind: 'too_few',
    missed_days: missed.reading_days,
    taken_days: allTaken.reading_days,
    needed: OUTCOME_MIN_DAYS,
  };
}

/**
 * Works out the comparison from `input`: per day its doses (on time, late, missed — a dose
 * past its time with no record, or skipped, is missed), its status ('all_taken' when it had
 * doses and every one was taken, 'missed' otherwise, 'no_doses' without doses) and its mean
 * and fasting mean (mg/dL; fasting = manual readings marked Fasting). Group means are means
 * of day means, so a day of 288 sensor readings weighs as much as a day of two finger-pricks.
 */
export function computeAdherenceOutcomes(input: OutcomesInput): Omit<AdherenceOutcomes, 'period'> {
  const recorded = indexByDose(input.adherence);
  const readingsByDate = new Map<string, PeriodGlucoseReading[]>();
  for (const reading of input.glucose) {
    const list = readingsByDate.get(reading.date) ?? [];
    list.push(reading);
    readingsByDate.set(reading.date, list);
  }
  // Every date is before today: doseStatusesOn counts each unrecorded dose as missed.
  const raw: DayMeans = new Map();
  const afterPeriod = shiftDate(input.dates.at(-1) ?? '1970-01-01', 1);
  const days: OutcomeDay[] = input.dates.map((date) => {
    const statuses = doseStatusesOn(input.activeMedications, recorded, date, afterPeriod, '00:00', input.zone);
    const doses = [...statuses].map(([key, status]) => {
      const [medicationId, , scheduledTime] = key.split('|') as [string, string, string];
      const record = recorded.get(key);
      return {
        medication_id: medicationId,
        name: input.medicationNames.get(medicationId) ?? '',
        scheduled_time: scheduledTime,
        outcome: doseOutcome(status, record),
        taken_time: status === 'taken' ? (record?.taken_time ?? null) : null,
      };
    });
    doses.sort((a, b) => a.scheduled_time.localeCompare(b.scheduled_time) || a.name.localeCompare(b.name));
    const readings = readingsByDate.get(date) ?? [];
    const fasting = readings.filter((reading) => reading.meal_context === 'Fasting');
    const dayMean = mean(readings.map((r) => r.value));
    const fastingMean = mean(fasting.map((r) => r.value));
    raw.set(date, { mean: dayMean, fasting: fastingMean });
    return {
      date,
      status: doses.length === 0 ? 'no_doses' : doses.every((d) => d.outcome !== 'missed') ? 'all_taken' : 'missed',
      mean: oneDecimal(dayMean),
      fasting_mean: oneDecimal(fastingMean),
      doses,
    };
  });
  const missedDays = days.filter((day) => day.status === 'missed');
  const allTaken = group(
    days.filter((day) => day.status === 'all_taken'),
    raw,
  );
  const missed = group(missedDays, raw);
  const { raw: _takenRaw, ...allTakenGroup } = allTaken;
  const { raw: _missedRaw, ...missedGroup } = missed;
  return {
    all_taken: allTakenGroup,
    missed: missedGroup,
    no_dose_days: days.filter((day) => day.status === 'no_doses').length,
    late_after_minutes: LATE_AFTER_MINUTES,
    days,
    statement: statement(allTaken, missed, missedDays),
  };
}

/**
 * The comparison for `user` over the `days` whole days ending yesterday in their zone
 * (today is left out: its doses are not all due yet). Reads only `user`'s rows.
 */
export async function loadAdherenceOutcomes(
  db: Database,
  user: User,
  now: Date,
  days: OutcomePeriod,
): Promise<AdherenceOutcomes> {
  const end = shiftDate(localDate(now, user.timezone), -1);
  const dates = datesEndingOn(end, days);
  const start = dates[0]!;
  const repository = createMedicationRepository(db);
  const [activeMedications, medicationNames, adherence, glucose] = await Promise.all([
    repository.list(user.id),
    repository.namesById(user.id),
    repository.listAdherence(user.id, { start_date: start, end_date: end }),
    createGlucoseReadingsRepository(db).glucoseReadingsInPeriod(user.id, start, end),
  ]);
  return {
    period: { days, start, end },
    ...computeAdherenceOutcomes({
      dates,
      activeMedications,
      medicationNames,
      adherence,
      glucose,
      zone: user.timezone,
    }),
  };
}
