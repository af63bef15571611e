/**
 * What a Health History page shows for one kind, as a pure function: the figures card, the chart's
 * series, the text summary and table (the chart's accessible alternative) and the last 5 readings.
 * Readings come in newest first, as the API sends them.
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
import {
  DEFAULT_GLUCOSE_UNIT,
  formatGlucose,
  formatGlucoseRange,
  formatGlucoseValue,
  glucoseInUnit,
  type GlucoseUnit,
} from '@diacare/contract/glucose-units';
import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';
import type { MessageId } from '../../../lib/i18n/i18n';
import type { TranslateFunction } from '../../../lib/i18n/language-provider';
import type { ReadingByKind, ReadingKind } from '../api/health';
import { glucoseSeries, type SensorData } from './glucose-series';
import { MEAL_CONTEXT_IDS } from './labels';
import { oneDecimal, summariseBloodPressure, summariseGlucose, summariseWeight, wallClockSeconds } from './readings';

/** docs/product.md: recent readings in history. */
export const RECENT_READINGS = 5;

/** A colour per plotted line. */
export const CHART_COLOURS = {
  glucose: '#0d9488',
  sensor: '#7c3aed',
  systolic: '#dc2626',
  diastolic: '#2563eb',
  weight: '#ea580c',
} as const;

/** The same lines on the dark theme: the 400 shade of each hue, ≥ 3:1 against the dark card (WCAG 1.4.11). */
const DARK_CHART_COLOURS: Record<string, string> = {
  [CHART_COLOURS.glucose]: '#2dd4bf',
  [CHART_COLOURS.sensor]: '#a78bfa',
  [CHART_COLOURS.systolic]: '#f87171',
  [CHART_COLOURS.diastolic]: '#60a5fa',
  [CHART_COLOURS.weight]: '#fb923c',
};

/** A series colour for the theme on screen (decision 024); unknown colours are returned as given. */
export function themedColour(colour: string, theme: 'light' | 'dark'): string {
  return theme === 'dark' ? (DARK_CHART_COLOURS[colour] ?? colour) : colour;
}

export interface ChartSeries {
  label: string;
  colour: string;
  /** One value per x, in the chart's unit; null where the series has no value at that x. */
  values: (number | null)[];
  /** 'line' (no points, joined over its nulls), 'points' (no line); both when absent. */
  style?: 'line' | 'points';
}

export interface ChartData {
  unit: string;
  /** Seconds on a UTC wall-clock axis, ascending (see wallClockSeconds). */
  x: number[];
  series: ChartSeries[];
  /** A shaded target band, in the chart's unit. */
  band?: readonly [number, number];
  /** The least air above and below the values on the y axis, in the chart's unit (default 2). */
  minPad?: number;
  /** Dashed reference lines, in the chart's unit. */
  guides?: readonly number[];
  /** Events drawn as markers along the bottom (logged meals), x as `x`, ascending. */
  markers?: readonly { id: string; x: number }[];
}

export interface RecentReading {
  key: string;
  date: string;
  /** Under the date: 'HH:MM • meal context' (glucose), 'HH:MM' (blood pressure). */
  detail?: string;
  /** '152 mg/dL', '128/84 mmHg', or 'weight kg • BMI x'. */
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

export const HISTORY_TITLES: Record<ReadingKind, MessageId> = {
  glucose: 'health-reports.history.title.glucose',
  bp: 'health-reports.history.title.bp',
  weight: 'health-reports.history.title.weight',
};

/** The active language's translate function and Intl locale ('en-IN' | 'hi-IN'). */
export interface HistoryTexts {
  t: TranslateFunction;
  locale: string;
}

/** Short date ('21 Nov') and time, in the active language. */
const dateTime = ({ locale }: HistoryTexts, r: { date: string; time: string }) =>
  `${formatShortDate(r.date, locale)} ${r.time}`;

/** 'from 1 Nov to 21 Nov' (or 'on 21 Nov'), for readings newest first. */
function span({ t, locale }: HistoryTexts, readings: readonly { date: string }[]): string {
  const first = readings[readings.length - 1]!.date;
  const last = readings[0]!.date;
  return first === last
    ? t('health-reports.history.spanOn', { date: formatShortDate(last, locale) })
    : t('health-reports.history.spanFromTo', {
        first: formatShortDate(first, locale),
        last: formatShortDate(last, locale),
      });
}

const count = ({ t }: HistoryTexts, n: number) => t('health-reports.history.count', { count: n });

/** '62–152', or '152' when all values are equal. */
function spread(values: readonly number[], format: (value: number) => string = String): string {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? format(low) : `${format(low)}–${format(high)}`;
}

/**
 * Glucose in `unit`: every figure, the chart's values and band, the summary, the
 * table and the recent readings, with texts in the language of `texts`; alerts still come
 * from the stored mg/dL (clinical.ts).
 */
function glucoseModel(
  readings: readonly GlucoseReading[],
  texts: HistoryTexts,
  unit: GlucoseUnit,
  sensor?: SensorData,
): HistoryModel {
  const { t, locale } = texts;
  const summary = summariseGlucose(readings);
  const { alert } = summary;
  // With imported readings, the average is the server's over both kinds (decision 052).
  const mean = sensor && sensor.readings > 0 && sensor.mean !== null ? sensor.mean : summary.mean;
  const oldestFirst = [...readings].reverse();
  // With no manual reading, the latest, span and spread come from the sensor's hourly line.
  const described = readings.length > 0 ? readings : [...(sensor?.line ?? [])].reverse();
  const latest = described[0];
  const values = described.map((r) => r.value);
  const shown = (mgDl: number) => formatGlucoseValue(mgDl, unit);
  return {
    title: t(HISTORY_TITLES.glucose),
    latestAlert: alert ? { alert, reading: formatGlucose(latest!.value, unit) } : null,
    figures: [
      { label: t('health-reports.history.figure.latest'), value: formatGlucose(latest!.value, unit) },
      { label: t('health-reports.history.figure.average'), value: formatGlucose(mean!, unit) },
      // docs/product.md: target '70-140 mg/dL' (in mmol/L '3.9-7.8 mmol/L').
      {
        label: t('health-reports.history.figure.target'),
        value: formatGlucoseRange(GLUCOSE_TARGET.low, GLUCOSE_TARGET.high, unit, '-'),
      },
    ],
    chart: {
      unit,
      ...glucoseSeries(oldestFirst, texts.t, unit, sensor, {
        manual: CHART_COLOURS.glucose,
        sensor: CHART_COLOURS.sensor,
      }),
      band: [glucoseInUnit(GLUCOSE_TARGET.low, unit), glucoseInUnit(GLUCOSE_TARGET.high, unit)],
      minPad: unit === 'mmol/L' ? 0.5 : 2,
    },
    summary: t('health-reports.history.summary.glucose', {
      count: count(texts, readings.length > 0 ? readings.length : (sensor?.readings ?? 0)),
      span: span(texts, described),
      spread: spread(values, shown),
      unit,
    }),
    table: {
      columns: [
        t('health-reports.history.column.dateTime'),
        t('health-reports.history.column.meal'),
        t('health-reports.history.column.glucose', { unit }),
      ],
      rows: readings.map((r) => ({
        key: r.id,
        cells: [dateTime(texts, r), t(MEAL_CONTEXT_IDS[r.meal_context]), shown(r.value)],
      })),
    },
    recent: readings.slice(0, RECENT_READINGS).map((r) => ({
      key: r.id,
      date: formatShortDate(r.date, locale),
      detail: `${r.time} • ${t(MEAL_CONTEXT_IDS[r.meal_context])}`,
      value: formatGlucose(r.value, unit),
      alert: glucoseAlert(r.value),
    })),
  };
}

function bloodPressureModel(readings: readonly BloodPressureReading[], texts: HistoryTexts): HistoryModel {
  const { t, locale } = texts;
  const { latest, average, alert } = summariseBloodPressure(readings);
  const oldestFirst = [...readings].reverse();
  const systolic = readings.map((r) => r.systolic);
  const diastolic = readings.map((r) => r.diastolic);
  return {
    title: t(HISTORY_TITLES.bp),
    latestAlert: alert ? { alert, reading: `${latest!.systolic}/${latest!.diastolic} mmHg` } : null,
    figures: [
      { label: t('health-reports.history.figure.latest'), value: `${latest!.systolic}/${latest!.diastolic} mmHg` },
      { label: t('health-reports.history.figure.average'), value: `${average!.systolic}/${average!.diastolic} mmHg` },
      { label: t('health-reports.history.figure.target'), value: `<${BP_TARGET.systolic}/${BP_TARGET.diastolic} mmHg` },
    ],
    chart: {
      unit: 'mmHg',
      x: oldestFirst.map((r) => wallClockSeconds(r.date, r.time)),
      series: [
        {
          label: t('health-reports.history.series.systolic'),
          colour: CHART_COLOURS.systolic,
          values: oldestFirst.map((r) => r.systolic),
        },
        {
          label: t('health-reports.history.series.diastolic'),
          colour: CHART_COLOURS.diastolic,
          values: oldestFirst.map((r) => r.diastolic),
        },
      ],
      guides: [BP_TARGET.systolic, BP_TARGET.diastolic],
    },
    summary: t('health-reports.history.summary.bp', {
      count: count(texts, readings.length),
      span: span(texts, readings),
      systolic: spread(systolic),
      diastolic: spread(diastolic),
    }),
    table: {
      columns: [
        t('health-reports.history.column.dateTime'),
        t('health-reports.history.column.systolic'),
        t('health-reports.history.column.diastolic'),
        t('health-reports.history.column.pulse'),
      ],
      rows: readings.map((r) => ({
        key: r.id,
        cells: [dateTime(texts, r), String(r.systolic), String(r.diastolic), r.pulse === null ? '—' : String(r.pulse)],
      })),
    },
    recent: readings.slice(0, RECENT_READINGS).map((r) => ({
      key: r.id,
      date: formatShortDate(r.date, locale),
      detail: r.pulse === null ? r.time : t('health-reports.history.detailPulse', { time: r.time, pulse: r.pulse }),
      value: `${r.systolic}/${r.diastolic} mmHg`,
      alert: bloodPressureAlert(r.systolic, r.diastolic),
    })),
  };
}

function weightModel(readings: readonly BodyMetrics[], texts: HistoryTexts): HistoryModel {
  const { t, locale } = texts;
  const { latest, average } = summariseWeight(readings);
  const oldestFirst = [...readings].reverse();
  const weights = readings.map((r) => r.weight);
  return {
    title: t(HISTORY_TITLES.weight),
    latestAlert: null,
    figures: [
      { label: t('health-reports.history.figure.latest'), value: `${oneDecimal(latest!.weight)} kg` },
      { label: t('health-reports.history.figure.bmi'), value: oneDecimal(latest!.bmi) },
      { label: t('health-reports.history.figure.average'), value: `${oneDecimal(average!)} kg` },
      {
        label: t('health-reports.history.figure.target'),
        value: t('health-reports.history.targetBmi', { low: BMI_BANDS.healthyLow, high: BMI_BANDS.healthyHigh }),
      },
    ],
    chart: {
      unit: 'kg',
      x: oldestFirst.map((r) => wallClockSeconds(r.date)),
      series: [
        {
          label: t('health-reports.history.series.weight'),
          colour: CHART_COLOURS.weight,
          values: oldestFirst.map((r) => r.weight),
        },
      ],
    },
    summary: t('health-reports.history.summary.weight', {
      count: count(texts, readings.length),
      span: span(texts, readings),
      spread: spread(weights, oneDecimal),
    }),
    table: {
      columns: [
        t('health-reports.history.column.date'),
        t('health-reports.history.column.weight'),
        t('health-reports.history.column.bmi'),
      ],
      rows: readings.map((r) => ({
        key: r.id,
        cells: [formatShortDate(r.date, locale), oneDecimal(r.weight), oneDecimal(r.bmi)],
      })),
    },
    recent: readings.slice(0, RECENT_READINGS).map((r) => ({
      key: r.id,
      date: formatShortDate(r.date, locale),
      value: t('health-reports.history.valueWeight', { weight: oneDecimal(r.weight), bmi: oneDecimal(r.bmi) }),
    })),
  };
}

/**
 * The page model for `kind` in the language of `texts`; `readings` must not be empty (the
 * empty states come first). Glucose is shown in `glucoseUnit` (the user's choice; mg/dL by
 * default); glucose `sensor` data, when given, adds the imported readings' line and mean (and
 * stands in for the readings when there is no manual one).
 */
export function historyModel<K extends ReadingKind>(
  kind: K,
  readings: readonly ReadingByKind[K][],
  texts: HistoryTexts,
  glucoseUnit: GlucoseUnit = DEFAULT_GLUCOSE_UNIT,
  sensor?: SensorData,
): HistoryModel {
  if (kind === 'glucose') return glucoseModel(readings as readonly GlucoseReading[], texts, glucoseUnit, sensor);
  if (kind === 'bp') return bloodPressureModel(readings as readonly BloodPressureReading[], texts);
  return weightModel(readings as readonly BodyMetrics[], texts);
}
