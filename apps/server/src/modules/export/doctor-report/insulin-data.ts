/**
 * The report's insulin (decision 047): units the person logged in the period, by type, with
 * the mean daily total over the days with a dose, the rule History's Insulin view uses.
 */
import { roundTo } from '@diacare/contract/clinical';
import {
  INSULIN_TYPES,
  dailyInsulinTotals,
  type InsulinDoseLike,
  type InsulinType,
} from '@diacare/contract/insulin-rules';

export interface InsulinModel {
  /** Days of the period with at least one dose logged. */
  days: number;
  /** U, one decimal, over `days`; null with no dose. */
  meanDailyTotal: number | null;
  /** Types with a dose, in INSULIN_TYPES order: doses, total U and mean U per day with a dose (one decimal). */
  byType: { type: InsulinType; doses: number; units: number; meanDaily: number }[];
}

/**
 * The insulin figures from the period's `doses`, or null when the section has nothing to say:
 * no dose logged and no active medicine marked as insulin (`onInsulin`).
 */
export function buildInsulinModel(doses: readonly InsulinDoseLike[], onInsulin: boolean): InsulinModel | null {
  if (doses.length === 0 && !onInsulin) return null;
  const days = dailyInsulinTotals(doses);
  const perDay = (units: number) => roundTo(units / days.length, 1);
  const byType = INSULIN_TYPES.flatMap((type) => {
    const ofType = doses.filter((dose) => dose.insulin_type === type);
    if (ofType.length === 0) return [];
    const units = ofType.reduce((sum, dose) => sum + dose.units, 0);
    return [{ type, doses: ofType.length, units: roundTo(units, 1), meanDaily: perDay(units) }];
  });
  const total = days.reduce((sum, day) => sum + day.total, 0);
  return { days: days.length, meanDailyTotal: days.length ? perDay(total) : null, byType };
}
