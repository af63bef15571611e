/**
 * Meal constants shared by the schemas, the server and the screens (decision 088). Free of zod so
 * screens can import them without the validator.
 */

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

/** Household portions the food list speaks in: '1 roti' is a piece, dal comes by the katori. */
export const FOOD_PORTION_UNITS = [
  'piece',
  'katori',
  'plate',
  'glass',
  'cup',
  'tablespoon',
  'handful',
  'slice',
] as const;
export type FoodPortionUnit = (typeof FOOD_PORTION_UNITS)[number];

export const MEAL_LIMITS = {
  /** Portions of one item, inclusive, in steps of 0.25. */
  portions: [0.25, 10],
  /** Carbohydrate of one item, and of a whole meal, g, inclusive. */
  carbs_g: 500,
  items: 20,
  item_name_length: 100,
  note_length: 500,
  query_length: 100,
  recent_days: 60,
  recent_items: 20,
} as const;

/** Where a meal's response comes from: a sensor, finger-stick readings, or nothing to tell. */
export const MEAL_RESPONSE_SOURCES = ['sensor', 'fingerstick', 'none'] as const;
export type MealResponseSource = (typeof MEAL_RESPONSE_SOURCES)[number];

/** Periods of GET /api/reports/meals, whole days ending today. */
export const MEALS_REPORT_PERIODS = [14, 30, 90] as const;
export type MealsReportPeriod = (typeof MEALS_REPORT_PERIODS)[number];
/** Fewest meals with a response before the report names a pattern (else it says there are too few). */
export const MEALS_REPORT_MIN_RESPONSES = 3;
/** A food is ranked once it is in this many meals with a response. */
export const MEALS_REPORT_MIN_FOOD_MEALS = 2;

/** PUT /api/meals/{id}/photo: the body's content types and its largest size, bytes (1 MB). */
export const MEAL_PHOTO_TYPES = ['image/jpeg', 'image/webp'] as const;
export const MEAL_PHOTO_MAX_BYTES = 1_000_000;
/** The stored photo: WebP, its longer side at most this many pixels, no metadata. */
export const MEAL_PHOTO_MAX_SIDE = 1280;
