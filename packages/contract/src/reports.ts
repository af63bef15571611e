/**
 * /api/reports/adherence-outcomes and /api/reports/glucose payloads: doses set against sugar
 * (decision 052) and the glucose figures of a period with imported sensor readings counted.
 * Glucose values are mg/dL, as stored (decision 025); the web shows them in the user's unit.
 */
import { z } from 'zod';
import { INSUFFICIENT_REASONS } from './glucose-profile.ts';
import { MEAL_CONTEXTS } from './health-constants.ts';

/** Periods of the adherence-outcomes comparison, in whole days ending yesterday. */
export const OUTCOME_PERIODS = [14, 30, 90] as const;
export type OutcomePeriod = (typeof OUTCOME_PERIODS)[number];
export const DEFAULT_OUTCOME_PERIOD: OutcomePeriod = 30;
/** A dose taken more than this many minutes after its time is 'late' (decision 052). */
export const LATE_AFTER_MINUTES = 30;
/** Fewest days with readings each group needs before the two are compared (decision 052). */
export const OUTCOME_MIN_DAYS = 3;

/** Periods of the glucose figures, in days ending today (History's 7 / 30 / 90, the report's 14). */
export const GLUCOSE_PERIODS = [7, 14, 30, 90] as const;
export type GlucosePeriod = (typeof GLUCOSE_PERIODS)[number];

/** `?days=` as one of `periods` (a string in the query), else 400 naming them. */
const daysQuery = <P extends readonly number[]>(periods: P, fallback: P[number]) =>
  z.object({
    days: z
      .enum(periods.map(String) as [string, ...string[]], {
        error: `must be ${periods.slice(0, -1).join(', ')} or ${periods.at(-1)}`,
      })
      .default(String(fallback))
      .transform((value) => Number(value) as P[number]),
  });

export const adherenceOutcomesQuerySchema = daysQuery(OUTCOME_PERIODS, DEFAULT_OUTCOME_PERIOD);
export const glucoseReportQuerySchema = daysQuery(GLUCOSE_PERIODS, 30);

export const DOSE_OUTCOMES = ['on_time', 'late', 'missed'] as const;
export type DoseOutcome = (typeof DOSE_OUTCOMES)[number];
export const DAY_STATUSES = ['all_taken', 'missed', 'no_doses'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

const periodSchema = z.object({ days: z.int(), start: z.string(), end: z.string() });

/** One group of days: how many, and their glucose (mean of the day means, mg/dL, one decimal). */
export const outcomeGroupSchema = z.object({
  days: z.int(),
  /** Days of the group with any glucose reading, and their mean; null with none. */
  reading_days: z.int(),
  mean: z.number().nullable(),
  /** Days with a fasting reading, and the mean of their fasting means; null with none. */
  fasting_days: z.int(),
  fasting_mean: z.number().nullable(),
});
export type OutcomeGroup = z.infer<typeof outcomeGroupSchema>;

export const outcomeDoseSchema = z.object({
  medication_id: z.uuid(),
  name: z.string(),
  scheduled_time: z.string(),
  outcome: z.enum(DOSE_OUTCOMES),
  /** 'HH:MM' when taken and known. */
  taken_time: z.string().nullable(),
});

export const outcomeDaySchema = z.object({
  date: z.string(),
  status: z.enum(DAY_STATUSES),
  /** The day's mean glucose and fasting mean, mg/dL, one decimal; null without readings. */
  mean: z.number().nullable(),
  fasting_mean: z.number().nullable(),
  doses: z.array(outcomeDoseSchema),
});
export type OutcomeDay = z.infer<typeof outcomeDaySchema>;

/** The sentence's figures: a comparison, or why there is none. Values mg/dL, whole. */
export const outcomeStatementSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('compare'),
    metric: z.enum(['fasting', 'mean']),
    missed_days: z.int(),
    taken_days: z.int(),
    missed_value: z.number(),
    taken_value: z.number(),
    /** The dose missed on every missed day, when one was. */
    dose: z.object({ name: z.string(), scheduled_time: z.string() }).nullable(),
  }),
  z.object({ kind: z.literal('too_few'), missed_days: z.int(), taken_days: z.int(), needed: z.int() }),
  z.object({ kind: z.literal('no_doses') }),
]);
export type OutcomeStatement = z.infer<typeof outcomeStatementSchema>;

export const adherenceOutcomesSchema = z.object({
  period: periodSchema,
  all_taken: outcomeGroupSchema,
  missed: outcomeGroupSchema,
  /** Days with no scheduled dose: in neither group. */
  no_dose_days: z.int(),
  late_after_minutes: z.int(),
  days: z.array(outcomeDaySchema),
  statement: outcomeStatementSchema,
});
export type AdherenceOutcomes = z.infer<typeof adherenceOutcomesSchema>;

/** GET /api/reports/glucose: a period's figures from manual and imported readings together. */
export const glucoseReportSchema = z.object({
  period: periodSchema,
  readings: z.int(),
  manual_readings: z.int(),
  sensor_readings: z.int(),
  /** mg/dL, one decimal; null with no readings. */
  mean: z.number().nullable(),
  time_in_range: z.object({ below: z.int(), inRange: z.int(), above: z.int(), readings: z.int() }).nullable(),
  /** %, one decimal; null until the readings cover EA1C_MIN_DAYS distinct days. */
  estimated_a1c: z.number().nullable(),
  distinct_days: z.int(),
  /** Imported readings as hourly means (mg/dL, whole), oldest first: the chart's line. */
  sensor_line: z.array(z.object({ date: z.string(), time: z.string(), value: z.number() })),
});
export type GlucoseReport = z.infer<typeof glucoseReportSchema>;

/** The glucose profile's default period: the consensus's 14 days (decision 084). */
export const DEFAULT_PROFILE_PERIOD: GlucosePeriod = 14;
export const glucoseProfileQuerySchema = daysQuery(GLUCOSE_PERIODS, DEFAULT_PROFILE_PERIOD);

const summaryShape = {
  readings: z.int(),
  /** mg/dL, one decimal; null without readings. */
  mean: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
};

/**
 * GET /api/reports/glucose-profile: the glucose profile of the period (glucose-profile.ts,
 * decision 084). Glucose mg/dL; percentages whole (ranges) or one decimal (wear, CV, GMI).
 */
export const glucoseProfileSchema = z.object({
  period: periodSchema,
  source: z.enum(['sensor', 'fingerstick', 'mixed']),
  readings: z.int(),
  days_with_data: z.int(),
  sensor_active_percent: z.number().nullable(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  cv: z.number().nullable(),
  gmi: z.number().nullable(),
  ranges: z
    .object({ very_low: z.int(), low: z.int(), in_range: z.int(), high: z.int(), very_high: z.int() })
    .nullable(),
  percentiles: z.array(
    z.object({ minute: z.int(), p5: z.number(), p25: z.number(), p50: z.number(), p75: z.number(), p95: z.number() }),
  ),
  daily: z.array(z.object({ date: z.string(), ...summaryShape })),
  by_context: z.array(z.object({ meal_context: z.enum(MEAL_CONTEXTS), ...summaryShape })),
  sufficient: z.boolean(),
  insufficient_reason: z.enum(INSUFFICIENT_REASONS).nullable(),
});
export type GlucoseProfile = z.infer<typeof glucoseProfileSchema>;
