/** The 'Meals and sugar' section (decision 089): drawn only when meals were logged in the period. */
import { formatGlucoseValue } from '@diacare/contract/glucose-units';
import type { MessageId } from '../../../i18n/index.ts';
import type { ReportModel } from '../doctor-report-data.ts';
import { PAGE, type ReportPdf } from './pdf.ts';

/**
 * Draws, in the report's unit: the meals logged, those with a response and the median rise of
 * each meal type with a meal, on one line; the foods with the largest median rises and their
 * meals with a response; the rule's source. Rises arrive in mg/dL (a difference converts like a
 * value). Nothing when `model.meals` is null.
 */
export function drawMeals(pdf: ReportPdf, model: ReportModel): void {
  const { meals } = model;
  if (!meals) return;
  const { tr } = pdf;
  const { unit } = model.glucose;
  const rise = (mgDl: number | null) => (mgDl === null ? '—' : formatGlucoseValue(mgDl, unit));
  pdf.heading(tr('report.meals.heading'), 70);
  const byType = meals.byMealType
    .map((row) => `${tr(`report.meals.type.${row.mealType}` as MessageId)} ${rise(row.medianRise)}`)
    .join(' · ');
  pdf.write(tr('report.meals.logged', { meals: meals.meals, with: meals.withResponse, unit, list: byType }), {
    x: PAGE.margin,
    size: 9,
  });
  if (meals.foods.length > 0) {
    const foods = meals.foods.map((food) => `${food.name} ${rise(food.medianRise)} (${food.meals})`).join(' · ');
    pdf.write(tr('report.meals.foods', { unit, list: foods }), { x: PAGE.margin, size: 9 });
  }
  pdf.source(tr('report.meals.source'));
}
