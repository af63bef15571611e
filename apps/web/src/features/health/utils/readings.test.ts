import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import type { TranslateFunction } from '../../../lib/i18n/language-provider';
import enHealth from '../../../locales/en/health.json';
import hiHealth from '../../../locales/hi/health.json';
import enHealthReports from '../../../locales/en/health-reports.json';
import hiHealthReports from '../../../locales/hi/health-reports.json';
import { historyModel, RECENT_READINGS, type HistoryTexts } from './history';
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

  it('a low latest glucose is an alert, never good', () => {
    const low = summariseGlucose([glucose(55, '2026-11-21'), glucose(120, '2026-11-20')]);
    expect(low.status).toBe('alert');
    expect(low.alert).toBe('low-glucose');
    expect(summariseGlucose([glucose(48, '2026-11-21')]).alert).toBe('very-low-glucose');
  });

  it('no readings give no latest, no average and no status (never NaN)', () => {
    expect(summariseGlucose([])).toEqual({ latest: null, average: null, mean: null, status: null, alert: null });
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

/** The real health catalog of `language`, compiled as the build compiles it. */
function texts(language: 'en' | 'hi'): HistoryTexts {
  // Home's card texts (health) and the Reports and History texts (health-reports).
  const catalog: Record<string, string> =
    language === 'en' ? { ...enHealth, ...enHealthReports } : { ...hiHealth, ...hiHealthReports };
  const i18n = setupI18n({
    locale: language,
    messages: { [language]: Object.fromEntries(Object.entries(catalog).map(([id, m]) => [id, compileMessage(m)])) },
  });
  return {
    t: ((id, values) => i18n._(id, values)) as TranslateFunction,
    locale: language === 'en' ? 'en-IN' : 'hi-IN',
  };
}
const EN = texts('en');

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
    const model = historyModel('glucose', readings, EN);
    expect(model.title).toBe('Blood Glucose History');
    expect(model.figures).toEqual([
      { label: 'Latest', value: '52 mg/dL' },
      { label: 'Average', value: '125 mg/dL' },
      { label: 'Target range', value: '70-140 mg/dL' },
    ]);
    expect(model.chart.series[0]!.values).toEqual([110, 200, 180, 140, 65, 52]);
    expect(model.chart.x).toEqual([...model.chart.x].sort((a, b) => a - b));
    expect(model.recent).toHaveLength(RECENT_READINGS);
    expect(model.recent[0]).toMatchObject({ date: '21 Nov', detail: '07:00 • Fasting', alert: 'very-low-glucose' });
    expect(model.recent[1]!.alert).toBe('low-glucose');
    expect(model.recent[2]!.alert).toBeNull();
    // The latest reading (52) is very low: the page offers its steps.
    expect(model.latestAlert).toEqual({ alert: 'very-low-glucose', reading: '52 mg/dL' });
    expect(model.summary).toBe('6 readings from 16 Nov to 21 Nov: 52–200 mg/dL.');
    expect(model.table.rows).toHaveLength(6);
  });

  it('glucose in mmol/L: figures, chart, band, summary, table and alerts follow the unit', () => {
    const readings = [
      glucose(52, '2026-11-21', '07:00'),
      glucose(99, '2026-11-20'),
      glucose(180, '2026-11-19'),
      glucose(200, '2026-11-18'),
    ];
    const model = historyModel('glucose', readings, EN, 'mmol/L');
    expect(model.figures).toEqual([
      { label: 'Latest', value: '2.9 mmol/L' },
      // The mean, 132.75 mg/dL, is converted unrounded: 7.37 → 7.4.
      { label: 'Average', value: '7.4 mmol/L' },
      { label: 'Target range', value: '3.9-7.8 mmol/L' },
    ]);
    expect(model.chart.unit).toBe('mmol/L');
    expect(model.chart.series[0]!.values).toEqual([11.1, 10, 5.5, 2.9]);
    expect(model.chart.band).toEqual([3.9, 7.8]);
    expect(model.latestAlert).toEqual({ alert: 'very-low-glucose', reading: '2.9 mmol/L' });
    expect(model.summary).toBe('4 readings from 18 Nov to 21 Nov: 2.9–11.1 mmol/L.');
    expect(model.table.columns).toEqual(['Date and time', 'Meal context', 'Glucose (mmol/L)']);
    expect(model.table.rows[1]!.cells[2]).toBe('5.5');
    expect(model.recent.map((r) => r.value)).toEqual(['2.9 mmol/L', '5.5 mmol/L', '10.0 mmol/L', '11.1 mmol/L']);
    // Alerts still come from the stored mg/dL.
    expect(model.recent.map((r) => r.alert)).toEqual(['very-low-glucose', null, null, null]);
  });

  it('blood pressure plots two lines and targets below 130/85', () => {
    const model = historyModel('bp', [bp(128, 84, '2026-11-21')], EN);
    expect(model.chart.series.map((s) => s.label)).toEqual(['Systolic', 'Diastolic']);
    expect(model.chart.series[0]!.colour).not.toBe(model.chart.series[1]!.colour);
    expect(model.figures[2]).toEqual({ label: 'Target range', value: '<130/85 mmHg' });
    expect(model.summary).toBe('1 reading on 21 Nov: systolic 128, diastolic 84 mmHg.');
    expect(model.latestAlert).toBeNull();
    expect(model.recent[0]!.alert).toBeNull();
  });

  it('blood pressure in crisis or low is marked, in the list and as the latest', () => {
    const model = historyModel(
      'bp',
      [bp(184, 112, '2026-11-21'), bp(86, 58, '2026-11-20'), bp(128, 84, '2026-11-19')],
      EN,
    );
    expect(model.recent.map((r) => r.alert)).toEqual(['severe-high-bp', 'low-bp', null]);
    expect(model.latestAlert).toEqual({ alert: 'severe-high-bp', reading: '184/112 mmHg' });
  });

  it("weight: recent readings read 'weight kg • BMI x' and the target is the healthy BMI band", () => {
    const model = historyModel('weight', [body(72.5, 25.1, '2026-11-21'), body(72, 24.9, '2026-11-14')], EN);
    expect(model.recent.map((r) => r.value)).toEqual(['72.5 kg • BMI 25.1', '72.0 kg • BMI 24.9']);
    expect(model.figures).toContainEqual({ label: 'Target range', value: 'BMI 18.5-24.9' });
    expect(model.figures).toContainEqual({ label: 'BMI', value: '25.1' });
    expect(model.summary).toBe('2 readings from 14 Nov to 21 Nov: 72.0–72.5 kg.');
  });
});

describe('history model in Hindi', () => {
  it('every label, the summary and the table speak Hindi; figures and units are unchanged', () => {
    const readings = [glucose(52, '2026-11-21', '07:00'), glucose(140, '2026-11-19')];
    const model = historyModel('glucose', readings, texts('hi'));
    expect(model.title).toBe('ब्लड शुगर का इतिहास');
    expect(model.figures.map((f) => f.label)).toEqual(['पिछली', 'औसत', 'लक्ष्य सीमा']);
    expect(model.figures[0]!.value).toBe('52 mg/dL');
    expect(model.recent[0]!.detail).toBe('07:00 • खाली पेट');
    expect(model.summary).toMatch(/^19 नव॰ से 21 नव॰ तक 2 रीडिंग: 52–140 mg\/dL।$/);
    expect(model.table.columns).toEqual(['तारीख और समय', 'खाने का समय', 'शुगर (mg/dL)']);
    const bpModel = historyModel('bp', [bp(128, 84, '2026-11-21')], texts('hi'));
    expect(bpModel.summary).toBe('21 नव॰ को 1 रीडिंग: सिस्टोलिक 128, डायस्टोलिक 84 mmHg।');
    // No English words are left in what the page shows (units and BMI stay as written).
    const shown = [model.title, model.summary, ...model.figures.map((f) => f.label), ...model.table.columns];
    expect(
      shown
        .join(' ')
        .match(/[A-Za-z]+/g)
        ?.filter((w) => !['mg', 'dL', 'mmHg', 'BMI'].includes(w)) ?? [],
    ).toEqual([]);
  });
});
