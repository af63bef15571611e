/**
 * A period's glucose figures with imported sensor readings counted beside manual ones
 * (decision 052): mean, time in range and estimated A1c by the contract's rules
 * (clinical.ts), and the sensor readings as hourly means for the chart's line.
 */
import { estimatedA1c, mean, roundTo, timeInRange } from '@diacare/contract/clinical';
import { datesEndingOn, localDate } from '@diacare/contract/dates';
import type { GlucosePeriod, GlucoseReport } from '@diacare/contract/reports';
import type { User } from '@diacare/contract/users';
import type { Database } from '../../db/client.ts';
import { createGlucoseReadingsRepository, type PeriodGlucoseReading } from './glucose-readings.repository.ts';

/** Sensor readings averaged per hour ('HH:00'), oldest first, whole mg/dL. */
function hourlyLine(readings: readonly PeriodGlucoseReading[]): GlucoseReport['sensor_line'] {
  const hours = new Map<string, number[]>();
  for (const reading of readings) {
    if (reading.source !== 'sensor') continue;
    const key = `${reading.date} ${reading.time.slice(0, 2)}:00`;
    const values = hours.get(key) ?? [];
    values.push(reading.value);
    hours.set(key, values);
  }
  return [...hours].map(([key, values]) => ({
    date: key.slice(0, 10),
    time: key.slice(11),
    value: Math.round(mean(values)!),
  }));
}

/**
 * The figures of `readings` (all of one period, oldest first): every reading counts once,
 * so time in range and the mean are shares of readings (a sensor's 288 a day outweigh a
 * finger-prick, as in a CGM's own report).
 */
export function glucoseReport(
  readings: readonly PeriodGlucoseReading[],
  period: GlucoseReport['period'],
): GlucoseReport {
  const values = readings.map((reading) => reading.value);
  const average = mean(values);
  const sensor = readings.filter((reading) => reading.source === 'sensor').length;
  return {
    period,
    readings: readings.length,
    manual_readings: readings.length - sensor,
    sensor_readings: sensor,
    mean: average === null ? null : roundTo(average, 1),
    time_in_range: timeInRange(values),
    estimated_a1c: estimatedA1c(readings),
    distinct_days: new Set(readings.map((reading) => reading.date)).size,
    sensor_line: hourlyLine(readings),
  };
}

/** `user`'s glucose figures for the `days` days ending today in their zone (History's period). */
export async function loadGlucoseReport(
  db: Database,
  user: User,
  now: Date,
  days: GlucosePeriod,
): Promise<GlucoseReport> {
  const end = localDate(now, user.timezone);
  const start = datesEndingOn(end, days)[0]!;
  return glucoseReport(await createGlucoseReadingsRepository(db).glucoseReadingsInPeriod(user.id, start, end), {
    days,
    start,
    end,
  });
}
