/**
 * Health-reading constants shared by the schemas and the screens (spec §3, §9; issue 4
 * bounds). Free of zod so screens can import them without the validator.
 */

/** Meal contexts of a glucose reading, Fasting first (spec §3). */
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

/** Height the weight dialog starts with, cm (spec §9). */
export const DEFAULT_HEIGHT_CM = 170;
