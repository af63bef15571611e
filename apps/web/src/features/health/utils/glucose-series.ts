/**
 * The glucose chart's x axis and series with imported sensor readings (decision 052): the
 * sensor's hourly means as a line, manual readings as points, on one shared x axis.
 */
import type { GlucoseUnit } from '@diacare/contract/glucose-units';
import { glucoseInUnit } from '@diacare/contract/glucose-units';
import type { GlucoseReading } from '@diacare/contract/health';
import type { TranslateFunction } from '../../../lib/i18n/language-provider';
import { wallClockSeconds } from './readings';

/** A chart series as history.ts's ChartSeries. */
interface Series {
  label: string;
  colour: string;
  values: (number | null)[];
  style?: 'line' | 'points';
}

/** Imported sensor readings of the period: the chart's hourly line, their count and the overall mean (mg/dL). */
export interface SensorData {
  line: readonly { date: string; time: string; value: number }[];
  readings: number;
  mean: number | null;
}

/**
 * The glucose chart's x and series: the manual readings alone, or, with a sensor line, the
 * line (hourly means, no points) and the manual readings as points on one shared x axis.
 */
export function glucoseSeries(
  oldestFirst: readonly GlucoseReading[],
  t: TranslateFunction,
  unit: GlucoseUnit,
  sensor: SensorData | undefined,
  colours: { manual: string; sensor: string },
): { x: number[]; series: Series[] } {
  const manualLabel = t('health-reports.history.series.glucose');
  if (!sensor || sensor.line.length === 0) {
    return {
      x: oldestFirst.map((r) => wallClockSeconds(r.date, r.time)),
      series: [
        {
          label: manualLabel,
          colour: colours.manual,
          values: oldestFirst.map((r) => glucoseInUnit(r.value, unit)),
        },
      ],
    };
  }
  const manual = new Map(oldestFirst.map((r) => [wallClockSeconds(r.date, r.time), glucoseInUnit(r.value, unit)]));
  const line = new Map(sensor.line.map((p) => [wallClockSeconds(p.date, p.time), glucoseInUnit(p.value, unit)]));
  const x = [...new Set([...manual.keys(), ...line.keys()])].sort((a, b) => a - b);
  return {
    x,
    series: [
      {
        label: t('health-reports.history.series.sensor'),
        colour: colours.sensor,
        values: x.map((s) => line.get(s) ?? null),
        style: 'line',
      },
      {
        label: t('health-reports.history.series.manual'),
        colour: colours.manual,
        values: x.map((s) => manual.get(s) ?? null),
        style: 'points',
      },
    ],
  };
}
