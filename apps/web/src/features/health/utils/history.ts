/**
 * What a Health History page shows for one kind of reading (spec §2 Health History, §9):
 * the figures card (latest, average, target range), the trend chart's series, a text
 * summary and table of the plotted readings (the chart's accessible alternative), and the
 * last 5 readings, newest first. Pure: readings in (newest first, as the API sends them).
 */
import {
  BMI_BANDS,
  BP_TARGET,
  GLUCOSE_TARGET,
  bloodPressureAlert,
  glucoseAlert,
  type ReadingAlert,
} from '@diacare/contract/clinical';
import { formatShortDate } from '@diacare/contract/dates';
import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';
import type { ReadingByKind, ReadingKind } from '../api/health';
import { oneDecimal, summariseBloodPressure, summariseGlucose, summariseWeight, wallClockSeconds } from './readings';

/** Spec §9: recent readings in history. */
export const RECENT_READINGS = 5;

/** A colour per plotted line (spec §2: chart colours differ per metric). */
export const CHART_COLOURS = {
  glucose: '#0d9488',
  systolic: '#dc2626',
  diastolic: '#2563eb',
  weight: '#ea580c',
} as const;

export interface ChartSeries {
  label: string;
  colour: string;
  /** One value per x, in the chart's unit. */
  values: number[];
}

export interface ChartData {
  unit: string;
  /** Seconds on a UTC wall-clock axis, ascending (see wallClockSeconds). */
  x: number[];
  series: ChartSeries[];
  /** A shaded target band, in the chart's unit. */
  band?: readonly [number, number];
  /** Dashed reference lines, in the chart's unit. */
  guides?: readonly number[];
}

export interface RecentReading {
  key: string;
  date: string;
  /** Under the date: 'HH:MM • meal context' (glucose), 'HH:MM' (blood pressure). */
  detail?: string;
  /** '152 mg/dL', '128/84 mmHg', or 'weight kg • BMI x' (spec §2 Health History). */
  value: string;
  /**
   * A reading far out of range is marked: low or very low glucose (ADA Standards of Care
   * §6), blood pressure in crisis or low (see BP_ALERT).
   */
  alert?: ReadingAlert | null;
}

export interface HistoryModel {
  title: string;
  /** The latest reading's alert, with the reading as text for the steps ('55 mg/dL'). */
  latestAlert: { alert: ReadingAlert; reading: string } | null;
  figures: { label: string; value: string }[];
  chart: ChartData;
  /** One sentence describing the plotted readings. */
  summary: string;
  table: { columns: string[]; rows: { key: string; cells: string[] }[] };
  recent: RecentReading[];
}

export const HISTORY_TITLES: Record<ReadingKind, string> = {
  glucose: 'Blood Glucose History',
  bp: 'Blood Pressure History',
  weight: 'Weight & BMI History',
};

const dateTime = (r: { date: string; time: string }) => `${formatShortDate(r.date)} ${r.time}`;

/** 'from Nov 1 to Nov 21' (or 'on Nov 21'), for readings newest first. */
function span(readings: readonly { date: string }[]): string {
  const first = readings[readings.length - 1]!.date;
  const last = readings[0]!.date;
  return first === last ? `on ${formatShortDate(last)}` : `from ${formatShortDate(first)} to ${formatShortDate(last)}`;
}

const count = (n: number) => `${n} reading${n === 1 ? '' : 's'}`;

/** '62–152', or '152' when all values are equal. */
function spread(values: readonly number[], format: (value: number) => string = String): string {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? format(low) : `${format(low)}–${format(high)}`;
}

function glucoseModel(readings: readonly GlucoseReading[]): HistoryModel {
  const { latest, average, alert } = summariseGlucose(readings);
  const oldestFirst = [...readings].reverse();
  const values = readings.map((r) => r.value);
  return {
    title: HISTORY_TITLES.glucose,
    latestAlert: alert ? { alert, reading: `${latest!.value} mg/dL` } : null,
    figures: [
      { label: 'Latest', value: `${latest!.value} mg/dL` },
      { label: 'Average', value: `${average} mg/dL` },
      { label: 'Target range', value: `${GLUCOSE_TARGET.low}-${GLUCOSE_TARGET.high} mg/dL` },
    ],
    chart: {
      unit: 'mg/dL',
      x: oldestFirst.map((r) => wallClockSeconds(r.date, r.time)),
      series: [{ label: 'Glucose', colour: CHART_COLOURS.glucose, values: oldestFirst.map((r) => r.value) }],
      band: [GLUCOSE_TARGET.low, GLUCOSE_TARGET.high],
    },
    summary: `${count(readings.length)} ${span(readings)}: ${spread(values)} mg/dL.`,
    table: {
      columns: ['Date and time', 'Meal context', 'Glucose (mg/dL)'],
      rows: readings.map((r) => ({ key: r.id, cells: [dateTime(r), r.meal_context, String(r.value)] })),
    },
    recent: readings.slice(0, RECENT_READINGS).map((r) => ({
      key: r.id,
      date: formatShortDate(r.date),
      detail: `${r.time} • ${r.meal_context}`,
      value: `${r.value} mg/dL`,
      alert: glucoseAlert(r.value),
    })),
  };
}

function bloodPressureModel(readings: readonly BloodPressureReading[]): HistoryModel {
  const { latest, average, alert } = summariseBloodPressure(readings);
  const oldestFirst = [...readings].reverse();
  const systolic = readings.map((r) => r.systolic);
  const diastolic = readings.map((r) => r.diastolic);
  return {
    title: HISTORY_TITLES.bp,
    latestAlert: alert ? { alert, reading: `${latest!.systolic}/${latest!.diastolic} mmHg` } : null,
    figures: [
      { label: 'Latest', value: `${latest!.systolic}/${latest!.diastolic} mmHg` },
      { label: 'Average', value: `${average!.systolic}/${average!.diastolic} mmHg` },
      { label: 'Target range', value: `<${BP_TARGET.systolic}/${BP_TARGET.diastolic} mmHg` },
    ],
    chart: {
      unit: 'mmHg',
      x: oldestFirst.map((r) => wallClockSeconds(r.date, r.time)),
      series: [
        { label: 'Systolic', colour: CHART_COLOURS.systolic, values: oldestFirst.map((r) => r.systolic) },
        { label: 'Diastolic', colour: CHART_COLOURS.diastolic, values: oldestFirst.map((r) => r.diastolic) },
      ],
      guides: [BP_TARGET.systolic, BP_TARGET.diastolic],
    },
    summary: `${count(readings.length)} ${span(readings)}: systolic ${spread(systolic)}, diastolic ${spread(diastolic)} mmHg.`,
    table: {
      columns: ['Date and time', 'Systolic (mmHg)', 'Diastolic (mmHg)', 'Pulse (bpm)'],
      rows: readings.map((r) => ({
        key: r.id,
        cells: [dateTime(r), String(r.systolic), String(r.diastolic), r.pulse === null ? '—' : String(r.pulse)],
      })),
    },
    recent: readings.slice(0, RECENT_READINGS).map((r) => ({
      key: r.id,
      date: formatShortDate(r.date),
      detail: r.pulse === null ? r.time : `${r.time} • Pulse ${r.pulse}`,
      value: `${r.systolic}/${r.diastolic} mmHg`,
      alert: bloodPressureAlert(r.systolic, r.diastolic),
    })),
  };
}

function weightModel(readings: readonly BodyMetrics[]): HistoryModel {
  const { latest, average } = summariseWeight(readings);
  const oldestFirst = [...readings].reverse();
  const weights = readings.map((r) => r.weight);
  return {
    title: HISTORY_TITLES.weight,
    latestAlert: null,
    figures: [
      { label: 'Latest', value: `${oneDecimal(latest!.weight)} kg` },
      { label: 'BMI', value: oneDecimal(latest!.bmi) },
      { label: 'Average', value: `${oneDecimal(average!)} kg` },
      { label: 'Target range', value: `BMI ${BMI_BANDS.healthyLow}-${BMI_BANDS.healthyHigh}` },
    ],
    chart: {
      unit: 'kg',
      x: oldestFirst.map((r) => wallClockSeconds(r.date)),
      series: [{ label: 'Weight', colour: CHART_COLOURS.weight, values: oldestFirst.map((r) => r.weight) }],
    },
    summary: `${count(readings.length)} ${span(readings)}: ${spread(weights, oneDecimal)} kg.`,
    table: {
      columns: ['Date', 'Weight (kg)', 'BMI'],
      rows: readings.map((r) => ({
        key: r.id,
        cells: [formatShortDate(r.date), oneDecimal(r.weight), oneDecimal(r.bmi)],
      })),
    },
    recent: readings.slice(0, RECENT_READINGS).map((r) => ({
      key: r.id,
      date: formatShortDate(r.date),
      value: `${oneDecimal(r.weight)} kg • BMI ${oneDecimal(r.bmi)}`,
    })),
  };
}

/** The page model for `kind`; `readings` must not be empty (the empty states come first). */
export function historyModel<K extends ReadingKind>(kind: K, readings: readonly ReadingByKind[K][]): HistoryModel {
  if (kind === 'glucose') return glucoseModel(readings as readonly GlucoseReading[]);
  if (kind === 'bp') return bloodPressureModel(readings as readonly BloodPressureReading[]);
  return weightModel(readings as readonly BodyMetrics[]);
}
