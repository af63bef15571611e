/** Lab-result schemas (labs.ts; decision 045): units per test, bounds, decimals, messages. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { labResultInputSchema, labResultQuerySchema } from './labs.ts';
import { english } from './i18n/english-for-tests.ts';

function firstIssue(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')}: ${english(issue.message)}`;
}

const HBA1C = { test: 'hba1c', value: 7.2, unit: '%', date: '2026-11-20' };

describe('lab result input', () => {
  it('accepts HbA1c at 3 and 20 % and at 9 and 195 mmol/mol, and refuses just past them', () => {
    for (const [value, unit] of [
      [3, '%'],
      [20, '%'],
      [9, 'mmol/mol'],
      [195, 'mmol/mol'],
    ] as const)
      expect(firstIssue(labResultInputSchema, { ...HBA1C, value, unit })).toBeNull();
    expect(firstIssue(labResultInputSchema, { ...HBA1C, value: 2.9 })).toBe('value: must be at least 3 %');
    expect(firstIssue(labResultInputSchema, { ...HBA1C, value: 20.1 })).toBe('value: must be at most 20 %');
    expect(firstIssue(labResultInputSchema, { ...HBA1C, value: 196, unit: 'mmol/mol' })).toBe(
      'value: must be at most 195 mmol/mol',
    );
  });

  it('refuses a unit the test is not reported in, naming the ones it is', () => {
    expect(firstIssue(labResultInputSchema, { ...HBA1C, unit: 'mg/dL' })).toBe('unit: must be % or mmol/mol for hba1c');
    expect(
      firstIssue(labResultInputSchema, { test: 'creatinine', value: 88, unit: 'µmol/L', date: '2026-11-20' }),
    ).toBe('unit: must be mg/dL for creatinine');
  });

  it('refuses more decimals than the lab prints', () => {
    expect(firstIssue(labResultInputSchema, { ...HBA1C, value: 7.25 })).toBe(
      'value: must have at most 1 decimal places',
    );
    expect(firstIssue(labResultInputSchema, { ...HBA1C, value: 53.5, unit: 'mmol/mol' })).toBe(
      'value: must be a whole number',
    );
    expect(
      firstIssue(labResultInputSchema, { test: 'creatinine', value: 0.87, unit: 'mg/dL', date: '2026-11-20' }),
    ).toBeNull();
  });

  it('refuses an unknown test, a missing value and an impossible date', () => {
    expect(firstIssue(labResultInputSchema, { ...HBA1C, test: 'vitamin_d' })).toMatch(/^test: must be one of hba1c/);
    expect(firstIssue(labResultInputSchema, { ...HBA1C, value: undefined })).toBe('value: is required');
    expect(firstIssue(labResultInputSchema, { ...HBA1C, date: '2026-02-30' })).toBe(
      'date: must be a real date written YYYY-MM-DD',
    );
  });

  it('keeps a note trimmed, and an empty one as null', () => {
    expect(labResultInputSchema.parse({ ...HBA1C, notes: '  fasting sample ' }).notes).toBe('fasting sample');
    expect(labResultInputSchema.parse({ ...HBA1C, notes: '   ' }).notes).toBeNull();
    expect(labResultInputSchema.parse(HBA1C).notes).toBeNull();
  });

  it('a range query refuses an end before its start', () => {
    expect(firstIssue(labResultQuerySchema, { start_date: '2026-11-20', end_date: '2026-11-01' })).toBe(
      'end_date: must not be before start_date',
    );
  });
});
