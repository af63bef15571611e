/**
 * Meals (decision 088): the food list, a logged meal with its items, a meal's glucose response
 * and the meals report. Carbohydrate figures are estimates in grams (shown "≈ 15 g"); nothing
 * turns them into an insulin dose. Glucose values are mg/dL, as stored (decision 025); the web
 * shows them in the person's unit. Instants (`at`) are ISO 8601 in UTC; dates and times are the
 * person's IANA zone.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import {
  calendarDateSchema,
  displayNoteSchema,
  displayTextSchema,
  listLimitSchema,
  orRequired,
  readingDateSchema,
  timeOfDaySchema,
} from './common.ts';
import {
  MEAL_TYPES,
  MEAL_LIMITS,
  FOOD_PORTION_UNITS,
  MEAL_RESPONSE_SOURCES,
  MEALS_REPORT_PERIODS,
} from './meal-constants.ts';

export * from './meal-constants.ts';

/** A food of the list: lowercase letters, digits and dashes ('roti', 'masala-dosa'). */
export const foodIdSchema = z
  .string({ error: orRequired(vmsg('validation.food_id')) })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: vmsg('validation.food_id') })
  .max(64, { error: vmsg('validation.food_id') });

/** One food of GET /api/foods. */
export const foodSchema = z.object({
  id: z.string(),
  /** The name in the person's language (their profile's), else English. */
  name: z.string(),
  names: z.object({ en: z.string(), hi: z.string() }),
  /** The household portion the carbohydrate figure is for: '1 katori' (150 g) of dal. */
  portion: z.object({ unit: z.enum(FOOD_PORTION_UNITS), grams: z.number() }),
  /** Carbohydrate in one portion, g, an estimate rounded to a whole gram. */
  carbs_g: z.number(),
  /** Where the figure comes from: the FoodData Central items and the recipe (decision 088). */
  source: z.string(),
});
export type Food = z.infer<typeof foodSchema>;

/**
 * GET /api/foods: `q` searched in English, Hindi (Devanagari) and common Latin spellings,
 * typo-tolerant, best first (show the first few); without `q` the whole list (for the web's
 * offline copy), by English name. `limit` as every list's.
 */
export const foodsQuerySchema = z.object({
  q: z
    .string()
    .max(MEAL_LIMITS.query_length, { error: vmsg('validation.max_chars', { max: MEAL_LIMITS.query_length }) })
    .optional(),
  limit: listLimitSchema,
});
export type FoodsQuery = z.infer<typeof foodsQuerySchema>;

export const mealTypeSchema = z.enum(MEAL_TYPES, {
  error: orRequired(vmsg('validation.one_of', { values: MEAL_TYPES.join(', ') })),
});

/** True when `value` is a whole multiple of 0.25 (the portion stepper's step). */
export const isQuarterStep = (value: number): boolean => Math.abs(value * 4 - Math.round(value * 4)) < 1e-9;

/**
 * One item of a meal. With `food_id` (a food of the list) the server stores the list's
 * carbohydrate × `portions` and ignores a sent `carbs_g`; without it `carbs_g` is the item's
 * whole carbohydrate (all portions), g, or absent when unknown.
 */
export const mealItemInputSchema = z.object({
  food_id: foodIdSchema.nullable().default(null),
  name: displayTextSchema(MEAL_LIMITS.item_name_length),
  portions: z
    .number({ error: orRequired(vmsg('validation.number')) })
    .min(MEAL_LIMITS.portions[0], { error: vmsg('validation.min', { min: MEAL_LIMITS.portions[0] }) })
    .max(MEAL_LIMITS.portions[1], { error: vmsg('validation.max', { max: MEAL_LIMITS.portions[1] }) })
    .refine(isQuarterStep, { error: vmsg('validation.quarter_step') }),
  carbs_g: z
    .number({ error: vmsg('validation.number') })
    .min(0, { error: vmsg('validation.min_unit', { min: 0, unit: 'g' }) })
    .max(MEAL_LIMITS.carbs_g, { error: vmsg('validation.max_unit', { max: MEAL_LIMITS.carbs_g, unit: 'g' }) })
    .nullable()
    .default(null),
});
export type MealItemInput = z.input<typeof mealItemInputSchema>;

/**
 * POST /api/meals and PUT /api/meals/{id}: a meal eaten at `date` `time` in the person's zone
 * (not in the future: 400 naming date or time). The summed carbohydrate must not pass
 * MEAL_LIMITS.carbs_g either (400 naming `items`).
 */
export const mealInputSchema = z.object({
  date: readingDateSchema,
  time: timeOfDaySchema,
  meal_type: mealTypeSchema,
  items: z
    .array(mealItemInputSchema, { error: orRequired(vmsg('validation.meal_items')) })
    .min(1, { error: vmsg('validation.meal_items_min') })
    .max(MEAL_LIMITS.items, { error: vmsg('validation.max_items', { max: MEAL_LIMITS.items }) }),
  note: displayNoteSchema(MEAL_LIMITS.note_length).default(''),
});
export type MealInput = z.input<typeof mealInputSchema>;

export const mealItemSchema = z.object({
  food_id: z.string().nullable(),
  name: z.string(),
  portions: z.number(),
  /** The item's carbohydrate for all its portions, g, one decimal; null when unknown. */
  carbs_g: z.number().nullable(),
});
export type MealItem = z.infer<typeof mealItemSchema>;

export const mealSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  time: z.string(),
  meal_type: z.enum(MEAL_TYPES),
  items: z.array(mealItemSchema),
  /** Sum of the items that have a figure, g, whole; null when none has one. */
  carbs_g: z.number().nullable(),
  note: z.string(),
  /** A photo is stored: GET /api/meals/{id}/photo returns it. */
  has_photo: z.boolean(),
  /** The meal's instant (ISO 8601), from its date and time in the person's zone. */
  at: z.string(),
});
export type Meal = z.infer<typeof mealSchema>;

/** GET /api/meals: optional inclusive date range; newest first. */
export const mealsQuerySchema = z
  .object({
    start_date: calendarDateSchema.optional(),
    end_date: calendarDateSchema.optional(),
    limit: listLimitSchema,
  })
  .refine((range) => !range.start_date || !range.end_date || range.start_date <= range.end_date, {
    path: ['end_date'],
    error: vmsg('validation.not_before_start_date'),
  });
export type MealsQuery = z.infer<typeof mealsQuerySchema>;

/**
 * GET /api/meals/recent-items: the person's items of the last MEAL_LIMITS.recent_days days,
 * most often first, then most recent; each with the portions and carbohydrate it was last
 * logged with, ready to tap into a new meal. At most `limit` (MEAL_LIMITS.recent_items when absent).
 */
export const recentMealItemsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: vmsg('validation.whole_number') })
    .int({ error: vmsg('validation.whole_number') })
    .min(1, { error: vmsg('validation.min', { min: 1 }) })
    .max(MEAL_LIMITS.recent_items, { error: vmsg('validation.max', { max: MEAL_LIMITS.recent_items }) })
    .default(MEAL_LIMITS.recent_items),
});

export const recentMealItemSchema = z.object({
  food_id: z.string().nullable(),
  name: z.string(),
  portions: z.number(),
  /** For `portions`, g; null when unknown. */
  carbs_g: z.number().nullable(),
  /** Meals holding this item in the window. */
  meals: z.int(),
  /** YYYY-MM-DD of the latest. */
  last_date: z.string(),
});
export type RecentMealItem = z.infer<typeof recentMealItemSchema>;

const glucosePointSchema = z.object({
  /** mg/dL */
  value: z.number(),
  /** ISO 8601 instant */
  at: z.string(),
});

/**
 * GET /api/meals/{id}/response (rule: meal-response.ts): the reading before the meal, the
 * highest after it, and the difference; `none` with all null when the readings cannot tell.
 */
export const mealResponseSchema = z.object({
  source: z.enum(MEAL_RESPONSE_SOURCES),
  before: glucosePointSchema.nullable(),
  peak: glucosePointSchema.nullable(),
  /** peak − before, mg/dL (may be negative); null without both. */
  rise: z.number().nullable(),
  minutes_to_peak: z.int().nullable(),
});
export type MealResponse = z.infer<typeof mealResponseSchema>;

/** GET /api/reports/meals?days=14|30|90 (30 when absent). */
export const mealsReportQuerySchema = z.object({
  days: z
    .enum(MEALS_REPORT_PERIODS.map(String) as [string, ...string[]], {
      error: vmsg('validation.one_of_or', {
        values: MEALS_REPORT_PERIODS.slice(0, -1).join(', '),
        last: MEALS_REPORT_PERIODS.at(-1)!,
      }),
    })
    .default('30')
    .transform((value) => Number(value) as (typeof MEALS_REPORT_PERIODS)[number]),
});

export const mealsReportSchema = z.object({
  period: z.object({ days: z.int(), start: z.string(), end: z.string() }),
  /** Meals logged in the period. */
  meals: z.int(),
  /** Of those, meals whose response is not 'none'. */
  with_response: z.int(),
  /**
   * Every meal type in MEAL_TYPES order; `meals` counts those with a response (the meals the
   * median is of); median_rise (mg/dL, whole) null without one.
   */
  by_meal_type: z.array(
    z.object({ meal_type: z.enum(MEAL_TYPES), meals: z.int(), median_rise: z.number().nullable() }),
  ),
  /**
   * Foods in at least MEALS_REPORT_MIN_FOOD_MEALS meals with a response, largest median rise
   * first (mg/dL, whole); free-text items grouped by name with food_id null. At most 10.
   */
  foods: z.array(
    z.object({ food_id: z.string().nullable(), name: z.string(), meals: z.int(), median_rise: z.number() }),
  ),
  /** One sentence in the person's language and unit: an association in their own data, or 'too few meals'. */
  sentence: z.string(),
});
export type MealsReport = z.infer<typeof mealsReportSchema>;
