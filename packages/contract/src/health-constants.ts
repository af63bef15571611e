/**
 * Health-reading constants shared by the schemas and the screens (docs/product.md, Rules:
 * physiological bounds). Free of zod so screens can import them without the validator.
 */

/** Meal contexts of a glucose reading, Fasting first. */
export const MEAL_CONTEXTS = [
  'Fasting',
  'Before Breakfast',
  'After Breakfast',
  'Before Lunch',
  'After Lunch',
  'Before Dinner',
  'After Dinner',
  'Bedtime',
] as const;
export type MealContext = (typeof MEAL_CONTEXTS)[number];

/** Glucose bounds, mg/dL, inclusive. */
export const GLUCOSE_BOUNDS = { value: [20, 600] } as const;

/** Blood-pressure bounds, inclusive: mmHg, and pulse in beats per minute. */
export const BP_BOUNDS = { systolic: [60, 260], diastolic: [30, 160], pulse: [30, 220] } as const;

/** Body bounds, inclusive: weight in kg, height in cm. */
export const BODY_BOUNDS = { weight: [2, 400], height: [50, 250] } as const;

/** Height the weight dialog starts with, cm. */
export const DEFAULT_HEIGHT_CM = 170;

/**
 * The meal context a new glucose reading starts with, from the wall-clock time in the
 * user's zone (not always 'Fasting'). The person can always change it. Bands,
 * start inclusive, chosen for Indian meal times (dinner is often 20:00–21:30):
 * - 04:00–09:59 Fasting (the morning check before eating; 'Before Breakfast' is left to choose)
 * - 10:00–11:59 After Breakfast
 * - 12:00–12:59 Before Lunch
 * - 13:00–16:59 After Lunch
 * - 17:00–20:29 Before Dinner
 * - 20:30–22:59 After Dinner
 * - 23:00–03:59 Bedtime
 * @param localTime 'HH:MM', 24-hour, in the user's zone
 * @returns one of MEAL_CONTEXTS
 */
export function defaultMealContext(localTime: string): MealContext {
  if (localTime < '04:00') return 'Bedtime';
  if (localTime < '10:00') return 'Fasting';
  if (localTime < '12:00') return 'After Breakfast';
  if (localTime < '13:00') return 'Before Lunch';
  if (localTime < '17:00') return 'After Lunch';
  if (localTime < '20:30') return 'Before Dinner';
  if (localTime < '23:00') return 'After Dinner';
  return 'Bedtime';
}

/**
 * The earliest date (YYYY-MM-DD) a reading, lab result or dose record may carry. Home meters and
 * DiaCare's data formats are younger than 2000, so an earlier typed or imported date is a typo
 * (1900 for 2000, 0206 for 2026), never a real record.
 */
export const EARLIEST_READING_DATE = '2000-01-01';

/**
 * How far past the server's now a reading's instant may be, ms: a phone's clock running a few
 * minutes fast still logs "now"; anything later has not happened yet.
 */
export const READING_CLOCK_SKEW_MS = 5 * 60 * 1000;
