/**
 * The report's glucose figures from the readings the person logged and those imported from a
 * sensor's export (decision 046): both count in every statistic; meal context is the logged ones'.
 */
import {
  HYPOGLYCAEMIA,
  coefficientOfVariation,
  estimatedA1c,
  mean,
  roundTo,
  standardDeviation,
  timeInFiveRanges,
  type TimeInFiveRanges,
} from '@diacare/contract/clinical';
import { glucoseInUnit, type GlucoseUnit } from '@diacare/contract/glucose-units';
import { MEAL_CONTEXTS, type GlucoseReading } from '@diacare/contract/health';

/** Most lows listed by date and time; the rest are counted (keeps the report at 1–2 pages). */
export const MAX_LOWS_LISTED = 10;

/** An imported reading of the period: local date and time, mg/dL, the import's format ('libreview'), its kind ('cgm'). */
export interface SensorGlucose {
  date: string;
  time: string;
  value: number;
  source: string;
  kind: string;
}

export interface GlucoseModel {
  /** The user's glucose unit: every glucose figure below is in it. */
  unit: GlucoseUnit;
  /** Logged and imported readings together. */
  readings: number;
  /** Imported readings counted above, per source, most first; empty without any. */
  sensor: { source: string; readings: number }[];
  /**
   * In `unit`: whole mg/dL or mmol/L to one decimal, converted from the unrounded mg/dL
   * figure (glucoseInUnit); null with no readings (SD/CV need two).
   */
  mean: number | null;
  sd: number | null;
  /** %, one decimal. */
  cv: number | null;
  tir: TimeInFiveRanges | null;
  /** Logged readings only: imported ones have no meal context. */
  byContext: { context: string; readings: number; mean: number }[];
  /**
   * Values in `unit`; level 2 is under 54 mg/dL (ADA Standards of Care 2025, §6). `source` is
   * the import's format for an imported reading (no meal context), else null.
   */
  lows: { date: string; time: string; value: number; level: 1 | 2; context: string; source: string | null }[];
  lowsCount: number;
  /** %, one decimal; null until readings cover EA1C_MIN_DAYS distinct days. */
  estimatedA1c: number | null;
  distinctDays: number;
  /** One entry per date of the period, oldest first; mean (in `unit`) null on days without readings. */
  daily: { date: string; mean: number | null }[];
}

interface Reading {
  date: string;
  time: string;
  value: number;
  context: string;
  source: string | null;
}

/** Logged and imported readings as one list, oldest first: a merge of two lists the SQL sorted newest first. */
function oldestFirst(logged: readonly GlucoseReading[], sensor: readonly SensorGlucose[]): Reading[] {
  const all: Reading[] = [];
  let [i, j] = [logged.length - 1, sensor.length - 1];
  while (i >= 0 || j >= 0) {
    const a = logged[i];
    const b = sensor[j];
    if (a && (!b || a.date < b.date || (a.date === b.date && a.time <= b.time))) {
      all.push({ date: a.date, time: a.time, value: a.value, context: a.meal_context, source: null });
      i -= 1;
    } else {
      all.push({ date: b!.date, time: b!.time, value: b!.value, context: '', source: b!.source });
      j -= 1;
    }
  }
  return all;
}

/** Imported readings per source, most first. */
function sensorCounts(sensor: readonly SensorGlucose[]): GlucoseModel['sensor'] {
  const counts = new Map<string, number>();
  for (const reading of sensor) counts.set(reading.source, (counts.get(reading.source) ?? 0) + 1);
  return [...counts].map(([source, readings]) => ({ source, readings })).sort((a, b) => b.readings - a.readings);
}

/** Logged readings per meal context (in MEAL_CONTEXTS order, empty ones left out), means in `unit`. */
function byMealContext(logged: readonly GlucoseReading[], unit: GlucoseUnit): GlucoseModel['byContext'] {
  return MEAL_CONTEXTS.flatMap((context) => {
    const values = logged.filter((r) => r.meal_context === context).map((r) => r.value);
    const average = mean(values);
    return average === null ? [] : [{ context, readings: values.length, mean: glucoseInUnit(average, unit) }];
  });
}

/**
 * The glucose figures of the period's `dates` (oldest first) from `logged` (newest first, as
 * the API lists them) and `sensor` readings, in `unit`; thresholds stay in mg/dL.
 */
export function buildGlucoseModel(
  logged: readonly GlucoseReading[],
  sensor: readonly SensorGlucose[],
  unit: GlucoseUnit,
  dates: readonly string[],
): GlucoseModel {
  const inUnit = (mgDl: number | null) => (mgDl === null ? null : glucoseInUnit(mgDl, unit));
  const readings = oldestFirst(logged, sensor);
  // Newest first, the order the statistics always summed in (a float sum depends on order).
  const newestFirst = [...readings].reverse();
  const values = newestFirst.map((r) => r.value);
  const byDate = new Map<string, number[]>();
  for (const reading of readings) {
    const values = byDate.get(reading.date);
    if (values) values.push(reading.value);
    else byDate.set(reading.date, [reading.value]);
  }
  const lows = readings.filter((r) => r.value < HYPOGLYCAEMIA.low);
  const cv = coefficientOfVariation(values);
  return {
    unit,
    readings: values.length,
    sensor: sensorCounts(sensor),
    mean: inUnit(mean(values)),
    sd: inUnit(standardDeviation(values)),
    cv: cv === null ? null : roundTo(cv, 1),
    tir: timeInFiveRanges(values),
    byContext: byMealContext(logged, unit),
    lows: lows.slice(0, MAX_LOWS_LISTED).map((r) => ({
      date: r.date,
      time: r.time,
      value: glucoseInUnit(r.value, unit),
      level: r.value < HYPOGLYCAEMIA.veryLow ? 2 : 1,
      context: r.context,
      source: r.source,
    })),
    lowsCount: lows.length,
    estimatedA1c: estimatedA1c(newestFirst),
    distinctDays: byDate.size,
    daily: dates.map((date) => ({ date, mean: inUnit(mean(byDate.get(date) ?? [])) })),
  };
}
