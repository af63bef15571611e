/** Glucose in mg/dL or mmol/L: conversion, display and the round trip. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GLUCOSE_BANDS, HYPOGLYCAEMIA, GLUCOSE_TARGET, TIME_IN_RANGE_TARGET, glucoseLevel } from './clinical.ts';
import {
  formatGlucose,
  formatGlucoseRange,
  formatGlucoseValue,
  glucoseBoundsInUnit,
  glucoseInUnit,
  glucoseToMgDl,
  mgDlToMmolL,
  mmolLToMgDl,
} from './glucose-units.ts';
import { glucoseEntrySchema, glucoseInputSchema } from './health.ts';
import { GLUCOSE_BOUNDS } from './health-constants.ts';
import { english } from './i18n/english-for-tests.ts';

const [MIN_MG_DL, MAX_MG_DL] = GLUCOSE_BOUNDS.value;
const storedMgDl = fc.integer({ min: MIN_MG_DL, max: MAX_MG_DL });
/** Every one-decimal mmol/L value within the bounds, as tenths. */
const typedMmolL = fc.integer({ min: 11, max: 333 }).map((tenths) => tenths / 10);

describe('conversion (1 mmol/L = 18.016 mg/dL)', () => {
  it('divides and multiplies by 18.016', () => {
    expect(mgDlToMmolL(18.016)).toBe(1);
    expect(mmolLToMgDl(5.5)).toBeCloseTo(99.088, 9);
    expect(mgDlToMmolL(mmolLToMgDl(7.3))).toBeCloseTo(7.3, 12);
  });

  it('shows mg/dL whole and mmol/L with one decimal, as text with fixed decimals', () => {
    expect(glucoseInUnit(99, 'mmol/L')).toBe(5.5);
    expect(glucoseInUnit(99.4, 'mg/dL')).toBe(99);
    expect(glucoseInUnit(99.5, 'mg/dL')).toBe(100);
    expect(formatGlucoseValue(180, 'mmol/L')).toBe('10.0');
    expect(formatGlucoseValue(152, 'mg/dL')).toBe('152');
    expect(formatGlucose(99, 'mmol/L')).toBe('5.5 mmol/L');
    expect(formatGlucose(99, 'mg/dL')).toBe('99 mg/dL');
  });

  it('gives the thresholds and ranges the screens name, in each unit', () => {
    expect(formatGlucoseRange(TIME_IN_RANGE_TARGET.low, TIME_IN_RANGE_TARGET.high, 'mg/dL')).toBe('70–180 mg/dL');
    expect(formatGlucoseRange(TIME_IN_RANGE_TARGET.low, TIME_IN_RANGE_TARGET.high, 'mmol/L')).toBe('3.9–10.0 mmol/L');
    expect(formatGlucoseRange(GLUCOSE_TARGET.low, GLUCOSE_TARGET.high, 'mmol/L', '-')).toBe('3.9-7.8 mmol/L');
    expect(formatGlucoseValue(HYPOGLYCAEMIA.low, 'mmol/L')).toBe('3.9');
    expect(formatGlucoseValue(HYPOGLYCAEMIA.veryLow, 'mmol/L')).toBe('3.0');
    expect(formatGlucoseValue(GLUCOSE_BANDS.veryHigh, 'mmol/L')).toBe('13.9');
  });

  it('bounds 20–600 mg/dL read 1.1–33.3 mmol/L, and one step beyond lies outside 20–600', () => {
    expect(glucoseBoundsInUnit('mg/dL')).toEqual([20, 600]);
    expect(glucoseBoundsInUnit('mmol/L')).toEqual([1.1, 33.3]);
    expect(glucoseToMgDl(1.1, 'mmol/L')).toBe(20);
    expect(glucoseToMgDl(33.3, 'mmol/L')).toBe(600);
    expect(glucoseToMgDl(1.0, 'mmol/L')).toBeLessThan(MIN_MG_DL);
    expect(glucoseToMgDl(33.4, 'mmol/L')).toBeGreaterThan(MAX_MG_DL);
  });
});

describe('round trip', () => {
  it('log 5.5 mmol/L → stored 99 mg/dL → shown 5.5', () => {
    const stored = glucoseToMgDl(5.5, 'mmol/L');
    expect(stored).toBe(99);
    expect(formatGlucoseValue(stored, 'mmol/L')).toBe('5.5');
  });

  it('any stored mg/dL → shown mmol/L → typed back → stored → shows the same', () => {
    fc.assert(
      fc.property(storedMgDl, (mgDl) => {
        const shown = glucoseInUnit(mgDl, 'mmol/L');
        const storedAgain = glucoseToMgDl(shown, 'mmol/L');
        expect(storedAgain).toBeGreaterThanOrEqual(MIN_MG_DL);
        expect(storedAgain).toBeLessThanOrEqual(MAX_MG_DL);
        expect(glucoseInUnit(storedAgain, 'mmol/L')).toBe(shown);
        // Never further than half a display step (0.05 mmol/L = 0.9 mg/dL) from the original.
        expect(Math.abs(storedAgain - mgDl)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });

  it('any typed one-decimal mmol/L within bounds → stored mg/dL within 20–600 → shown as typed', () => {
    fc.assert(
      fc.property(typedMmolL, (typed) => {
        const stored = glucoseToMgDl(typed, 'mmol/L');
        expect(Number.isInteger(stored)).toBe(true);
        expect(stored).toBeGreaterThanOrEqual(MIN_MG_DL);
        expect(stored).toBeLessThanOrEqual(MAX_MG_DL);
        expect(glucoseInUnit(stored, 'mmol/L')).toBe(typed);
      }),
      { numRuns: 2000 },
    );
  });

  it('mg/dL is the identity both ways', () => {
    fc.assert(
      fc.property(storedMgDl, (mgDl) => {
        expect(glucoseToMgDl(glucoseInUnit(mgDl, 'mg/dL'), 'mg/dL')).toBe(mgDl);
        expect(formatGlucoseValue(mgDl, 'mg/dL')).toBe(String(mgDl));
      }),
    );
  });

  it('a value typed at a shown threshold falls on the same side as the threshold (lows: 3.9, 3.0)', () => {
    // Entered in mmol/L, the shown band edges classify as the mg/dL thresholds do.
    expect(glucoseLevel(glucoseToMgDl(3.9, 'mmol/L'))).toBe('in-range');
    expect(glucoseLevel(glucoseToMgDl(3.8, 'mmol/L'))).toBe('low');
    expect(glucoseLevel(glucoseToMgDl(3.0, 'mmol/L'))).toBe('low');
    expect(glucoseLevel(glucoseToMgDl(2.9, 'mmol/L'))).toBe('very-low');
    expect(glucoseLevel(glucoseToMgDl(10.0, 'mmol/L'))).toBe('in-range');
    expect(glucoseLevel(glucoseToMgDl(10.1, 'mmol/L'))).toBe('high');
  });
});

describe('glucoseEntrySchema', () => {
  const base = { meal_context: 'Fasting', date: '2026-11-20', time: '07:45' } as const;

  it('in mg/dL is the API schema itself', () => {
    expect(glucoseEntrySchema('mg/dL')).toBe(glucoseInputSchema);
  });

  it('in mmol/L converts the typed value to whole mg/dL', () => {
    expect(glucoseEntrySchema('mmol/L').parse({ ...base, value: 5.5 })).toMatchObject({ value: 99 });
    const parsed = glucoseEntrySchema('mmol/L').parse({ ...base, value: 33.3 });
    // The converted payload passes the API's own schema.
    expect(glucoseInputSchema.parse(parsed).value).toBe(600);
  });

  it('in mmol/L refuses values out of bounds or with two decimals, naming the unit', () => {
    const messages = (value: unknown) =>
      glucoseEntrySchema('mmol/L')
        .safeParse({ ...base, value })
        .error?.issues.map((issue) => english(issue.message));
    expect(messages(1.0)).toEqual(['must be at least 1.1 mmol/L']);
    expect(messages(33.4)).toEqual(['must be at most 33.3 mmol/L']);
    expect(messages(5.55)).toEqual(['must have at most one decimal place']);
    expect(messages(undefined)).toEqual(['is required']);
  });

  it('in mmol/L every accepted value converts into the API bounds', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 40, noNaN: true }), (value) => {
        const result = glucoseEntrySchema('mmol/L').safeParse({ ...base, value });
        if (result.success) expect(glucoseInputSchema.safeParse(result.data).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
