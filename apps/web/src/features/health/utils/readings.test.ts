import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';
import { describe, expect, it } from 'vitest';
import { historyModel, RECENT_READINGS } from './history';
import {
  formatSignedKg,
  overallAdherence,
  shortWeekday,
  summariseBloodPressure,
  summariseGlucose,
  summariseWeight,
  wallClockSeconds,
} from './readings';

const glucose = (value: number, date: string, time = '08:00'): GlucoseReading => ({
  id: `${date}-${time}-${value}`,
  value,
  meal_context: 'Fasting',
  date,
  time,
});
const bp = (systolic: number, diastolic: number, date: string): BloodPressureReading => ({
  id: `${date}-${systolic}`,
  systolic,
  diastolic,
  pulse: null,
  date,
  time: '09:00',
});
const body = (weight: number, bmi: number, date: string): BodyMetrics => ({
  id: `${date}-${weight}`,
  weight,
  height: 170,
  bmi,
  date,
});

describe('report summaries', () => {
  it('glucose: the first reading is the latest, the average is a whole number, status by the latest', () => {
    const summary = summariseGlucose([
      glucose(152, '2026-11-21'),
      glucose(101, '2026-11-20'),
      glucose(100, '2026-11-19'),
    ]);
    expect(summary.latest?.value).toBe(152);
    expect(summary.average).toBe(118); // 117.67
    expect(summary.status).toBe('warning');
    expect(summary.alert).toBeNull();
  });

  it('a low latest glucose is an alert, never good (issue 15)', () => {
    const low = summariseGlucose([glucose(55, '2026-11-21'), glucose(120, '2026-11-20')]);
    expect(low.status).toBe('alert');
    expect(low.alert).toBe('low-glucose');
    expect(summariseGlucose([glucose(48, '2026-11-21')]).alert).toBe('very-low-glucose');
  });

  it('no readings give no latest, no average and no status (never NaN)', () => {
    expect(summariseGlucose([])).toEqual({ latest: null, average: null, status: null, alert: null });
    expect(summariseBloodPressure([])).toEqual({ latest: null, average: null, status: null, alert: null });
    expect(summariseWeight([])).toMatchObject({ latest: null, average: null, change: 0, trend: 'flat', status: null });
  });

  it('blood pressure averages systolic and diastolic separately; 130/85 is still good', () => {
    const summary = summariseBloodPressure([bp(130, 85, '2026-11-21'), bp(141, 90, '2026-11-20')]);
    expect(summary.average).toEqual({ systolic: 136, diastolic: 88 }); // 135.5 → 136, 87.5 → 88
    expect(summary.status).toBe('good');
  });

  it('weight: average and change to one decimal, trend by the change, status by BMI', () => {
    const summary = summariseWeight([body(72.5, 25.1, '2026-11-21'), body(73.1, 25.3, '2026-11-18')]);
    expect(summary.average).toBe(72.8);
    expect(summary.change).toBe(-0.6);
    expect(summary.trend).toBe('down');
    expect(summary.status).toBe('warning');
    expect(formatSignedKg(summary.change)).toBe('-0.6');
    expect(formatSignedKg(1.25)).toBe('+1.3');
    expect(formatSignedKg(0)).toBe('0.0');
  });

  it('overall adherence sums the days; nothing counted is null, not NaN', () => {
    expect(
      overallAdherence([
        { taken: 2, total: 3 },
        { taken: 0, total: 0 },
        { taken: 1, total: 3 },
      ]),
    ).toBe(50);
    expect(overallAdherence([{ taken: 0, total: 0 }])).toBeNull();
  });

  it('weekday and chart time follow the calendar date and clock as written', () => {
    expect(shortWeekday('2026-11-21')).toBe('Sat');
    expect(wallClockSeconds('2026-11-21', '14:05')).toBe(Date.UTC(2026, 10, 21, 14, 5) / 1000);
  });
});

describe('history model', () => {
  it('glucose: figures, chart oldest first, the last 5 newest first with time and meal context, lows marked', () => {
    const readings = [
      glucose(52, '2026-11-21', '07:00'),
      glucose(65, '2026-11-20'),
      glucose(140, '2026-11-19'),
      glucose(180, '2026-11-18'),
      glucose(200, '2026-11-17'),
      glucose(110, '2026-11-16'),
    ];
    const model = historyModel('glucose', readings);
    expect(model.title).toBe('Blood Glucose History');
    expect(model.figures).toEqual([
      { label: 'Latest', value: '52 mg/dL' },
      { label: 'Average', value: '125 mg/dL' },
      { label: 'Target range', value: '70-140 mg/dL' },
    ]);
    expect(model.chart.series[0]!.values).toEqual([110, 200, 180, 140, 65, 52]);
    expect(model.chart.x).toEqual([...model.chart.x].sort((a, b) => a - b));
    expect(model.recent).toHaveLength(RECENT_READINGS);
    expect(model.recent[0]).toMatchObject({ date: 'Nov 21', detail: '07:00 • Fasting', alert: 'very-low-glucose' });
    expect(model.recent[1]!.alert).toBe('low-glucose');
    expect(model.recent[2]!.alert).toBeNull();
    // The latest reading (52) is very low: the page offers its steps.
    expect(model.latestAlert).toEqual({ alert: 'very-low-glucose', reading: '52 mg/dL' });
    expect(model.summary).toBe('6 readings from Nov 16 to Nov 21: 52–200 mg/dL.');
    expect(model.table.rows).toHaveLength(6);
  });

  it('blood pressure plots two lines and targets below 130/85', () => {
    const model = historyModel('bp', [bp(128, 84, '2026-11-21')]);
    expect(model.chart.series.map((s) => s.label)).toEqual(['Systolic', 'Diastolic']);
    expect(model.chart.series[0]!.colour).not.toBe(model.chart.series[1]!.colour);
    expect(model.figures[2]).toEqual({ label: 'Target range', value: '<130/85 mmHg' });
    expect(model.summary).toBe('1 reading on Nov 21: systolic 128, diastolic 84 mmHg.');
    expect(model.latestAlert).toBeNull();
    expect(model.recent[0]!.alert).toBeNull();
  });

  it('blood pressure in crisis or low is marked, in the list and as the latest', () => {
    const model = historyModel('bp', [bp(184, 112, '2026-11-21'), bp(86, 58, '2026-11-20'), bp(128, 84, '2026-11-19')]);
    expect(model.recent.map((r) => r.alert)).toEqual(['severe-high-bp', 'low-bp', null]);
    expect(model.latestAlert).toEqual({ alert: 'severe-high-bp', reading: '184/112 mmHg' });
  });

  it("weight: recent readings read 'weight kg • BMI x' and the target is the healthy BMI band", () => {
    const model = historyModel('weight', [body(72.5, 25.1, '2026-11-21'), body(72, 24.9, '2026-11-14')]);
    expect(model.recent.map((r) => r.value)).toEqual(['72.5 kg • BMI 25.1', '72.0 kg • BMI 24.9']);
    expect(model.figures).toContainEqual({ label: 'Target range', value: 'BMI 18.5-24.9' });
    expect(model.figures).toContainEqual({ label: 'BMI', value: '25.1' });
    expect(model.summary).toBe('2 readings from Nov 14 to Nov 21: 72.0–72.5 kg.');
  });
});
