/**
 * When a medicine's pills run out: one pill per scheduled dose, as taking a dose
 * takes one pill off the count. Pure.
 */
import { shiftDate } from './dates.ts';
import { isScheduledOn } from './dose-rules.ts';
import type { Medication } from './medications.ts';

/** The last date the pills cover, and how many scheduled doses they cover, from now on. */
export interface RunOut {
  /** YYYY-MM-DD (user's zone) of the last dose the pills cover; null when no pill is left. */
  lastDate: string | null;
  /** Scheduled doses a day on average over the next 7 days. */
  dosesPerDay: number;
}

/**
 * The schedule's times on `date`: the doses ahead of now, which come after the medicine was added,
 * so isDoseExpected's creation rule never removes one of them.
 */
const timesOn = (medication: Medication, date: string) =>
  isScheduledOn(medication, date) ? medication.schedule.times : [];

/**
 * The day `medication`'s `pillsRemaining` pills last until, counting the doses still to come
 * today (after `nowTime`, 'HH:MM' on `today`, both in the user's zone) and every scheduled
 * dose after. Null for a medicine with no schedule (as-needed) or past its 10-year horizon.
 */
export function runOutDate(
  medication: Medication,
  pillsRemaining: number,
  today: string,
  nowTime: string,
): RunOut | null {
  const perWeek = Array.from({ length: 7 }, (_, i) => timesOn(medication, shiftDate(today, i + 1)).length);
  const dosesPerDay = Math.round((perWeek.reduce((a, b) => a + b, 0) / 7) * 10) / 10;
  if (dosesPerDay === 0 && timesOn(medication, today).length === 0) return null;
  if (pillsRemaining <= 0) return { lastDate: null, dosesPerDay };
  let left = pillsRemaining;
  for (let day = 0; day < 3650; day += 1) {
    const date = shiftDate(today, day);
    const doses = timesOn(medication, date).filter((time) => day > 0 || time > nowTime);
    left -= doses.length;
    if (left <= 0) return { lastDate: date, dosesPerDay };
  }
  return null;
}
