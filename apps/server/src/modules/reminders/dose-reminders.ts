/**
 * A medication's dose reminders in a window, at the dose's local time in the user's IANA zone
 * (decision 014). Pure: no database.
 */
import { localDate, shiftDate, zonedInstant } from '@diacare/contract/dates';
import { isDoseExpected, isScheduledOn } from '@diacare/contract/dose-rules';
import type { medications, reminders } from '../../db/schema.ts';
import type { Language } from '../../i18n/index.ts';
import type { Medication } from '@diacare/contract/medications';
import { DOSE_WINDOW_MS } from './constants.ts';
import { doseBody, doseTitle } from './texts.ts';

export type MedicationRow = typeof medications.$inferSelect;
export type NewReminder = typeof reminders.$inferInsert;

/** The schedule of a medication row, as the contract's dose rules read it. */
export function scheduleOf(
  row: Pick<MedicationRow, 'frequency' | 'times' | 'weekdays' | 'start_date'>,
): Pick<Medication, 'schedule'> {
  const { frequency, times, weekdays, start_date } = row;
  return { schedule: { frequency, times, weekdays, start_date, end_date: null } };
}

/** Dedupe key of one scheduled dose. */
export const doseDedupeKey = (medicationId: string, date: string, time: string) =>
  `dose:${medicationId}:${date}:${time}`;

/**
 * The dose reminders of one medication due in [from, to), in the user's `zone`, their texts
 * in the user's `language`.
 * Dates are walked from the day before `from` (local) to the day after `to`.
 */
export function doseRemindersFor(
  medication: MedicationRow,
  zone: string,
  from: Date,
  to: Date,
  language: Language = 'en',
): NewReminder[] {
  if (medication.archived_at || medication.frequency === 'as-needed') return [];
  const schedule = scheduleOf(medication);
  const expectable = { ...schedule, created_at: medication.created_at.toISOString() };
  const rows: NewReminder[] = [];
  const last = shiftDate(localDate(to, zone), 1);
  for (let date = shiftDate(localDate(from, zone), -1); date <= last; date = shiftDate(date, 1)) {
    if (!isScheduledOn(schedule, date)) continue;
    for (const time of medication.times) {
      // The one expected-dose rule (decision 077): no reminder for a dose before the medicine existed.
      if (!isDoseExpected(expectable, date, time, zone)) continue;
      const due = zonedInstant(date, time, zone);
      if (due < from || due >= to) continue;
      rows.push({
        user_id: medication.user_id,
        kind: 'dose',
        medication_id: medication.id,
        dose_date: date,
        scheduled_time: time,
        title: doseTitle(medication.name, language),
        body: doseBody(
          { dosage: medication.dosage, form: medication.form, time, whenToTake: medication.when_to_take },
          language,
        ),
        due_at: due,
        expires_at: new Date(due.getTime() + DOSE_WINDOW_MS),
        dedupe_key: doseDedupeKey(medication.id, date, time),
      });
    }
  }
  return rows;
}

/** Dedupe key of the refill reminder of a medication's current run-down. */
export const refillDedupeKey = (medicationId: string) => `refill:${medicationId}`;
