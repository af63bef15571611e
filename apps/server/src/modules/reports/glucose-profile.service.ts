/**
 * The glucose profile of the last 7, 14, 30 or 90 days including today in the person's zone
 * (decision 084): the period's readings (glucose-readings.repository.ts) through the contract's
 * pure glucoseProfile. A sensor's continuous readings make the profile; its scans are left out
 * (they repeat the sensor at odd moments and would weigh on the hours they were taken), and its
 * finger-stick strips count as meter readings.
 */
import { datesEndingOn, localDate, zonedInstant } from '@diacare/contract/dates';
import { glucoseProfile, type ProfileReading } from '@diacare/contract/glucose-profile';
import type { GlucosePeriod, GlucoseProfile } from '@diacare/contract/reports';
import type { User } from '@diacare/contract/users';
import type { Database } from '../../db/client.ts';
import { createGlucoseReadingsRepository, type PeriodGlucoseReading } from './glucose-readings.repository.ts';

/** The profile's readings from the period's: CGM readings as the sensor's, strips as the meter's, no scans. */
export function profileReadings(readings: readonly PeriodGlucoseReading[]): ProfileReading[] {
  return readings.flatMap((reading) => {
    if (reading.kind === 'scan') return [];
    const source = reading.kind === 'cgm' ? ('sensor' as const) : ('manual' as const);
    return [
      { date: reading.date, time: reading.time, value: reading.value, source, meal_context: reading.meal_context },
    ];
  });
}

/** Minutes from local midnight of `start` (YYYY-MM-DD) in `zone` to `now`: a DST day has 23 or 25 hours. */
export function periodMinutesOf(start: string, now: Date, zone: string): number {
  return (now.getTime() - zonedInstant(start, '00:00', zone).getTime()) / 60_000;
}

/**
 * `user`'s glucose profile for the `days` days ending today in their zone; the sensor's wear
 * counts the minutes from the first day's local midnight to `now` (a DST day is 23 or 25 hours).
 */
export async function loadGlucoseProfile(
  db: Database,
  user: User,
  now: Date,
  days: GlucosePeriod,
): Promise<GlucoseProfile> {
  const end = localDate(now, user.timezone);
  const dates = datesEndingOn(end, days);
  const start = dates[0]!;
  const readings = profileReadings(
    await createGlucoseReadingsRepository(db).glucoseReadingsInPeriod(user.id, start, end),
  );
  return {
    period: { days, start, end },
    ...glucoseProfile(readings, dates, periodMinutesOf(start, now, user.timezone)),
  };
}
