/**
 * The glucose profile a doctor reads in a minute (the ambulatory glucose profile of the
 * International Consensus on Time in Range: Battelino T et al., Diabetes Care
 * 2019;42:1593–1603; ADA Standards of Care 2025, §6–7): time in five ranges, the 24-hour
 * percentile bands, mean, SD, CV, GMI, sensor wear and whether the data are enough; and for a
 * meter without a sensor, the structured view per meal context. Pure functions over mg/dL,
 * built on clinical.ts; decision 084 says why the bins are an hour and which readings count.
 */
import {
  CV_TARGET_PERCENT,
  EA1C_MIN_DAYS,
  coefficientOfVariation,
  glucoseManagementIndicator,
  mean,
  roundTo,
  standardDeviation,
  timeInFiveRanges,
} from './clinical.ts';
import { MEAL_CONTEXTS, type MealContext } from './health-constants.ts';

/** Width of a time-of-day bin of the percentile bands, minutes (decision 084). */
export const PROFILE_BIN_MINUTES = 60;
/** Fewest days of sensor data a profile needs (Battelino 2019: 14 days; GMI likewise, Bergenstal 2018). */
export const PROFILE_MIN_DAYS = EA1C_MIN_DAYS;
/** Least sensor wear, % of the period, a profile needs (Battelino 2019: ≥ 70 % of 14 days). */
export const PROFILE_MIN_WEAR_PERCENT = 70;
/** The CV goal, %, re-exported for the screens: ≤ 36 % (Battelino 2019). */
export const PROFILE_CV_GOAL_PERCENT = CV_TARGET_PERCENT;

/** Why a profile is not enough to judge by, first that applies. */
export const INSUFFICIENT_REASONS = ['no_readings', 'no_sensor', 'few_days', 'low_wear'] as const;
export type InsufficientReason = (typeof INSUFFICIENT_REASONS)[number];

/** One reading of the period; sensor readings have no meal context. */
export interface ProfileReading {
  /** YYYY-MM-DD and 'HH:MM' in the person's zone. */
  date: string;
  time: string;
  /** mg/dL */
  value: number;
  /** 'sensor' for a CGM's own readings; anything else a meter's (logged or imported). */
  source: 'manual' | 'sensor';
  meal_context: MealContext | null;
}

export interface ProfilePercentiles {
  /** Start of the bin, minutes after local midnight (0, 60, … 1380). */
  minute: number;
  /** mg/dL, one decimal. */
  p5: number;
  p25: number;
  p50: number;
  p75: number;
  p95: number;
}

export interface ProfileSummary {
  readings: number;
  /** mg/dL, one decimal; null without readings. */
  mean: number | null;
  min: number | null;
  max: number | null;
}

export interface GlucoseProfileFigures {
  source: 'sensor' | 'fingerstick' | 'mixed';
  /** The readings the figures are from: the sensor's when there are any, else the meter's. */
  readings: number;
  days_with_data: number;
  /** % of the period the sensor recorded, one decimal, at most 100; null without a sensor. */
  sensor_active_percent: number | null;
  /** mg/dL, one decimal; null without readings (SD and CV need two). */
  mean: number | null;
  sd: number | null;
  /** %, one decimal. */
  cv: number | null;
  /** %, one decimal; sensor data of PROFILE_MIN_DAYS days or more only. */
  gmi: number | null;
  /** Whole % of readings in < 54, 54–69, 70–180, 181–250, > 250 mg/dL, adding to 100. */
  ranges: { very_low: number; low: number; in_range: number; high: number; very_high: number } | null;
  /** Per PROFILE_BIN_MINUTES bin with sensor readings, earliest first; empty without a sensor. */
  percentiles: ProfilePercentiles[];
  /** Every date of the period, oldest first. */
  daily: (ProfileSummary & { date: string })[];
  /** Logged readings per meal context, in MEAL_CONTEXTS order; contexts without readings left out. */
  by_context: (ProfileSummary & { meal_context: MealContext })[];
  sufficient: boolean;
  insufficient_reason: InsufficientReason | null;
}

/**
 * The `p`-th quantile (0–1) of `sorted` (ascending, non-empty) by linear interpolation between
 * closest ranks — Hyndman RJ, Fan Y, "Sample quantiles in statistical packages", The American
 * Statistician 1996;50:361–365, definition 7 (numpy's and Excel PERCENTILE.INC's default).
 */
export function quantile(sorted: readonly number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const lower = sorted[below]!;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return lower + (position - below) * (upper - lower);
}

/** Minutes of a local date and 'HH:MM' on one running scale (days × 1440 + minutes). */
function runningMinutes(date: string, time: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return Date.parse(`${date}T00:00:00Z`) / 60_000 + hour * 60 + minute;
}

/**
 * A sensor's recording interval, whole minutes: the median gap between its consecutive
 * readings (15 for a FreeStyle Libre's history, 5 for a Dexcom), so a few missing readings or
 * an extra one do not change it. Null with fewer than two readings at distinct times.
 * @param readings one sensor's readings, oldest first
 */
export function sensorIntervalMinutes(readings: readonly { date: string; time: string }[]): number | null {
  const gaps: number[] = [];
  for (let index = 1; index < readings.length; index += 1) {
    const previous = readings[index - 1]!;
    const current = readings[index]!;
    const gap = runningMinutes(current.date, current.time) - runningMinutes(previous.date, previous.time);
    if (gap > 0) gaps.push(gap);
  }
  if (gaps.length === 0) return null;
  return Math.round(
    quantile(
      [...gaps].sort((a, b) => a - b),
      0.5,
    ),
  );
}

/**
 * Sensor wear, % of the period, one decimal, at most 100: readings × interval ÷ the period's
 * minutes — the readings recorded against those expected (Battelino 2019, "% time CGM is active").
 * @param readings the sensor's readings in the period
 * @param intervalMinutes its recording interval (sensorIntervalMinutes)
 * @param periodMinutes minutes from the period's first local midnight to now (DST-aware)
 */
export function sensorWearPercent(readings: number, intervalMinutes: number, periodMinutes: number): number {
  if (periodMinutes <= 0) return 0;
  return Math.min(100, roundTo(((readings * intervalMinutes) / periodMinutes) * 100, 1));
}

/** Count, mean (one decimal), min and max of `values` (mg/dL); nulls without values. */
function summarise(values: readonly number[]): ProfileSummary {
  const average = mean(values);
  return {
    readings: values.length,
    mean: average === null ? null : roundTo(average, 1),
    min: values.length === 0 ? null : Math.min(...values),
    max: values.length === 0 ? null : Math.max(...values),
  };
}

/** p5, p25, p50, p75 and p95 of the readings in each hour of the day, earliest first. */
function percentilesByBin(readings: readonly ProfileReading[]): ProfilePercentiles[] {
  const bins = new Map<number, number[]>();
  for (const reading of readings) {
    const [hour, minute] = reading.time.split(':').map(Number) as [number, number];
    const bin = Math.floor((hour * 60 + minute) / PROFILE_BIN_MINUTES) * PROFILE_BIN_MINUTES;
    const values = bins.get(bin);
    if (values) values.push(reading.value);
    else bins.set(bin, [reading.value]);
  }
  return [...bins]
    .sort(([a], [b]) => a - b)
    .map(([minute, values]) => {
      const sorted = values.sort((a, b) => a - b);
      const at = (p: number) => roundTo(quantile(sorted, p), 1);
      return { minute, p5: at(0.05), p25: at(0.25), p50: at(0.5), p75: at(0.75), p95: at(0.95) };
    });
}

/**
 * The glucose profile of one period.
 * - With sensor readings, every figure is from them alone (a CGM's evenly spaced readings are
 *   shares of time; a few finger-pricks at meals would weigh on the meal hours); meter readings
 *   still make `by_context`. Without, the figures are the meter's, with no bands or GMI.
 * - `sufficient` only with sensor data on ≥ 14 days and ≥ 70 % wear (Battelino 2019); else the
 *   first reason: no readings, no sensor, too few days, too little wear. The figures stay.
 * @param readings the period's readings, oldest first, mg/dL
 * @param dates every date of the period, oldest first (YYYY-MM-DD)
 * @param periodMinutes minutes from the period's first local midnight to now
 */
export function glucoseProfile(
  readings: readonly ProfileReading[],
  dates: readonly string[],
  periodMinutes: number,
): GlucoseProfileFigures {
  const sensor = readings.filter((reading) => reading.source === 'sensor');
  const meter = readings.filter((reading) => reading.source !== 'sensor');
  const used = sensor.length > 0 ? sensor : meter;
  const values = used.map((reading) => reading.value);
  const byDate = new Map<string, number[]>();
  for (const reading of used) {
    const dayValues = byDate.get(reading.date);
    if (dayValues) dayValues.push(reading.value);
    else byDate.set(reading.date, [reading.value]);
  }
  const daysWithData = byDate.size;
  const interval = sensorIntervalMinutes(sensor);
  const wear =
    sensor.length === 0 ? null : interval === null ? 0 : sensorWearPercent(sensor.length, interval, periodMinutes);
  const average = mean(values);
  const sd = standardDeviation(values);
  const cv = coefficientOfVariation(values);
  const tir = timeInFiveRanges(values);
  const reason: InsufficientReason | null =
    used.length === 0
      ? 'no_readings'
      : sensor.length === 0
        ? 'no_sensor'
        : daysWithData < PROFILE_MIN_DAYS
          ? 'few_days'
          : wear! < PROFILE_MIN_WEAR_PERCENT
            ? 'low_wear'
            : null;
  return {
    source: sensor.length === 0 ? 'fingerstick' : meter.length === 0 ? 'sensor' : 'mixed',
    readings: used.length,
    days_with_data: daysWithData,
    sensor_active_percent: wear,
    mean: average === null ? null : roundTo(average, 1),
    sd: sd === null ? null : roundTo(sd, 1),
    cv: cv === null ? null : roundTo(cv, 1),
    gmi:
      sensor.length > 0 && average !== null && daysWithData >= PROFILE_MIN_DAYS
        ? glucoseManagementIndicator(average)
        : null,
    ranges: tir && {
      very_low: tir.veryLow,
      low: tir.low,
      in_range: tir.inRange,
      high: tir.high,
      very_high: tir.veryHigh,
    },
    percentiles: percentilesByBin(sensor),
    daily: dates.map((date) => ({ date, ...summarise(byDate.get(date) ?? []) })),
    by_context: MEAL_CONTEXTS.flatMap((context) => {
      const contextValues = meter.filter((reading) => reading.meal_context === context).map((r) => r.value);
      return contextValues.length === 0 ? [] : [{ meal_context: context, ...summarise(contextValues) }];
    }),
    sufficient: reason === null,
    insufficient_reason: reason,
  };
}
