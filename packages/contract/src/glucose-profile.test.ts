/**
 * The glucose profile against hand-computed fixtures: the percentiles of a bin, the five ranges
 * adding to 100, SD, CV and GMI, wear with gaps, the sufficiency rule, and the meter's view.
 */
import { describe, expect, it } from 'vitest';
import { datesEndingOn } from './dates.ts';
import { glucoseManagementIndicator } from './clinical.ts';
import {
  glucoseProfile,
  quantile,
  sensorIntervalMinutes,
  sensorWearPercent,
  type ProfileReading,
} from './glucose-profile.ts';

const DAY = 24 * 60;
const dates14 = datesEndingOn('2026-11-28', 14);

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A Libre's 15-minute readings on `dates`, from `fromMinute` on each day, valued by `value`. */
function libre(dates: readonly string[], value: (index: number) => number, fromMinute = 0): ProfileReading[] {
  let index = 0;
  return dates.flatMap((date) =>
    Array.from({ length: (DAY - fromMinute) / 15 }, (_, slot) => ({
      date,
      time: hhmm(fromMinute + slot * 15),
      value: value(index++),
      source: 'sensor' as const,
      meal_context: null,
    })),
  );
}

const meter = (date: string, time: string, value: number, context: ProfileReading['meal_context']): ProfileReading => ({
  date,
  time,
  value,
  source: 'manual',
  meal_context: context,
});

describe('quantile', () => {
  it('interpolates between closest ranks (Hyndman–Fan 7)', () => {
    const sorted = [100, 110, 120, 130, 140];
    // Position (n − 1) × p: 0.2 → 100 + 0.2 × 10; 1 → 110; 2 → 120; 3 → 130; 3.8 → 130 + 0.8 × 10.
    expect([0.05, 0.25, 0.5, 0.75, 0.95].map((p) => quantile(sorted, p))).toEqual([102, 110, 120, 130, 138]);
    expect(quantile([90], 0.95)).toBe(90);
  });
});

describe('sensorIntervalMinutes and sensorWearPercent', () => {
  it('takes the median gap, so a Dexcom reads 5 and a Libre 15 despite a missing reading', () => {
    const at = (time: string) => ({ date: '2026-11-28', time });
    // Gaps 5, 5, 10 → median 5.
    expect(sensorIntervalMinutes([at('00:00'), at('00:05'), at('00:10'), at('00:20')])).toBe(5);
    // Gaps 15, 30, 15 across midnight → 15.
    expect(
      sensorIntervalMinutes([
        { date: '2026-11-27', time: '23:30' },
        { date: '2026-11-27', time: '23:45' },
        { date: '2026-11-28', time: '00:15' },
        { date: '2026-11-28', time: '00:30' },
      ]),
    ).toBe(15);
    expect(sensorIntervalMinutes([at('08:00')])).toBeNull();
    expect(sensorIntervalMinutes([at('08:00'), at('08:00')])).toBeNull();
  });

  it('is readings × interval over the period, at most 100', () => {
    // 14 days × 96 readings × 15 min = 20,160 of 20,160 minutes.
    expect(sensorWearPercent(1344, 15, 14 * DAY)).toBe(100);
    // 896 × 15 = 13,440 of 20,160 = 66.666… → 66.7.
    expect(sensorWearPercent(896, 15, 14 * DAY)).toBe(66.7);
    expect(sensorWearPercent(2000, 15, 14 * DAY)).toBe(100);
  });
});

describe('glucoseProfile with a sensor', () => {
  it('gives the percentiles of each hour of the day', () => {
    // Hour 00: 100, 110, 120, 130 at :00/:15/:30/:45 on day 1 and 140 at 00:00 on day 2.
    const readings: ProfileReading[] = [
      ...libre(['2026-11-27'], (i) => [100, 110, 120, 130][i] ?? 180).slice(0, 5),
      { date: '2026-11-28', time: '00:00', value: 140, source: 'sensor', meal_context: null },
    ];
    // The fifth reading of day 1 is 01:00 → 180, alone in its bin.
    const profile = glucoseProfile(readings, ['2026-11-27', '2026-11-28'], 2 * DAY);
    expect(profile.percentiles).toEqual([
      { minute: 0, p5: 102, p25: 110, p50: 120, p75: 130, p95: 138 },
      { minute: 60, p5: 180, p25: 180, p50: 180, p75: 180, p95: 180 },
    ]);
  });

  it('gives 14 full days their mean, SD, CV, GMI, wear and a sufficient verdict', () => {
    // 1,344 readings alternating 100 and 200: mean 150; SD √(1344 × 2500 ÷ 1343) = 50.0186…;
    // CV 50.0186 ÷ 150 = 33.3 %; GMI 3.31 + 0.02392 × 150 = 6.898 → 6.9.
    const profile = glucoseProfile(
      libre(dates14, (i) => (i % 2 === 0 ? 100 : 200)),
      dates14,
      14 * DAY,
    );
    expect(profile).toMatchObject({
      source: 'sensor',
      readings: 1344,
      days_with_data: 14,
      sensor_active_percent: 100,
      mean: 150,
      sd: 50,
      cv: 33.3,
      gmi: 6.9,
      ranges: { very_low: 0, low: 0, in_range: 50, high: 50, very_high: 0 },
      sufficient: true,
      insufficient_reason: null,
    });
    expect(glucoseManagementIndicator(150)).toBe(6.9);
    expect(profile.percentiles).toHaveLength(24);
    // Each hour: 56 values, half 100, half 200 → p25 100, p75 200, p50 between ranks 27 and 28 (150).
    expect(profile.percentiles[3]).toEqual({ minute: 180, p5: 100, p25: 100, p50: 150, p75: 200, p95: 200 });
    expect(profile.daily[0]).toEqual({ date: dates14[0], readings: 96, mean: 150, min: 100, max: 200 });
  });

  it('puts the five ranges on the consensus lines, adding to 100', () => {
    // 20 readings: one 50, one 60, fourteen 100, three 200, one 300 → 5, 5, 70, 15, 5.
    const values = [50, 60, ...Array<number>(14).fill(100), 200, 200, 200, 300];
    const profile = glucoseProfile(libre(['2026-11-28'], (i) => values[i] ?? 100).slice(0, 20), ['2026-11-28'], DAY);
    expect(profile.ranges).toEqual({ very_low: 5, low: 5, in_range: 70, high: 15, very_high: 5 });
    // Thirds by largest remainder: 33.3 each → 34 to the first, 33, 33; edges 54, 70, 180, 250 count inside.
    const thirds = glucoseProfile(
      libre(['2026-11-28'], (i) => [53, 180, 250][i] ?? 100).slice(0, 3),
      ['2026-11-28'],
      DAY,
    );
    expect(thirds.ranges).toEqual({ very_low: 34, low: 0, in_range: 33, high: 33, very_high: 0 });
    const sum = Object.values(thirds.ranges!).reduce((a, b) => a + b, 0);
    expect(sum).toBe(100);
  });

  it('is not sufficient below 70 % wear: eight hours missing each night', () => {
    // From 08:00 each day: 64 readings × 14 days = 896 → 66.7 %; the nightly gap leaves the interval 15.
    const profile = glucoseProfile(
      libre(dates14, () => 120, 8 * 60),
      dates14,
      14 * DAY,
    );
    expect(profile.sensor_active_percent).toBe(66.7);
    expect(profile.days_with_data).toBe(14);
    expect(profile.gmi).toBe(glucoseManagementIndicator(120));
    expect(profile).toMatchObject({ sufficient: false, insufficient_reason: 'low_wear', mean: 120 });
    expect(profile.percentiles.map((bin) => bin.minute)[0]).toBe(480);
  });

  it('is not sufficient on fewer than 14 days, and has no GMI then', () => {
    // 13 full days of a 14-day period: wear 13 ÷ 14 = 92.857… → 92.9.
    const profile = glucoseProfile(
      libre(dates14.slice(1), () => 140),
      dates14,
      14 * DAY,
    );
    expect(profile).toMatchObject({
      days_with_data: 13,
      sensor_active_percent: 92.9,
      gmi: null,
      mean: 140,
      sufficient: false,
      insufficient_reason: 'few_days',
    });
    expect(profile.daily[0]).toEqual({ date: dates14[0], readings: 0, mean: null, min: null, max: null });
  });

  it('with meter readings beside the sensor: figures from the sensor, the meter by meal context', () => {
    const readings = [
      ...libre(dates14, () => 150),
      meter(dates14[0]!, '07:05', 90, 'Fasting'),
      meter(dates14[1]!, '07:10', 300, 'Fasting'),
    ].sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
    const profile = glucoseProfile(readings, dates14, 14 * DAY);
    expect(profile).toMatchObject({ source: 'mixed', readings: 1344, mean: 150, sd: 0, cv: 0 });
    expect(profile.by_context).toEqual([{ meal_context: 'Fasting', readings: 2, mean: 195, min: 90, max: 300 }]);
  });
});

describe('glucoseProfile without a sensor', () => {
  it('gives the meter’s view per meal context and per day, no bands, no GMI', () => {
    const readings = [
      meter('2026-11-27', '07:00', 100, 'Fasting'),
      meter('2026-11-27', '14:30', 190, 'After Lunch'),
      meter('2026-11-28', '07:00', 121, 'Fasting'),
    ];
    const profile = glucoseProfile(readings, ['2026-11-27', '2026-11-28'], 2 * DAY);
    expect(profile).toMatchObject({
      source: 'fingerstick',
      readings: 3,
      days_with_data: 2,
      sensor_active_percent: null,
      // (100 + 190 + 121) ÷ 3 = 137.
      mean: 137,
      gmi: null,
      percentiles: [],
      sufficient: false,
      insufficient_reason: 'no_sensor',
    });
    // Fasting (100 + 121) ÷ 2 = 110.5; contexts in MEAL_CONTEXTS order.
    expect(profile.by_context).toEqual([
      { meal_context: 'Fasting', readings: 2, mean: 110.5, min: 100, max: 121 },
      { meal_context: 'After Lunch', readings: 1, mean: 190, min: 190, max: 190 },
    ]);
    expect(profile.daily).toEqual([
      { date: '2026-11-27', readings: 2, mean: 145, min: 100, max: 190 },
      { date: '2026-11-28', readings: 1, mean: 121, min: 121, max: 121 },
    ]);
  });

  it('says there are no readings, with empty figures', () => {
    const profile = glucoseProfile([], ['2026-11-28'], DAY);
    expect(profile).toMatchObject({
      source: 'fingerstick',
      readings: 0,
      mean: null,
      sd: null,
      cv: null,
      ranges: null,
      by_context: [],
      insufficient_reason: 'no_readings',
      sufficient: false,
    });
  });
});
