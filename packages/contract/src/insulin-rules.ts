/**
 * Insulin doses: the insulin types, the bounds of a dose in units, the
 * last dose to pre-fill a Take with, and total daily units by type. Free of zod.
 */
import { minutesOfDay } from './dates.ts';

/** Insulin by action profile (ADA Standards of Care 2025, §9: pharmacologic approaches). */
export const INSULIN_TYPES = ['rapid', 'short', 'intermediate', 'long', 'premixed'] as const;
export type InsulinType = (typeof INSULIN_TYPES)[number];

/**
 * A dose, in international units (UCUM 'U'), inclusive, in steps of 0.5: pens dial whole or
 * half units; 100 U is the most one common pen delivers in one injection.
 */
export const INSULIN_UNITS = { min: 0.5, max: 100, step: 0.5 } as const;

/** True when `units` is a multiple of the 0.5-unit step. */
export function isHalfUnitStep(units: number): boolean {
  return Number.isInteger(units / INSULIN_UNITS.step);
}

/** What the pre-fill and the totals need of a dose. */
export interface InsulinDoseLike {
  units: number;
  insulin_type: InsulinType;
  medication_id: string | null;
  date: string;
  time: string;
}

/** How far from a scheduled time a logged dose still counts as that time's dose (a Take is often late). */
export const PREFILL_WINDOW_MINUTES = 120;

/**
 * The units of the latest dose of `medicationId` taken within PREFILL_WINDOW_MINUTES of the
 * scheduled `time`, to pre-fill that Take: the person's own last dose for that time, never a
 * dose the app suggests. Null when there is none. `doses` may come in any order.
 */
export function lastDoseUnits(doses: readonly InsulinDoseLike[], medicationId: string, time: string): number | null {
  let latest: InsulinDoseLike | null = null;
  for (const dose of doses) {
    if (dose.medication_id !== medicationId) continue;
    if (Math.abs(minutesOfDay(dose.time) - minutesOfDay(time)) > PREFILL_WINDOW_MINUTES) continue;
    if (!latest || `${dose.date} ${dose.time}` > `${latest.date} ${latest.time}`) latest = dose;
  }
  return latest?.units ?? null;
}

/** One day's insulin: units per type and the total (U). */
export interface DailyInsulin {
  date: string;
  byType: Record<InsulinType, number>;
  total: number;
}

/** Total daily units by type, newest day first; days without a dose are left out. */
export function dailyInsulinTotals(doses: readonly InsulinDoseLike[]): DailyInsulin[] {
  const days = new Map<string, DailyInsulin>();
  for (const dose of doses) {
    let day = days.get(dose.date);
    if (!day) {
      day = { date: dose.date, byType: { rapid: 0, short: 0, intermediate: 0, long: 0, premixed: 0 }, total: 0 };
      days.set(dose.date, day);
    }
    day.byType[dose.insulin_type] += dose.units;
    day.total += dose.units;
  }
  return [...days.values()].sort((a, b) => b.date.localeCompare(a.date));
}
