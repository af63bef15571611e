/**
 * The evaluation's expected figures for the meal labels ('meals.response@y~dinner',
 * 'meals.ranking@30'; decision 102), from the seeded user's API rows: the meals, each meal's response
 * (GET /api/meals/{id}/response) and the meals report (GET /api/reports/meals), never from the
 * assistant's code.
 */
import { formatShortDate } from '@diacare/contract/dates';
import { INTL_LOCALES } from '@diacare/contract/languages';
import type { GlucoseReading } from '@diacare/contract/health';
import type { Meal, MealResponse, MealsReport } from '@diacare/contract/meals';

/** The meal rows the oracle reads (the last 60 days) in the user's language. */
export interface MealSnapshot {
  meals: Meal[];
  /** Each meal's response by meal id. */
  mealResponses: Record<string, MealResponse>;
  /** The meals report by its days (14, 30, 90). */
  mealsReports: Record<string, MealsReport>;
}

/** Reads the meal rows of the seeded user through `get` (an API GET), meals dated from `start`. */
export async function mealSnapshot(get: <T>(url: string) => Promise<T>, start: string): Promise<MealSnapshot> {
  const meals = await get<Meal[]>(`/api/meals?start_date=${start}`);
  const mealResponses: Record<string, MealResponse> = {};
  for (const meal of meals) mealResponses[meal.id] = await get<MealResponse>(`/api/meals/${meal.id}/response`);
  const mealsReports: Record<string, MealsReport> = {};
  for (const days of [14, 30, 90]) mealsReports[days] = await get<MealsReport>(`/api/reports/meals?days=${days}`);
  return { meals, mealResponses, mealsReports };
}

/** The finger-stick contexts of a meal type: an answer with no meal that day tells these readings. */
const CONTEXTS: Record<string, [string, string]> = {
  breakfast: ['Before Breakfast', 'After Breakfast'],
  lunch: ['Before Lunch', 'After Lunch'],
  dinner: ['Before Dinner', 'After Dinner'],
};

/**
 * The strings an answer in `language` must hold for a meal label (mg/dL user): one meal (the
 * newest eaten by now of the type, or each of the day's) → its date, first food, and the before,
 * peak and rise figures it has; no such meal on the day → the day's Before/After readings of the
 * type; ranking → the report's sentence, and its top food and rise when there are enough meals.
 */
export function mealFigures(
  label: { measure: string; period: string | null; qualifier: string | null },
  s: MealSnapshot & { today: string; nowTime: string; glucose: GlucoseReading[] },
  range: { from: string; to: string } | null,
  language: 'en' | 'hi',
): string[] {
  const day = (date: string) => formatShortDate(date, INTL_LOCALES[language]);
  const mg = (value: number) => `${value} mg/dL`;
  if (label.measure === 'ranking') {
    const report = s.mealsReports[label.period ?? '30']!;
    if (label.qualifier) {
      // '~dinner' ('which dinner spiked me most'), '~any' ('which meal'): the meal with the largest rise, its day and peak.
      const top = s.meals
        .filter(
          (m) => (label.qualifier === 'any' || m.meal_type === label.qualifier) && s.mealResponses[m.id]!.rise !== null,
        )
        .sort((a, b) => s.mealResponses[b.id]!.rise! - s.mealResponses[a.id]!.rise!)[0]!;
      return [day(top.date), top.time, mg(s.mealResponses[top.id]!.peak!.value), report.sentence];
    }
    if (report.with_response < 3 || !report.foods[0]) return [report.sentence];
    return [report.sentence, report.foods[0].name, mg(report.foods[0].median_rise)];
  }
  const food = label.qualifier?.startsWith('food:') ? label.qualifier.slice(5).toLowerCase() : null;
  // '~at:23:30' ('the 23:30 dinner', 'raat 11:30 baje'): the meal logged within 45 minutes of that clock time.
  const at = label.qualifier?.startsWith('at:') ? minutes(label.qualifier.slice(3)) : null;
  const eaten = s.meals
    .filter((m) => `${m.date} ${m.time}` <= `${s.today} ${s.nowTime}`)
    .filter((m) => at === null || Math.abs(minutes(m.time) - at) <= 45)
    .filter((m) => food !== null || at !== null || !label.qualifier || m.meal_type === label.qualifier)
    .filter((m) => food === null || m.items.some((item) => item.name.toLowerCase().includes(food)))
    .filter((m) => !range || (m.date >= range.from && m.date <= range.to))
    .sort((a, b) => `${b.date} ${b.time}`.localeCompare(`${a.date} ${a.time}`));
  // '~food:poha' ('poha ke baad kitna badha'): the newest meal with that food that has a rise.
  const risen = eaten.find((m) => s.mealResponses[m.id]!.rise !== null);
  const chosen = range ? eaten : food !== null && risen ? [risen] : eaten.slice(0, 1);
  if (chosen.length === 0) {
    const contexts = label.qualifier ? CONTEXTS[label.qualifier] : undefined;
    const readings = s.glucose.filter((r) => range && r.date === range.from && contexts?.includes(r.meal_context));
    return [day(range!.from), ...readings.map((r) => mg(r.value))];
  }
  return chosen.flatMap((meal) => {
    const r = s.mealResponses[meal.id]!;
    const figures = [day(meal.date), meal.items[0]!.name];
    if (r.before) figures.push(mg(r.before.value));
    if (r.peak && r.rise !== null) figures.push(mg(r.peak.value), mg(Math.abs(r.rise)));
    return figures;
  });
}

/** Minutes since midnight of 'HH:MM'. */
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
