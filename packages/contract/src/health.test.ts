/**
 * Health-reading schemas (health.ts; docs/product.md, Rules). The API tests cover the
 * same rules through HTTP; these pin the messages and the defaults the forms rely on.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bloodPressureInputSchema,
  bodyMetricsInputSchema,
  glucoseInputSchema,
  hasOneDecimalAtMost,
  readingRangeQuerySchema,
} from './health.ts';
import { english } from './i18n/english-for-tests.ts';

/** 'field: message' of the first issue, as the API's 400 detail reads; null when valid. */
function firstIssue(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')}: ${english(issue.message)}`;
}

const GLUCOSE = { value: 112, meal_context: 'Before Breakfast', date: '2026-11-20', time: '07:45' };
const BLOOD_PRESSURE = { systolic: 128, diastolic: 82, pulse: 72, date: '2026-11-20', time: '08:00' };
const BODY = { weight: 70, height: 170, date: '2026-11-20' };

describe('glucose input', () => {
  it('defaults the meal context to Fasting', () => {
    expect(glucoseInputSchema.parse({ value: 98, date: '2026-11-20', time: '06:30' }).meal_context).toBe('Fasting');
  });

  it('accepts 20 and 600 mg/dL and refuses 19 and 601 with the unit', () => {
    expect(firstIssue(glucoseInputSchema, { ...GLUCOSE, value: 20 })).toBeNull();
    expect(firstIssue(glucoseInputSchema, { ...GLUCOSE, value: 600 })).toBeNull();
    expect(firstIssue(glucoseInputSchema, { ...GLUCOSE, value: 19 })).toBe('value: must be at least 20 mg/dL');
    expect(firstIssue(glucoseInputSchema, { ...GLUCOSE, value: 601 })).toBe('value: must be at most 600 mg/dL');
  });

  it('refuses a fraction, a missing value and an unknown meal context', () => {
    expect(firstIssue(glucoseInputSchema, { ...GLUCOSE, value: 112.5 })).toBe('value: must be a whole number');
    expect(firstIssue(glucoseInputSchema, { ...GLUCOSE, value: undefined })).toBe('value: is required');
    expect(firstIssue(glucoseInputSchema, { ...GLUCOSE, meal_context: 'Snack' })).toMatch(
      /^meal_context: must be one of Fasting, Before Breakfast, /,
    );
  });

  it('refuses a date that does not exist and a time that is not HH:MM', () => {
    expect(firstIssue(glucoseInputSchema, { ...GLUCOSE, date: '2026-02-29' })).toMatch(/^date: /);
    expect(firstIssue(glucoseInputSchema, { ...GLUCOSE, time: '7:45' })).toMatch(/^time: /);
  });
});

describe('blood-pressure input', () => {
  it('pulse defaults to null and may be null', () => {
    const { pulse: _pulse, ...withoutPulse } = BLOOD_PRESSURE;
    expect(bloodPressureInputSchema.parse(withoutPulse).pulse).toBeNull();
    expect(bloodPressureInputSchema.parse({ ...BLOOD_PRESSURE, pulse: null }).pulse).toBeNull();
  });

  it('systolic and diastolic are required', () => {
    expect(firstIssue(bloodPressureInputSchema, { ...BLOOD_PRESSURE, systolic: undefined })).toBe(
      'systolic: is required',
    );
    expect(firstIssue(bloodPressureInputSchema, { ...BLOOD_PRESSURE, diastolic: undefined })).toBe(
      'diastolic: is required',
    );
  });

  it('refuses systolic not above diastolic, naming systolic', () => {
    expect(firstIssue(bloodPressureInputSchema, { ...BLOOD_PRESSURE, systolic: 90, diastolic: 90 })).toBe(
      'systolic: must be above diastolic',
    );
    expect(firstIssue(bloodPressureInputSchema, { ...BLOOD_PRESSURE, systolic: 91, diastolic: 90 })).toBeNull();
  });

  it('holds the bounds: systolic 60–260, diastolic 30–160, pulse 30–220', () => {
    const check = (overrides: object) => firstIssue(bloodPressureInputSchema, { ...BLOOD_PRESSURE, ...overrides });
    expect(check({ systolic: 59, diastolic: 40 })).toBe('systolic: must be at least 60 mmHg');
    expect(check({ systolic: 261 })).toBe('systolic: must be at most 260 mmHg');
    expect(check({ diastolic: 29 })).toBe('diastolic: must be at least 30 mmHg');
    expect(check({ systolic: 200, diastolic: 161 })).toBe('diastolic: must be at most 160 mmHg');
    expect(check({ pulse: 29 })).toBe('pulse: must be at least 30 bpm');
    expect(check({ pulse: 221 })).toBe('pulse: must be at most 220 bpm');
    expect(check({ systolic: 260, diastolic: 160, pulse: 220 })).toBeNull();
    expect(check({ systolic: 60, diastolic: 30, pulse: 30 })).toBeNull();
  });
});

describe('body-metrics input', () => {
  it('drops a BMI sent by the client', () => {
    const parsed = bodyMetricsInputSchema.parse({ ...BODY, bmi: 31.9 });
    expect(parsed.bmi).toBeUndefined();
    expect(parsed).toMatchObject(BODY);
  });

  it('holds the bounds: weight 2–400 kg, height 50–250 cm', () => {
    const check = (overrides: object) => firstIssue(bodyMetricsInputSchema, { ...BODY, ...overrides });
    expect(check({ weight: 2, height: 50 })).toBeNull();
    expect(check({ weight: 400, height: 250 })).toBeNull();
    expect(check({ weight: 1.9 })).toBe('weight: must be at least 2 kg');
    expect(check({ weight: 400.1 })).toBe('weight: must be at most 400 kg');
    expect(check({ height: 49.9 })).toBe('height: must be at least 50 cm');
    expect(check({ height: 250.1 })).toBe('height: must be at most 250 cm');
    expect(check({ weight: undefined })).toBe('weight: is required');
    expect(check({ height: undefined })).toBe('height: is required');
    expect(check({ weight: '70' })).toBe('weight: must be a number');
  });

  it('allows one decimal place (the 0.1 kg step) but not two', () => {
    expect(firstIssue(bodyMetricsInputSchema, { ...BODY, weight: 70.5 })).toBeNull();
    expect(firstIssue(bodyMetricsInputSchema, { ...BODY, weight: 70.25 })).toBe(
      'weight: must have at most one decimal place',
    );
  });

  it('counts decimal places despite floating-point noise', () => {
    expect(hasOneDecimalAtMost(0.1 + 0.2)).toBe(true); // 0.30000000000000004
    expect(hasOneDecimalAtMost(72.3)).toBe(true);
    expect(hasOneDecimalAtMost(70)).toBe(true);
    expect(hasOneDecimalAtMost(70.05)).toBe(false);
    expect(hasOneDecimalAtMost(70.01)).toBe(false);
  });
});

describe('reading range query', () => {
  it('both dates are optional, and equal dates make a one-day range', () => {
    expect(firstIssue(readingRangeQuerySchema, {})).toBeNull();
    expect(firstIssue(readingRangeQuerySchema, { start_date: '2026-11-15' })).toBeNull();
    expect(firstIssue(readingRangeQuerySchema, { start_date: '2026-11-15', end_date: '2026-11-15' })).toBeNull();
  });

  it('an end before the start names end_date', () => {
    expect(firstIssue(readingRangeQuerySchema, { start_date: '2026-11-15', end_date: '2026-11-14' })).toBe(
      'end_date: must not be before start_date',
    );
  });

  it('a date that does not exist names its field', () => {
    expect(firstIssue(readingRangeQuerySchema, { start_date: '2026-11-31' })).toMatch(/^start_date: /);
  });
});
