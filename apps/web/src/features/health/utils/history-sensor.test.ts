/**
 * History's glucose model with imported sensor readings (a line of hourly means, manual
 * readings as points, the average over both) and the dose lane's sentence in English and
 * Hindi, mg/dL and mmol/L (decision 052).
 */
import type { GlucoseReading } from '@diacare/contract/health';
import type { AdherenceOutcomes } from '@diacare/contract/reports';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import type { TranslateFunction } from '../../../lib/i18n/language-provider';
import enHealthReports from '../../../locales/en/health-reports.json';
import hiHealthReports from '../../../locales/hi/health-reports.json';
import { outcomeSentence } from '../components/dose-lane';
import { historyModel } from './history';
import { wallClockSeconds } from './readings';

function translate(language: 'en' | 'hi'): TranslateFunction {
  const catalog: Record<string, string> = language === 'en' ? enHealthReports : hiHealthReports;
  const i18n = setupI18n({
    locale: language,
    messages: { [language]: Object.fromEntries(Object.entries(catalog).map(([id, m]) => [id, compileMessage(m)])) },
  });
  return ((id, values) => i18n._(id, values)) as TranslateFunction;
}
const EN = { t: translate('en'), locale: 'en-IN' };

const manual: GlucoseReading[] = [
  { id: 'b', value: 140, meal_context: 'After Lunch', date: '2026-11-19', time: '14:30' },
  { id: 'a', value: 110, meal_context: 'Fasting', date: '2026-11-19', time: '07:30' },
];
const sensor = {
  line: [
    { date: '2026-11-19', time: '07:00', value: 100 },
    { date: '2026-11-19', time: '08:00', value: 120 },
  ],
  readings: 24,
  mean: 121.4,
};

describe('the glucose chart with sensor readings', () => {
  it('draws the sensor line and the manual points on one x axis, with the average over both', () => {
    const model = historyModel('glucose', manual, EN, 'mg/dL', sensor);
    const x = ['07:00', '07:30', '08:00', '14:30'].map((time) => wallClockSeconds('2026-11-19', time));
    expect(model.chart.x).toEqual(x);
    expect(model.chart.series.map((s) => [s.style, s.values])).toEqual([
      ['line', [100, null, 120, null]],
      ['points', [null, 110, null, 140]],
    ]);
    expect(model.figures[1]).toEqual({ label: 'Average', value: '121 mg/dL' });
  });

  it('stands on the sensor line alone when there is no manual reading', () => {
    const model = historyModel('glucose', [], EN, 'mg/dL', sensor);
    expect(model.figures.slice(0, 2).map((f) => f.value)).toEqual(['120 mg/dL', '121 mg/dL']);
    expect(model.chart.series.map((s) => s.style)).toEqual(['line', 'points']);
    expect(model.summary).toContain('24 readings');
    expect(model.recent).toEqual([]);
    expect(model.latestAlert).toBeNull();
  });

  it('keeps the manual line alone when there is no sensor reading', () => {
    const model = historyModel('glucose', manual, EN, 'mg/dL', { line: [], readings: 0, mean: 125 });
    expect(model.chart.series).toHaveLength(1);
    expect(model.figures[1]!.value).toBe('125 mg/dL');
  });
});

const outcomes = (statement: AdherenceOutcomes['statement']) => ({ statement }) as AdherenceOutcomes;

describe('the association sentence', () => {
  const compare = outcomes({
    kind: 'compare',
    metric: 'fasting',
    missed_days: 4,
    taken_days: 10,
    missed_value: 162,
    taken_value: 128,
    dose: { name: 'Metformin', scheduled_time: '21:00' },
  });

  it('compares in the user unit, and says it is not a cause', () => {
    expect(outcomeSentence(compare, 'mg/dL', translate('en'))).toBe(
      'On the 4 days with a missed 21:00 Metformin, your fasting sugar averaged 162 mg/dL, against 128 mg/dL on the 10 days with every dose taken. The two went together; this does not show that one caused the other.',
    );
    expect(outcomeSentence(compare, 'mmol/L', translate('en'))).toContain('averaged 9.0 mmol/L, against 7.1 mmol/L');
    const hindi = outcomeSentence(compare, 'mg/dL', translate('hi'));
    expect(hindi).toContain('21:00 की Metformin छूटी');
    expect(hindi).toContain('162 mg/dL');
    expect(hindi).toContain('कारण');
  });

  it('says there are too few days instead of comparing', () => {
    const tooFew = outcomes({ kind: 'too_few', missed_days: 2, taken_days: 9, needed: 3 });
    expect(outcomeSentence(tooFew, 'mg/dL', translate('en'))).toBe(
      'Too few days to compare yet: 2 days with a missed dose and 9 days with every dose taken have sugar readings; each needs at least 3.',
    );
    expect(outcomeSentence(tooFew, 'mg/dL', translate('hi'))).toContain('कम से कम 3');
  });
});
