/**
 * Summaries of a list of readings for Reports and History (docs/product.md Reports, History;
 * Metric status; §9 rounding). Readings arrive newest first. The formulas
 * themselves (mean, BMI, statuses, weight change) live in @diacare/contract/clinical.
 */
import {
  bloodPressureAlert,
  bloodPressureStatus,
  bmiStatus,
  glucoseAlert,
  glucoseStatus,
  mean,
  roundTo,
  weightChange,
  weightTrend,
  type MetricStatus,
  type ReadingAlert,
} from '@diacare/contract/clinical';
import { minutesOfDay } from '@diacare/contract/dates';
import { sumAdherence } from '@diacare/contract/dose-rules';
import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';

/** Mean rounded to `decimals` places, or null with no values. */
const roundedMean = (values: readonly number[], decimals = 0): number | null => {
  const average = mean(values);
  return average === null ? null : roundTo(average, decimals);
};

export interface GlucoseSummary {
  latest: GlucoseReading | null;
  /** mg/dL, whole number. */
  average: number | null;
  /** mg/dL, unrounded: what a mmol/L figure is converted from (no double rounding). */
  mean: number | null;
  status: MetricStatus | null;
  /** The latest reading's alert (low, very low), shown in place of the status. */
  alert: ReadingAlert | null;
}

export function summariseGlucose(readings: readonly GlucoseReading[]): GlucoseSummary {
  const latest = readings[0] ?? null;
  const values = readings.map((r) => r.value);
  return {
    latest,
    average: roundedMean(values),
    mean: mean(values),
    status: latest ? glucoseStatus(latest.value) : null,
    alert: latest ? glucoseAlert(latest.value) : null,
  };
}

export interface BloodPressureSummary {
  latest: BloodPressureReading | null;
  /** mmHg, whole numbers. */
  average: { systolic: number; diastolic: number } | null;
  status: MetricStatus | null;
  /** The latest reading's alert (crisis, low), shown in place of the status. */
  alert: ReadingAlert | null;
}

export function summariseBloodPressure(readings: readonly BloodPressureReading[]): BloodPressureSummary {
  const latest = readings[0] ?? null;
  const systolic = roundedMean(readings.map((r) => r.systolic));
  const diastolic = roundedMean(readings.map((r) => r.diastolic));
  return {
    latest,
    average: systolic === null || diastolic === null ? null : { systolic, diastolic },
    status: latest ? bloodPressureStatus(latest.systolic, latest.diastolic) : null,
    alert: latest ? bloodPressureAlert(latest.systolic, latest.diastolic) : null,
  };
}

export interface WeightSummary {
  latest: BodyMetrics | null;
  /** kg, one decimal. */
  average: number | null;
  /** kg, one decimal: latest minus previous, 0 with fewer than two readings. */
  change: number;
  trend: 'up' | 'down' | 'flat';
  status: MetricStatus | null;
}

export function summariseWeight(readings: readonly BodyMetrics[]): WeightSummary {
  const latest = readings[0] ?? null;
  const change = weightChange(readings.map((r) => r.weight));
  return {
    latest,
    average: roundedMean(
      readings.map((r) => r.weight),
      1,
    ),
    change,
    trend: weightTrend(change),
    status: latest ? bmiStatus(latest.bmi) : null,
  };
}

/** One decimal with its sign: '+1.2', '-0.5', '0.0' (kg). */
export function formatSignedKg(change: number): string {
  const text = Math.abs(change).toFixed(1);
  if (change > 0) return `+${text}`;
  return change < 0 ? `-${text}` : text;
}

/** One decimal always (72 → '72.0'), as weight and BMI are shown. */
export const oneDecimal = (value: number): string => value.toFixed(1);

/** Short weekday of a calendar date: '2026-11-21' → 'Sat'. */
export { formatShortWeekday as shortWeekday } from '@diacare/contract/dates';

/**
 * A reading's wall-clock date and time as seconds on a UTC axis, for the trend chart. The
 * chart formats its axis in UTC too, so readings sit at the clock time the user logged,
 * whatever the browser's zone. Weight has no time: noon.
 */
export function wallClockSeconds(date: string, time = '12:00'): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 1000 + minutesOfDay(time) * 60;
}

/** The total taken and counted doses over several days, and their whole percentage. */
export function overallAdherence(days: readonly { taken: number; total: number }[]): number | null {
  return sumAdherence(days).percent;
}
