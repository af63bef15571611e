/**
 * Meals' rules that need the server (decision 088, 089): an item's carbohydrate from the food
 * list, the meal's sum and its limit; each meal's response from the person's readings; the
 * meals report with its sentence in the person's language and unit.
 */
import { datesEndingOn, localDate } from '@diacare/contract/dates';
import { formatGlucose, type GlucoseUnit } from '@diacare/contract/glucose-units';
import {
  MEAL_LIMITS,
  MEALS_REPORT_MIN_RESPONSES,
  type MealType,
  type MealsReportPeriod,
} from '@diacare/contract/meal-constants';
import { summariseMeals } from '@diacare/contract/meal-report-rules';
import { median, mealResponse, type MealResponseResult, type MealResponsePoint } from '@diacare/contract/meal-response';
import type { MealResponse, MealsReport, mealInputSchema } from '@diacare/contract/meals';
import type { User } from '@diacare/contract/users';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { StoredMealItem } from '../../db/schema.ts';
import { t, userLanguage, type Language } from '../../i18n/index.ts';
import { badRequest } from '../../plugins/errors.ts';
import { recipeCarbs } from './foods/define.ts';
import { foodSearch } from './foods/search.ts';
import {
  aroundDate,
  createMealReadingsRepository,
  readingsWithin,
  type MealReadings,
} from './meal-readings.repository.ts';
import type { NewMeal } from './meals.repository.ts';
import { createMealsRepository } from './meals.repository.ts';

const MINUTE_MS = 60_000;

/**
 * The meal as stored: each item with a food_id takes the list's carbohydrate × portions (one
 * decimal), a free-text item keeps its own; the meal's sum is whole, null when no item has one.
 * @throws HttpError 400 'items.N.food_id: must be a food of the list'; 'items: must add up to at most 500 g'
 */
export function mealToStore(input: z.output<typeof mealInputSchema>): NewMeal {
  const items: StoredMealItem[] = input.items.map((item, index) => {
    if (item.food_id === null)
      return { food_id: null, name: item.name, portions: item.portions, carbs_g: item.carbs_g };
    const food = foodSearch().byId(item.food_id);
    if (!food) throw badRequest(`items.${index}.food_id`, 'error.food_unknown');
    const carbs = Math.round(recipeCarbs(food.recipe) * item.portions * 10) / 10;
    // A listed food keeps the list's (English) name, whatever was sent; readers see it in their language.
    return { food_id: food.id, name: food.en, portions: item.portions, carbs_g: carbs };
  });
  const known = items.filter((item) => item.carbs_g !== null);
  const total = known.length === 0 ? null : Math.round(known.reduce((sum, item) => sum + item.carbs_g!, 0));
  if (total !== null && total > MEAL_LIMITS.carbs_g) {
    throw badRequest('items', 'error.meal_carbs_too_high', { max: MEAL_LIMITS.carbs_g });
  }
  return { date: input.date, time: input.time, meal_type: input.meal_type, items, carbs_g: total, note: input.note };
}

const point = (value: MealResponsePoint | null) =>
  value && { value: value.value, at: new Date(value.at).toISOString() };

/** The rule's answer as the API's: instants as ISO 8601. */
export const toMealResponse = (result: MealResponseResult): MealResponse => ({
  ...result,
  before: point(result.before),
  peak: point(result.peak),
});

/**
 * Each of `moments`' response (sorted oldest first) from `readings`; only the readings near
 * each meal are handed to the rule (binary search), so 270 meals over 26,000 sensor readings
 * stay fast. `all` are every meal of the person around them (the next meal ends a window).
 */
export function responsesOf(
  moments: readonly { id: string; at: number; meal_type: MealType }[],
  all: readonly { id: string; at: number }[],
  readings: MealReadings,
): Map<string, MealResponseResult> {
  const results = new Map<string, MealResponseResult>();
  for (const meal of moments) {
    const next = all.find((other) => other.at > meal.at)?.at ?? null;
    const from = meal.at - 60 * MINUTE_MS;
    const to = meal.at + 180 * MINUTE_MS;
    results.set(
      meal.id,
      mealResponse(
        meal,
        next,
        readingsWithin(readings.sensor, from, to),
        readingsWithin(readings.fingersticks, from, to),
      ),
    );
  }
  return results;
}

/** GET /api/meals/{id}/response for the meal `id` of `owner` (already found as theirs). */
export async function loadMealResponse(db: Database, owner: User, meal: { id: string; date: string }) {
  const [start, end] = aroundDate(meal.date);
  const mealReadings = createMealReadingsRepository(db);
  const [moments, readings] = await Promise.all([
    mealReadings.mealMomentsBetween(owner.id, owner.timezone, start, end),
    mealReadings.readingsBetween(owner.id, owner.timezone, start, end),
  ]);
  const own = moments.filter((moment) => moment.id === meal.id);
  return toMealResponse(responsesOf(own, moments, readings).get(meal.id)!);
}

/**
 * Every meal of `start`…`end` (YYYY-MM-DD, the owner's zone) with its response, from three
 * queries (the meals, every meal's moment to the day after, the readings around them) rather
 * than two per meal: `byId` the meal rows by id, `inPeriod` their moments (time order),
 * `responses` each one's result by meal id.
 */
export async function mealResponsesBetween(db: Database, owner: User, start: string, end: string) {
  const mealReadings = createMealReadingsRepository(db);
  const [rows, moments, readings] = await Promise.all([
    createMealsRepository(db).list(owner.id, { start_date: start, end_date: end, limit: 1000 }),
    mealReadings.mealMomentsBetween(owner.id, owner.timezone, start, aroundDate(end)[1]),
    mealReadings.readingsBetween(owner.id, owner.timezone, aroundDate(start)[0], aroundDate(end)[1]),
  ]);
  const byId = new Map(rows.map(({ row }) => [row.id, row]));
  const inPeriod = moments.filter((moment) => byId.has(moment.id));
  return { byId, inPeriod, responses: responsesOf(inPeriod, moments, readings) };
}

/** Glucose in the person's unit for a sentence: '40 mg/dL', '2.2 mmol/L'. */
const inUnit = (mgDl: number, unit: GlucoseUnit) => formatGlucose(mgDl, unit);

/**
 * GET /api/reports/meals: the `days` days ending today in the person's zone.
 * The sentence names the food with the largest median rise when one is ranked, else the overall
 * median rise; with fewer than MEALS_REPORT_MIN_RESPONSES meals with a response it says so.
 */
export async function loadMealsReport(
  db: Database,
  user: User,
  now: Date,
  days: MealsReportPeriod,
  language: Language = userLanguage(user.language),
): Promise<MealsReport> {
  const dates = datesEndingOn(localDate(now, user.timezone), days);
  const start = dates[0]!;
  const end = dates.at(-1)!;
  const { byId, inPeriod, responses } = await mealResponsesBetween(db, user, start, end);
  const summary = summariseMeals(
    inPeriod.map((moment) => ({
      meal_type: moment.meal_type,
      items: byId.get(moment.id)!.items,
      rise: responses.get(moment.id)?.rise ?? null,
    })),
  );
  const foods = summary.foods.map((food) => {
    const listed = food.food_id ? foodSearch().byId(food.food_id) : undefined;
    return { ...food, name: listed ? (language === 'hi' ? listed.hi : listed.en) : food.name };
  });
  const unit = user.glucose_unit;
  const rises = [...responses.values()].map((r) => r.rise).filter((rise): rise is number => rise !== null);
  let sentence: string;
  if (summary.with_response < MEALS_REPORT_MIN_RESPONSES) {
    // The card shows the counts beside it: the sentence says only what is missing.
    sentence = t(language, 'meals.report.too_few', { needed: MEALS_REPORT_MIN_RESPONSES });
  } else if (foods[0]) {
    sentence = t(language, 'meals.report.foods', {
      days,
      food: foods[0].name,
      rise: inUnit(foods[0].median_rise, unit),
      meals: foods[0].meals,
    });
  } else {
    sentence = t(language, 'meals.report.overall', { days, rise: inUnit(median(rises)!, unit), meals: rises.length });
  }
  return {
    period: { days, start, end },
    meals: summary.meals,
    with_response: summary.with_response,
    by_meal_type: summary.by_meal_type,
    foods,
    sentence,
  };
}
