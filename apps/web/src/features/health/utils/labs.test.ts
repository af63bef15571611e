/** Lab results in words (labs.ts; decision 045). */
import type { LabResult } from '@diacare/contract/labs';
import { describe, expect, it } from 'vitest';
import { formatLabDate, formatLabValue, hba1cInIfcc, latestByTest } from './labs';

const result = (test: LabResult['test'], value: number, unit: string, date: string): LabResult => ({
  id: `${test}-${date}`,
  test,
  loinc: '',
  value,
  unit,
  date,
  notes: null,
  egfr: null,
});

describe('lab results in words', () => {
  it('prints HbA1c and creatinine with fixed decimals and lipids without trailing zeros', () => {
    expect(formatLabValue(result('hba1c', 7, '%', '2026-11-01'))).toBe('7.0 %');
    expect(formatLabValue(result('creatinine', 1, 'mg/dL', '2026-11-01'))).toBe('1.00 mg/dL');
    expect(formatLabValue(result('ldl_cholesterol', 112, 'mg/dL', '2026-11-01'))).toBe('112 mg/dL');
    expect(formatLabValue(result('ldl_cholesterol', 112.5, 'mg/dL', '2026-11-01'))).toBe('112.5 mg/dL');
  });

  it('shows an HbA1c in mmol/mol too, and a date with its year', () => {
    expect(hba1cInIfcc(7.4)).toBe('57 mmol/mol');
    expect(formatLabDate('2026-11-10', 'en-IN')).toBe('10 Nov 2026');
  });

  it('keeps the newest result of each test, in the form’s order', () => {
    const list = [
      result('creatinine', 1.1, 'mg/dL', '2026-11-02'),
      result('hba1c', 7.1, '%', '2026-11-01'),
      result('creatinine', 0.9, 'mg/dL', '2026-05-01'),
    ];
    expect(latestByTest(list).map((r) => [r.test, r.value])).toEqual([
      ['hba1c', 7.1],
      ['creatinine', 1.1],
    ]);
  });
});
