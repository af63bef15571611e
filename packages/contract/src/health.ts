/**
 * Health readings: blood glucose, blood pressure and body metrics (docs/product.md, Rules), with
 * physiological bounds; every failure is a 400 naming the field. A date in the future depends on
 * the user's zone, so the server checks that part.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { calendarDateSchema, listLimitSchema, orRequired, readingDateSchema, timeOfDaySchema } from './common.ts';
import { GLUCOSE_BOUNDS, BP_BOUNDS, BODY_BOUNDS, MEAL_CONTEXTS } from './health-constants.ts';
import { glucoseBoundsInUnit, glucoseToMgDl, type GlucoseUnit } from './glucose-units.ts';

export { GLUCOSE_BOUNDS, BP_BOUNDS, BODY_BOUNDS, MEAL_CONTEXTS, DEFAULT_HEIGHT_CM } from './health-constants.ts';
export type { MealContext } from './health-constants.ts';

/**
 * A type error's message: vmsg('validation.required') when the field is missing (docs/product.md: value,
 * systolic, diastolic, weight and height are required), else `message`. A schema's own
 * `error` would otherwise replace the shared 'is required' of common.ts.
 */
const wholeNumber = ([min, max]: readonly [number, number], unit: string) =>
  z
    .int({ error: orRequired(vmsg('validation.whole_number')) })
    .min(min, { error: vmsg('validation.min_unit', { min: min, unit: unit }) })
    .max(max, { error: vmsg('validation.max_unit', { max: max, unit: unit }) });

/** True when `value` has at most one decimal place (70.5 yes, 70.55 no). */
export function hasOneDecimalAtMost(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}

const oneDecimal = ([min, max]: readonly [number, number], unit: string) =>
  z
    .number({ error: orRequired(vmsg('validation.number')) })
    .min(min, { error: vmsg('validation.min_unit', { min: min, unit: unit }) })
    .max(max, { error: vmsg('validation.max_unit', { max: max, unit: unit }) })
    .refine(hasOneDecimalAtMost, { error: vmsg('validation.one_decimal') });

/**
 * POST /api/health/glucose: value in mg/dL, an integer 20–600. Without `meal_context` the reading
 * is stored as 'Fasting', the product's default context; the web's forms start from the time of
 * day instead (`defaultMealContext`, decision 011).
 */
export const glucoseInputSchema = z.object({
  value: wholeNumber(GLUCOSE_BOUNDS.value, 'mg/dL'),
  meal_context: z
    .enum(MEAL_CONTEXTS, { error: vmsg('validation.one_of', { values: MEAL_CONTEXTS.join(', ') }) })
    .default('Fasting'),
  date: readingDateSchema,
  time: timeOfDaySchema,
});
export type GlucoseInput = z.input<typeof glucoseInputSchema>;

/**
 * The glucose log and edit dialogs' schema in the user's unit: in mg/dL it is
 * glucoseInputSchema; in mmol/L the value is a number 1.1–33.3 with at most one decimal
 * (glucoseBoundsInUnit), and the output carries it converted to whole mg/dL
 * (glucoseToMgDl: 5.5 → 99), ready for POST or PUT /api/health/glucose.
 */
export function glucoseEntrySchema(unit: GlucoseUnit) {
  if (unit === 'mg/dL') return glucoseInputSchema;
  const [min, max] = glucoseBoundsInUnit(unit);
  return glucoseInputSchema.extend({
    value: z
      .number({ error: orRequired(vmsg('validation.number')) })
      .min(min, { error: vmsg('validation.min_unit', { min: min.toFixed(1), unit: unit }) })
      .max(max, { error: vmsg('validation.max_unit', { max: max.toFixed(1), unit: unit }) })
      .refine(hasOneDecimalAtMost, { error: vmsg('validation.one_decimal') })
      .transform((value) => glucoseToMgDl(value, unit)),
  });
}

export const glucoseReadingSchema = z.object({
  id: z.uuid(),
  /** mg/dL */
  value: z.int(),
  meal_context: z.enum(MEAL_CONTEXTS),
  date: z.string(),
  time: z.string(),
});
export type GlucoseReading = z.infer<typeof glucoseReadingSchema>;

/** POST /api/health/bp: mmHg; systolic must be above diastolic; pulse in beats a minute (bpm, as the screens write it) or null. */
export const bloodPressureInputSchema = z
  .object({
    systolic: wholeNumber(BP_BOUNDS.systolic, 'mmHg'),
    diastolic: wholeNumber(BP_BOUNDS.diastolic, 'mmHg'),
    pulse: wholeNumber(BP_BOUNDS.pulse, 'bpm').nullable().default(null),
    date: readingDateSchema,
    time: timeOfDaySchema,
  })
  .refine((reading) => reading.systolic > reading.diastolic, {
    path: ['systolic'],
    error: vmsg('validation.above_diastolic'),
  });
export type BloodPressureInput = z.input<typeof bloodPressureInputSchema>;

export const bloodPressureReadingSchema = z.object({
  id: z.uuid(),
  systolic: z.int(),
  diastolic: z.int(),
  pulse: z.int().nullable(),
  date: z.string(),
  time: z.string(),
});
export type BloodPressureReading = z.infer<typeof bloodPressureReadingSchema>;

/**
 * POST /api/health/metrics: weight in kg and height in cm, one decimal at most. A `bmi`
 * sent by the client is accepted and ignored: the server computes it.
 */
export const bodyMetricsInputSchema = z.object({
  weight: oneDecimal(BODY_BOUNDS.weight, 'kg'),
  height: oneDecimal(BODY_BOUNDS.height, 'cm'),
  bmi: z
    .unknown()
    .optional()
    .transform(() => undefined),
  date: readingDateSchema,
});
export type BodyMetricsInput = z.input<typeof bodyMetricsInputSchema>;

export const bodyMetricsSchema = z.object({
  id: z.uuid(),
  /** kg */
  weight: z.number(),
  /** cm */
  height: z.number(),
  /** kg/m², one decimal */
  bmi: z.number(),
  date: z.string(),
});
export type BodyMetrics = z.infer<typeof bodyMetricsSchema>;

/** GET /api/health/*: optional inclusive date range and count. */
export const readingRangeQuerySchema = z
  .object({
    start_date: calendarDateSchema.optional(),
    end_date: calendarDateSchema.optional(),
    /** The most recent `limit` readings only (Home's latest-glucose card asks for 1); capped. */
    limit: listLimitSchema,
  })
  .refine((range) => !range.start_date || !range.end_date || range.start_date <= range.end_date, {
    path: ['end_date'],
    error: vmsg('validation.not_before_start_date'),
  });
export type ReadingRangeQuery = z.infer<typeof readingRangeQuerySchema>;
