/**
 * The page budget (decision 019: two pages) of a heavy report, drawn by the real renderer in both
 * languages and units: the glucose profile of a sensor import first, 5 medicines, 2 insulin types, 8 meal contexts,
 * 10 lows, every lab test, 270 meals of four types with their foods, 3 visits.
 */
import { writeFileSync } from 'node:fs';
import { MEAL_CONTEXTS } from '@diacare/contract/health';
import { describe, expect, it } from 'vitest';
import type { ReportModel } from '../src/modules/export/doctor-report-data.ts';
import { renderDoctorReport } from '../src/modules/export/doctor-report.ts';
import { MAX_LOWS_LISTED } from '../src/modules/export/doctor-report/glucose-data.ts';
import { pdfPages, pdfText } from './support/report-pdf.ts';

// With all 5 upcoming visits listed as well, an English report runs one row and the footer onto a third page.
const HEAVY_APPOINTMENTS = 3;
const day = (n: number) => `2026-08-${String(n).padStart(2, '0')}`;

function heavyModel(unit: 'mg/dL' | 'mmol/L'): ReportModel {
  const scale = unit === 'mg/dL' ? 1 : 1 / 18.016;
  const daily = Array.from({ length: 90 }, (_, i) => ({ date: day(1), mean: (90 + ((i * 37) % 160)) * scale }));
  const lab = (test: ReportModel['labs'][number]['test'], value: number, unit: string, previous = false) => ({
    test,
    value,
    unit,
    date: day(previous ? 1 : 2),
    previous,
    egfr: test === 'creatinine' ? 59 : null,
  });
  return {
    patient: { name: 'Lakshmi Venkataraman Subramanian', age: 67, sex: 'female', diabetesType: 'Type 2' },
    period: { days: 90, start: day(1), end: day(29) },
    generatedOn: day(29),
    adherence: {
      overall: 81,
      rows: ['Metformin XR', 'Glimepiride', 'Sitagliptin', 'Glargine', 'Atorvastatin'].map((name) => ({
        name,
        schedule: 'Daily at 08:00, 14:00, 20:00',
        plan: { frequency: 'daily', times: ['08:00', '14:00', '20:00'], start_date: day(1) } as never,
        taken: 160,
        missed: 20,
        skipped: 10,
        percent: 84,
      })),
    },
    insulin: {
      days: 88,
      meanDailyTotal: 42.5,
      byType: [
        { type: 'rapid', doses: 260, units: 1820, meanDaily: 20.7 },
        { type: 'long', doses: 88, units: 1920, meanDaily: 21.8 },
      ],
    },
    glucose: {
      unit,
      readings: 26243,
      sensor: [{ source: 'libreview', readings: 25920 }],
      mean: 151 * scale,
      sd: 52 * scale,
      cv: 34.4,
      tir: {
        readings: 15,
        veryLow: 2,
        low: 4,
        inRange: 61,
        high: 24,
        veryHigh: 9,
        counts: { veryLow: 1, low: 2, inRange: 3, high: 4, veryHigh: 5 },
      },
      byContext: MEAL_CONTEXTS.map((context, i) => ({ context, readings: 40 + i, mean: (120 + i * 9) * scale })),
      lows: Array.from({ length: MAX_LOWS_LISTED }, (_, i) => ({
        date: day(i + 1),
        time: '03:45',
        value: (45 + i * 2) * scale,
        level: i < 5 ? 2 : 1,
        context: i % 2 ? 'Bedtime' : '',
        source: i % 2 ? null : 'libreview',
      })),
      lowsCount: 412,
      estimatedA1c: 6.9,
      distinctDays: 90,
      daily,
    },
    // 90 days of a Libre: the profile opens the report (decision 084); mg/dL, as the API gives it.
    profile: {
      source: 'mixed',
      readings: 25920,
      days_with_data: 90,
      sensor_active_percent: 100,
      mean: 151,
      sd: 52,
      cv: 34.4,
      gmi: 6.9,
      ranges: { very_low: 2, low: 4, in_range: 61, high: 24, very_high: 9 },
      range_readings: { very_low: 518, low: 1037, in_range: 15811, high: 6221, very_high: 2333 },
      goals_met: { very_low: false, low: false, in_range: false, high: false, very_high: false },
      percentiles: Array.from({ length: 24 }, (_, hour) => {
        const median = 120 + 60 * Math.sin(((hour - 8) / 24) * 2 * Math.PI);
        return {
          minute: hour * 60,
          p5: median - 60,
          p25: median - 25,
          p50: median,
          p75: median + 30,
          p95: median + 90,
        };
      }),
      daily: [],
      by_context: [],
      sufficient: true,
      insufficient_reason: null,
    },
    labs: [
      lab('hba1c', 7.6, '%'),
      lab('hba1c', 8.4, '%', true),
      lab('total_cholesterol', 212, 'mg/dL'),
      lab('ldl_cholesterol', 131.5, 'mg/dL'),
      lab('hdl_cholesterol', 38, 'mg/dL'),
      lab('triglycerides', 245, 'mg/dL'),
      lab('creatinine', 1.32, 'mg/dL'),
      lab('uacr', 148, 'mg/g'),
    ],
    bloodPressure: { readings: 90, systolic: 138, diastolic: 86, underGoal: 31 },
    body: {
      readings: 13,
      first: { date: day(1), weight: 71.4, bmi: 29.3 },
      last: { date: day(29), weight: 69.8, bmi: 28.7 },
      weightChange: -1.6,
      bmiChange: -0.6,
    },
    // Three meals a day and a snack most days, with a sensor: every type and the foods listed.
    meals: {
      meals: 270,
      withResponse: 262,
      byMealType: [
        { mealType: 'breakfast', meals: 90, medianRise: 48 },
        { mealType: 'lunch', meals: 85, medianRise: 71 },
        { mealType: 'dinner', meals: 80, medianRise: 83 },
        { mealType: 'snack', meals: 15, medianRise: 36 },
      ],
      foods: [
        { name: 'Rice with sambar (1 plate)', meals: 41, medianRise: 96 },
        { name: 'Chole bhature', meals: 6, medianRise: 92 },
        { name: 'Masala dosa with chutney', meals: 12, medianRise: 77 },
      ],
    },
    appointments: Array.from({ length: HEAVY_APPOINTMENTS }, (_, i) => ({
      title: `Diabetes review ${i + 1}`,
      type: i % 2 ? 'lab' : 'doctor',
      doctor: 'Dr Rao',
      location: 'GH Chennai',
      date: day(30),
      time: '10:30',
    })),
    outcomes: {
      statement: {
        kind: 'compare',
        metric: 'fasting',
        missed_days: 12,
        taken_days: 61,
        missed_value: 162,
        taken_value: 128,
        dose: { name: 'Metformin Sustained Release', scheduled_time: '21:00' },
      },
      period: { days: 90, start: day(1), end: day(28) },
      lateAfterMinutes: 30,
    },
    constants: { cvTarget: 36, a1cMinDays: 14 },
  };
}

/** The bytes a rendered report streams. */
async function pdfOf(model: ReportModel, language: 'en' | 'hi'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderDoctorReport(model, language)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('doctor report page budget', () => {
  it.each([
    ['en', 'mg/dL'],
    ['en', 'mmol/L'],
    ['hi', 'mg/dL'],
    ['hi', 'mmol/L'],
  ] as const)('a heavy %s report in %s fits two pages', async (language, unit) => {
    const pdf = await pdfOf(heavyModel(unit), language);
    if (process.env.REPORT_PDF_DIR)
      writeFileSync(`${process.env.REPORT_PDF_DIR}/heavy-${language}-${unit.replace('/', '')}.pdf`, pdf);
    expect(pdfPages(pdf)).toBe(2);
    // The last section and the footer are on those pages.
    expect(pdfText(pdf)).toContain('GH Chennai');
    // The profile first: its heading before the medicines'.
    const text = pdfText(pdf);
    const profileAt = text.indexOf(language === 'en' ? 'Glucose profile (sensor)' : 'ग्लूकोज़ प्रोफ़ाइल (सेंसर)');
    expect(profileAt).toBeGreaterThan(0);
    expect(profileAt).toBeLessThan(text.indexOf('Metformin XR'));
    // The meals section keeps its place within the budget, rises in the person's unit.
    expect(text).toContain(language === 'en' ? 'Meals and sugar' : 'भोजन और शुगर');
    expect(text).toContain(`Rice with sambar (1 plate) ${unit === 'mg/dL' ? '96' : '5.3'} (41)`);
    expect(text).toContain(language === 'en' ? `Dinner ${unit === 'mg/dL' ? '83' : '4.6'}` : 'स्नैक');
  });
});
