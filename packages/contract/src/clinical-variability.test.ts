/**
 * The doctor report's statistics in clinical.ts: SD, CV, the five consensus glucose bands
 * and the ADA blood-pressure goal. Expected values are worked out by hand beside each.
 */
import { describe, expect, it } from 'vitest';
import {
  coefficientOfVariation,
  shareUnderBloodPressureGoal,
  standardDeviation,
  timeInFiveRanges,
} from './clinical.ts';

describe('standardDeviation and coefficientOfVariation', () => {
  it('uses the sample (n − 1) formula', () => {
    // 100, 120, 140: mean 120; squares 400 + 0 + 400 = 800; 800 ÷ 2 = 400; √400 = 20.
    expect(standardDeviation([100, 120, 140])).toBe(20);
    // CV = 20 ÷ 120 × 100 = 16.666…
    expect(coefficientOfVariation([100, 120, 140])).toBeCloseTo(16.6667, 3);
  });

  it('is 0 for equal values and null with fewer than two', () => {
    expect(standardDeviation([150, 150])).toBe(0);
    expect(standardDeviation([150])).toBeNull();
    expect(standardDeviation([])).toBeNull();
    expect(coefficientOfVariation([150])).toBeNull();
  });
});

describe('timeInFiveRanges', () => {
  it('puts the band edges where the consensus does', () => {
    // 53 very low; 54 and 69 low; 70 and 180 in range; 181 and 250 high; 251 very high.
    const result = timeInFiveRanges([53, 54, 69, 70, 180, 181, 250, 251])!;
    expect(result.counts).toEqual({ veryLow: 1, low: 2, inRange: 2, high: 2, veryHigh: 1 });
    // 1/8 = 12.5, 2/8 = 25 …: the three-band step gives below 37.5, in 25, above 37.5
    // → floors 37, 25, 37 (99); the one unit left goes to the first largest remainder
    // (below, .5) → 38/25/37. Below 38 splits 1:2 → 12.67, 25.33 → 12 + 25 = 37, one left
    // to very low (.67) → 13/25. Above 37 splits 2:1 → 24.67, 12.33 → 24 + 12, one to high → 25/12.
    expect([result.veryLow, result.low, result.inRange, result.high, result.veryHigh]).toEqual([13, 25, 25, 25, 12]);
  });

  it('always sums to 100 where independent rounding would not', () => {
    // Thirds: independent rounding gives 33 + 33 + 33 = 99.
    const result = timeInFiveRanges([60, 120, 200])!;
    expect(result.low + result.inRange + result.high).toBe(100);
    expect(result.veryLow + result.veryHigh).toBe(0);
    // Each third is 33.33…: floors 33 × 3 = 99; the unit goes to the first (below) → 34/33/33.
    expect([result.low, result.inRange, result.high]).toEqual([34, 33, 33]);
  });

  it('is null with no readings', () => {
    expect(timeInFiveRanges([])).toBeNull();
  });
});

describe('shareUnderBloodPressureGoal', () => {
  it('counts readings under 130/80 only (ADA 2025 §10)', () => {
    // 129/79 under; 130/79 and 129/80 are at the goal, not under; 150/95 over → 1 of 4 = 25 %.
    expect(
      shareUnderBloodPressureGoal([
        { systolic: 129, diastolic: 79 },
        { systolic: 130, diastolic: 79 },
        { systolic: 129, diastolic: 80 },
        { systolic: 150, diastolic: 95 },
      ]),
    ).toBe(25);
    expect(shareUnderBloodPressureGoal([])).toBeNull();
  });
});
