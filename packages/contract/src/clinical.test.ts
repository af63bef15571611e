/**
 * Clinical formulas and thresholds (clinical.ts). Every expected value is worked out by
 * hand in the comment beside it, never by calling the function under test.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bloodPressureAlert,
  bloodPressureStatus,
  bmiStatus,
  bodyMassIndex,
  estimatedA1c,
  glucoseAlert,
  glucoseLevel,
  glucoseStatus,
  largestRemainderPercentages,
  mean,
  roundTo,
  timeInRange,
  weightChange,
  weightTrend,
} from './clinical.ts';

describe('roundTo', () => {
  it('rounds halves away from zero', () => {
    expect(roundTo(2.5)).toBe(3);
    expect(roundTo(-2.5)).toBe(-3);
    expect(roundTo(0.5)).toBe(1);
    // 1.25 and 24.25 are exact in binary, so these are true halves.
    expect(roundTo(1.25, 1)).toBe(1.3);
    expect(roundTo(-1.25, 1)).toBe(-1.3);
    expect(roundTo(24.25, 1)).toBe(24.3);
  });

  it('rounds below a half down and above it up', () => {
    expect(roundTo(2.49)).toBe(2);
    expect(roundTo(2.51)).toBe(3);
    expect(roundTo(24.24, 1)).toBe(24.2);
    expect(roundTo(24.26, 1)).toBe(24.3);
    expect(roundTo(-24.26, 1)).toBe(-24.3);
  });

  it('rounds to whole numbers by default and leaves whole numbers alone', () => {
    expect(roundTo(126.4)).toBe(126);
    expect(roundTo(70, 1)).toBe(70);
    expect(roundTo(0)).toBe(0);
  });

  it('a small negative value rounds to 0, not -0', () => {
    // toBe compares with Object.is, which tells -0 from 0.
    expect(roundTo(-0.04, 1)).toBe(0);
    expect(roundTo(-0.4)).toBe(0);
  });
});

describe('mean', () => {
  it('of no values is null, never NaN', () => {
    expect(mean([])).toBeNull();
  });

  it('is the plain average, unrounded', () => {
    expect(mean([100, 150, 125])).toBe(125);
    expect(mean([1, 2])).toBe(1.5);
    expect(mean([98])).toBe(98);
  });
});

describe('body-mass index', () => {
  it('is weight ÷ height in metres squared, to one decimal', () => {
    // 70 ÷ 1.70² = 70 ÷ 2.89 = 24.221…
    expect(bodyMassIndex(70, 170)).toBe(24.2);
    // 50 ÷ 1.60² = 50 ÷ 2.56 = 19.531…
    expect(bodyMassIndex(50, 160)).toBe(19.5);
    // 72.5 ÷ 1.725² = 72.5 ÷ 2.975625 = 24.364…
    expect(bodyMassIndex(72.5, 172.5)).toBe(24.4);
    // 81.3 ÷ 1.65² = 81.3 ÷ 2.7225 = 29.862…
    expect(bodyMassIndex(81.3, 165)).toBe(29.9);
  });

  it('a BMI that falls on a half rounds up', () => {
    // 97 ÷ 2.00² = 24.25 exactly.
    expect(bodyMassIndex(97, 200)).toBe(24.3);
  });

  it('holds at the bounds the API accepts', () => {
    // 2 ÷ 2.50² = 0.32; 400 ÷ 0.50² = 1600.
    expect(bodyMassIndex(2, 250)).toBe(0.3);
    expect(bodyMassIndex(400, 50)).toBe(1600);
  });
});

describe('metric status', () => {
  it('glucose is good from 70 up to 140 mg/dL and a warning from 141', () => {
    expect(glucoseStatus(70)).toBe('good');
    expect(glucoseStatus(100)).toBe('good');
    expect(glucoseStatus(140)).toBe('good');
    expect(glucoseStatus(141)).toBe('warning');
  });

  it('blood pressure is good at 130/85 and a warning when either number is higher', () => {
    expect(bloodPressureStatus(130, 85)).toBe('good');
    expect(bloodPressureStatus(118, 76)).toBe('good');
    expect(bloodPressureStatus(131, 85)).toBe('warning');
    expect(bloodPressureStatus(130, 86)).toBe('warning');
    expect(bloodPressureStatus(150, 95)).toBe('warning');
    expect(bloodPressureStatus(179, 119)).toBe('warning');
  });

  it('a low glucose reading is never good: under 70 mg/dL is an alert', () => {
    // The product rule "good when ≤ 140" alone showed 55 as good (decision 011).
    expect(glucoseStatus(69)).toBe('alert');
    expect(glucoseStatus(55)).toBe('alert');
    expect(glucoseStatus(54)).toBe('alert');
    expect(glucoseStatus(53)).toBe('alert');
    expect(glucoseStatus(20)).toBe('alert');
  });

  it('blood pressure far out of range is an alert, high or low', () => {
    expect(bloodPressureStatus(180, 100)).toBe('alert');
    expect(bloodPressureStatus(150, 120)).toBe('alert');
    expect(bloodPressureStatus(85, 70)).toBe('alert');
    expect(bloodPressureStatus(100, 55)).toBe('alert');
    expect(bloodPressureStatus(90, 60)).toBe('good');
  });

  it('BMI is good under 25, a warning from 25 to under 30, and an alert from 30', () => {
    expect(bmiStatus(18.4)).toBe('good');
    expect(bmiStatus(24.9)).toBe('good');
    expect(bmiStatus(25)).toBe('warning');
    expect(bmiStatus(29.9)).toBe('warning');
    expect(bmiStatus(30)).toBe('alert');
    expect(bmiStatus(41.2)).toBe('alert');
  });
});

describe('reading alerts (ADA §6 hypoglycaemia levels; AHA hypertensive crisis; NHLBI low blood pressure)', () => {
  it('glucose: very low under 54, low from 54 to 69, none from 70', () => {
    expect(glucoseAlert(20)).toBe('very-low-glucose');
    expect(glucoseAlert(53)).toBe('very-low-glucose');
    expect(glucoseAlert(54)).toBe('low-glucose');
    expect(glucoseAlert(69)).toBe('low-glucose');
    expect(glucoseAlert(70)).toBeNull();
    expect(glucoseAlert(400)).toBeNull();
  });

  it('blood pressure: 180/120 or greater in either number is a crisis, the line included', () => {
    expect(bloodPressureAlert(180, 80)).toBe('severe-high-bp');
    expect(bloodPressureAlert(130, 120)).toBe('severe-high-bp');
    expect(bloodPressureAlert(220, 130)).toBe('severe-high-bp');
    expect(bloodPressureAlert(179, 119)).toBeNull();
  });

  it('blood pressure: under 90 systolic or under 60 diastolic is low; 90/60 itself is not', () => {
    expect(bloodPressureAlert(89, 70)).toBe('low-bp');
    expect(bloodPressureAlert(110, 59)).toBe('low-bp');
    expect(bloodPressureAlert(90, 60)).toBeNull();
  });

  it('a crisis wins when one number is very high and the other low', () => {
    expect(bloodPressureAlert(185, 55)).toBe('severe-high-bp');
  });
});

describe('weight change (latest minus previous)', () => {
  it('is 0 with no readings or one reading', () => {
    expect(weightChange([])).toBe(0);
    expect(weightChange([70.4])).toBe(0);
  });

  it('is the newest minus the one before, ignoring older readings', () => {
    expect(weightChange([71.3, 70, 60])).toBe(1.3);
    expect(weightChange([69.5, 70.5])).toBe(-1);
  });

  it('is rounded to one decimal, hiding floating-point noise', () => {
    // 70.4 − 70.2 is 0.20000000000000284 in floating point.
    expect(weightChange([70.4, 70.2])).toBe(0.2);
    expect(weightChange([70.2, 70.4])).toBe(-0.2);
    expect(weightChange([70.1, 70.1])).toBe(0);
  });

  it('the trend follows the sign of the change', () => {
    expect(weightTrend(0.2)).toBe('up');
    expect(weightTrend(-0.2)).toBe('down');
    expect(weightTrend(0)).toBe('flat');
  });
});

describe('glucose level of one reading', () => {
  it('is very low under 54, low under 70, in range to 180 and high above', () => {
    expect(glucoseLevel(53)).toBe('very-low');
    expect(glucoseLevel(54)).toBe('low');
    expect(glucoseLevel(69)).toBe('low');
    expect(glucoseLevel(70)).toBe('in-range');
    expect(glucoseLevel(180)).toBe('in-range');
    expect(glucoseLevel(181)).toBe('high');
  });
});

describe('time in range (70–180 mg/dL)', () => {
  it('is null with no readings', () => {
    expect(timeInRange([])).toBeNull();
  });

  it('counts 70 and 180 as in range, and 69 and 181 as out', () => {
    // Below: 50, 69. In range: 70, 100, 140, 180. Above: 181, 250. 2/8, 4/8, 2/8.
    expect(timeInRange([50, 69, 70, 100, 180, 181, 250, 140])).toEqual({
      below: 25,
      inRange: 50,
      above: 25,
      readings: 8,
    });
  });

  it('gives whole percentages that add up to 100', () => {
    // One of three each: 33.3… each, remainders tie, the first share (below) takes the last point.
    // Rounding each alone gave 33 + 33 + 33 = 99.
    expect(timeInRange([60, 100, 200])).toEqual({ below: 34, inRange: 33, above: 33, readings: 3 });
    // Two of three in range: 33.3… and 66.6… → 33 and 67.
    expect(timeInRange([60, 100, 120])).toEqual({ below: 33, inRange: 67, above: 0, readings: 3 });
    // 1 of 6 below (16.67), 4 of 6 in range (66.67), 1 of 6 above (16.67):
    // rounding each alone gives 17 + 67 + 17 = 101; wholes 16 + 66 + 16 = 98, the two missing
    // points go to the equal remainders in order: below, then in range.
    expect(timeInRange([50, 100, 110, 120, 130, 200])).toEqual({ below: 17, inRange: 67, above: 16, readings: 6 });
  });

  it('always adds up to exactly 100 when there are readings (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 20, max: 600 }), { minLength: 1, maxLength: 500 }), (values) => {
        const tir = timeInRange(values)!;
        expect(tir.below + tir.inRange + tir.above).toBe(100);
        expect(tir.readings).toBe(values.length);
      }),
    );
  });
});

describe('largest-remainder percentages (Hamilton)', () => {
  it('hands the missing points to the largest remainders', () => {
    // 2/7 = 28.57, 2/7 = 28.57, 3/7 = 42.86: wholes 28 + 28 + 42 = 98; remainders .57, .57, .86
    // → the third, then the first of the two equal ones: 29, 28, 43.
    expect(largestRemainderPercentages([2, 2, 3])).toEqual([29, 28, 43]);
    // Exact shares need nothing: 1/4, 3/4.
    expect(largestRemainderPercentages([1, 3])).toEqual([25, 75]);
  });

  it('gives zeros when there is nothing to share', () => {
    expect(largestRemainderPercentages([0, 0, 0])).toEqual([0, 0, 0]);
    expect(largestRemainderPercentages([])).toEqual([]);
  });

  it('sums to 100, and each share is its exact percentage rounded down or up (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 8 }), (counts) => {
        fc.pre(counts.some((count) => count > 0));
        const total = counts.reduce((sum, count) => sum + count, 0);
        const shares = largestRemainderPercentages(counts);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(100);
        shares.forEach((share, i) => {
          const exact = (counts[i]! * 100) / total;
          expect(share === Math.floor(exact) || share === Math.ceil(exact)).toBe(true);
        });
      }),
    );
  });
});

describe('estimated A1c (ADAG: (mean mg/dL + 46.7) ÷ 28.7)', () => {
  /** One reading per day for `days` days from 2026-11-01, values cycling through `values`. */
  const daily = (days: number, values: number[]) =>
    Array.from({ length: days }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      value: values[i % values.length]!,
    }));

  it('a mean of 154 mg/dL over 14 days is 7.0 %', () => {
    // Mean of 130 and 178 alternating is 154; (154 + 46.7) ÷ 28.7 = 200.7 ÷ 28.7 = 6.993…
    expect(estimatedA1c(daily(14, [130, 178]))).toBe(7);
  });

  it('a mean of 200 mg/dL is 8.6 %', () => {
    // (200 + 46.7) ÷ 28.7 = 246.7 ÷ 28.7 = 8.595…
    expect(estimatedA1c(daily(20, [200]))).toBe(8.6);
  });

  it('averages every reading, several on one day included', () => {
    // 14 days at 100, plus three more readings of 240 on day 1: (1400 + 720) ÷ 17 = 124.705…;
    // (124.705… + 46.7) ÷ 28.7 = 171.405… ÷ 28.7 = 5.972… → 6.0.
    const readings = [...daily(14, [100]), ...Array.from({ length: 3 }, () => ({ date: '2026-11-01', value: 240 }))];
    expect(estimatedA1c(readings)).toBe(6);
  });

  it('is null below 14 distinct days, however many readings there are', () => {
    expect(estimatedA1c([])).toBeNull();
    const thirteenDays = daily(13, [154]);
    const manyOnThirteenDays = [...thirteenDays, ...thirteenDays, ...thirteenDays];
    expect(estimatedA1c(manyOnThirteenDays)).toBeNull();
  });
});
