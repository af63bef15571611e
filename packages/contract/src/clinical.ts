/**
 * Every clinical formula and threshold DiaCare shows, in one place, each with its source.
 * Pure functions over plain numbers, free of zod, shared by the server and the screens.
 * Units: glucose mg/dL, blood pressure mmHg, weight kg, height cm, BMI kg/m².
 */

/**
 * Rounds `value` to `decimals` places, half away from zero. Never
 * returns -0 (a tiny loss such as -0.04 kg rounds to 0, which Intl would show as "-0").
 */
export function roundTo(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor + 0;
}

/** Arithmetic mean of `values`, unrounded; null when there are none (never NaN). */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Body-mass index, kg/m², to one decimal: weight ÷ (height in metres)² (WHO, "A healthy
 * lifestyle – WHO recommendations"; docs/product.md "bmi (one decimal)").
 * @param weightKg weight in kg (> 0)
 * @param heightCm height in cm (> 0)
 */
export function bodyMassIndex(weightKg: number, heightCm: number): number {
  const heightM = heightCm / 100;
  return roundTo(weightKg / (heightM * heightM), 1);
}

export type MetricStatus = 'good' | 'warning' | 'alert';

/**
 * The glucose lines, mg/dL, the one set every glucose threshold derives from: the five bands of
 * the consensus report, < 54, 54–69, 70–180, 181–250, > 250 (Battelino T et al., Diabetes Care
 * 2019;42:1593–1603); 54 and 70 are also the ADA's level 2 and level 1 hypoglycaemia (Standards
 * of Care, §6). HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET, GLUCOSE_TARGET.low and the care alerts'
 * lines are these numbers.
 */
export const GLUCOSE_BANDS = { veryLow: 54, low: 70, high: 180, veryHigh: 250 } as const;

/** The glucose target (docs/product.md): good at or under 140 mg/dL; the target range reads 70–140. */
export const GLUCOSE_TARGET = { low: GLUCOSE_BANDS.low, high: 140 } as const;

/**
 * Status of one glucose reading. docs/product.md says 'good' at or under 140 mg/dL, else
 * 'warning'; that rule never thought of lows, so a reading under 70 mg/dL (ADA level 1 hypoglycaemia and
 * below, see HYPOGLYCAEMIA) is an 'alert' instead: a low must never read 'Good' (decision 011).
 */
export function glucoseStatus(latestMgDl: number): MetricStatus {
  if (glucoseAlert(latestMgDl)) return 'alert';
  return latestMgDl <= GLUCOSE_TARGET.high ? 'good' : 'warning';
}

/** The blood-pressure target (docs/product.md): good at or under 130/85 mmHg. */
export const BP_TARGET = { systolic: 130, diastolic: 85 } as const;

/**
 * Blood pressure far out of range, mmHg.
 * - severe: 180/120 or greater in either number is a hypertensive crisis (American Heart
 *   Association, "Hypertensive Crisis: When You Should Call 911 for High Blood Pressure";
 *   the "severe hypertension" of the ACC/AHA 2017 guideline, Whelton PK et al., Hypertension
 *   2018;71:e13–e115, §11.2 Hypertensive Crises). The line itself counts, as the AHA page says.
 * - low: under 90 systolic or under 60 diastolic is low blood pressure (hypotension:
 *   National Heart, Lung, and Blood Institute, "Low Blood Pressure", "lower than 90/60 mm Hg").
 * The goal for most people with diabetes is < 130/80 (ADA Standards of Care 2025, §10); the
 * spec's 'good' band (≤ 130/85, BP_TARGET) stays for everything in between.
 */
export const BP_ALERT = { severeSystolic: 180, severeDiastolic: 120, lowSystolic: 90, lowDiastolic: 60 } as const;

/**
 * Status of one blood-pressure reading: 'alert' when it is far out of range (bloodPressureAlert),
 * otherwise docs/product.md: 'good' when systolic ≤ 130 and diastolic ≤ 85 mmHg, else 'warning'.
 */
export function bloodPressureStatus(systolic: number, diastolic: number): MetricStatus {
  if (bloodPressureAlert(systolic, diastolic)) return 'alert';
  return systolic <= BP_TARGET.systolic && diastolic <= BP_TARGET.diastolic ? 'good' : 'warning';
}

/**
 * A reading that needs the person to act, not only a colour:
 * - 'very-low-glucose': under 54 mg/dL (ADA level 2 hypoglycaemia)
 * - 'low-glucose': 54–69 mg/dL (ADA level 1 hypoglycaemia)
 * - 'severe-high-bp': 180/120 mmHg or greater (hypertensive crisis, BP_ALERT)
 * - 'low-bp': under 90/60 mmHg (hypotension, BP_ALERT)
 */
export type ReadingAlert = 'very-low-glucose' | 'low-glucose' | 'severe-high-bp' | 'low-bp';

/** The alert for one glucose reading (mg/dL), or null when it is 70 or more (ADA §6 levels). */
export function glucoseAlert(valueMgDl: number): ReadingAlert | null {
  if (valueMgDl < HYPOGLYCAEMIA.veryLow) return 'very-low-glucose';
  return valueMgDl < HYPOGLYCAEMIA.low ? 'low-glucose' : null;
}

/**
 * The alert for one blood-pressure reading (mmHg), or null. A crisis wins over low when a
 * reading has both (e.g. 185/55): the high number is the danger to act on first.
 */
export function bloodPressureAlert(systolic: number, diastolic: number): ReadingAlert | null {
  if (systolic >= BP_ALERT.severeSystolic || diastolic >= BP_ALERT.severeDiastolic) return 'severe-high-bp';
  return systolic < BP_ALERT.lowSystolic || diastolic < BP_ALERT.lowDiastolic ? 'low-bp' : null;
}

/** BMI bands (docs/product.md; WHO adult classification): 25 overweight, 30 obese; healthy 18.5–24.9. */
export const BMI_BANDS = { healthyLow: 18.5, healthyHigh: 24.9, overweight: 25, obese: 30 } as const;

/** docs/product.md: weight is 'good' when BMI < 25, 'warning' when < 30, else 'alert'. */
export function bmiStatus(bmi: number): MetricStatus {
  if (bmi < BMI_BANDS.overweight) return 'good';
  return bmi < BMI_BANDS.obese ? 'warning' : 'alert';
}

/**
 * docs/product.md: weight change = latest minus previous weight, kg, to one decimal; 0 with
 * fewer than two readings.
 * @param weightsNewestFirst weights in kg, newest first (the API's order)
 */
export function weightChange(weightsNewestFirst: readonly number[]): number {
  const [latest, previous] = weightsNewestFirst;
  if (latest === undefined || previous === undefined) return 0;
  return roundTo(latest - previous, 1);
}

/** The trend icon beside a weight change. */
export function weightTrend(changeKg: number): 'up' | 'down' | 'flat' {
  if (changeKg > 0) return 'up';
  return changeKg < 0 ? 'down' : 'flat';
}

/**
 * The international consensus target range for time in range, 70–180 mg/dL (Battelino T
 * et al., "Clinical Targets for Continuous Glucose Monitoring Data Interpretation",
 * Diabetes Care 2019;42:1593–1603).
 */
export const TIME_IN_RANGE_TARGET = { low: GLUCOSE_BANDS.low, high: GLUCOSE_BANDS.high } as const;

/** Hypoglycaemia levels (ADA Standards of Care, §6): level 1 under 70, level 2 under 54 mg/dL. */
export const HYPOGLYCAEMIA = { low: GLUCOSE_BANDS.low, veryLow: GLUCOSE_BANDS.veryLow } as const;

export type GlucoseLevel = 'very-low' | 'low' | 'in-range' | 'high';

/**
 * Where one reading falls: 'very-low' under 54 mg/dL, 'low' under 70 (ADA level 2 and
 * level 1 hypoglycaemia), 'high' over 180 (above the consensus range), else 'in-range'.
 */
export function glucoseLevel(valueMgDl: number): GlucoseLevel {
  if (valueMgDl < HYPOGLYCAEMIA.veryLow) return 'very-low';
  if (valueMgDl < HYPOGLYCAEMIA.low) return 'low';
  return valueMgDl > TIME_IN_RANGE_TARGET.high ? 'high' : 'in-range';
}

export interface TimeInRange {
  /** Whole percentages of readings below 70, within 70–180, above 180 mg/dL; they add up to 100. */
  below: number;
  inRange: number;
  above: number;
  readings: number;
}

/**
 * Whole percentages of `counts` that add up to exactly 100 (when any count is above 0), by
 * the largest-remainder method — Hamilton's method of apportionment (Balinski ML, Young HP,
 * "Fair Representation: Meeting the Ideal of One Man, One Vote", 1982, ch. 2): each share
 * gets the whole part of its exact percentage, then the points still missing go one each to
 * the shares with the largest fractional parts. Ties go to the earlier share, so the result
 * is deterministic. Rounding each share alone can give 99 or 101 (⅓ each → 33 + 33 + 33).
 * @param counts non-negative integers; all zero (or none) gives all zeros
 * @returns one whole percentage per count, in the same order
 */
export function largestRemainderPercentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  // Integer arithmetic: count × 100 = whole × total + remainder, no floating-point error.
  const shares = counts.map((count, index) => ({
    index,
    whole: Math.floor((count * 100) / total),
    remainder: (count * 100) % total,
  }));
  let missing = 100 - shares.reduce((sum, share) => sum + share.whole, 0);
  const result = shares.map((share) => share.whole);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const share of byRemainder) {
    if (missing === 0) break;
    result[share.index]! += 1;
    missing -= 1;
  }
  return result;
}

/**
 * Share of readings below, within and above 70–180 mg/dL (Battelino 2019, applied to
 * finger-stick readings rather than CGM time), as whole percentages that add up to 100
 * (largestRemainderPercentages). Null when there are no readings.
 */
export function timeInRange(valuesMgDl: readonly number[]): TimeInRange | null {
  if (valuesMgDl.length === 0) return null;
  const below = valuesMgDl.filter((value) => value < TIME_IN_RANGE_TARGET.low).length;
  const above = valuesMgDl.filter((value) => value > TIME_IN_RANGE_TARGET.high).length;
  const [belowPercent, inRangePercent, abovePercent] = largestRemainderPercentages([
    below,
    valuesMgDl.length - below - above,
    above,
  ]) as [number, number, number];
  return { below: belowPercent, inRange: inRangePercent, above: abovePercent, readings: valuesMgDl.length };
}

/** Distinct days of readings an estimated A1c needs before it is shown. */
export const EA1C_MIN_DAYS = 14;

/**
 * Estimated A1c, %, to one decimal: (mean glucose mg/dL + 46.7) ÷ 28.7 (Nathan DM et al.,
 * "Translating the A1C assay into estimated average glucose values" — the ADAG study,
 * Diabetes Care 2008;31:1473–1478). An estimate, not a lab result: null unless the
 * readings cover at least 14 distinct days.
 * @param readings glucose readings with their calendar dates (YYYY-MM-DD)
 */
export function estimatedA1c(readings: readonly { value: number; date: string }[]): number | null {
  const days = new Set(readings.map((reading) => reading.date)).size;
  const average = mean(readings.map((reading) => reading.value));
  if (days < EA1C_MIN_DAYS || average === null) return null;
  return roundTo((average + 46.7) / 28.7, 1);
}

/**
 * Sample standard deviation (n − 1) of `values`, unrounded, in their unit; null with fewer
 * than two values. Glycaemic variability is reported as SD and CV (Danne T et al.,
 * "International Consensus on Use of Continuous Glucose Monitoring", Diabetes Care
 * 2017;40:1631–1640).
 */
export function standardDeviation(values: readonly number[]): number | null {
  const average = mean(values);
  if (average === null || values.length < 2) return null;
  const squares = values.reduce((sum, value) => sum + (value - average) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

/**
 * Coefficient of variation, %: SD ÷ mean × 100, unrounded; null with fewer than two values
 * (Danne 2017, as above). The consensus target is a CV of 36 % or less (Battelino T et al.,
 * International Consensus on Time in Range, Diabetes Care 2019;42:1593–1603).
 */
export function coefficientOfVariation(values: readonly number[]): number | null {
  const sd = standardDeviation(values);
  const average = mean(values);
  return sd === null || average === null || average === 0 ? null : (sd / average) * 100;
}

/** Consensus target for the coefficient of variation, % (Battelino 2019). */
export const CV_TARGET_PERCENT = 36;

/** Distinct days of readings a GMI needs before it is shown (Bergenstal 2018; Battelino 2019: 14 days). */
export const GMI_MIN_DAYS = 14;

/**
 * Whole percentages of `counts` that sum to exactly `total` (largest-remainder, or Hamilton,
 * apportionment): each share is floored, then the units left go to the largest remainders,
 * the earlier index first on a tie. All zeros when the counts sum to 0.
 */
function apportion(counts: readonly number[], total: number): number[] {
  const sum = counts.reduce((a, b) => a + b, 0);
  if (sum === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count / sum) * total);
  const shares = exact.map(Math.floor);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export interface TimeInFiveRanges {
  /** Whole percentages of readings in each band; they sum to 100. */
  veryLow: number;
  low: number;
  inRange: number;
  high: number;
  veryHigh: number;
  /** Readings in each band. */
  counts: { veryLow: number; low: number; inRange: number; high: number; veryHigh: number };
  readings: number;
}

/**
 * Share of readings in the five consensus bands: very low < 54, low 54–69, in range
 * 70–180, high 181–250, very high > 250 mg/dL (Battelino T et al., International Consensus
 * on Time in Range, Diabetes Care 2019;42:1593–1603; applied to finger-stick readings rather
 * than CGM time). Rounded so the five sum to 100: first below 70 / 70–180 / above 180 by
 * largest remainder, then each outer share split between its two bands the same way, so
 * "below 70" and "above 180" equal the three-band largest-remainder shares. Null with no
 * readings.
 */
export function timeInFiveRanges(valuesMgDl: readonly number[]): TimeInFiveRanges | null {
  if (valuesMgDl.length === 0) return null;
  const counts = { veryLow: 0, low: 0, inRange: 0, high: 0, veryHigh: 0 };
  for (const value of valuesMgDl) {
    if (value < GLUCOSE_BANDS.veryLow) counts.veryLow += 1;
    else if (value < GLUCOSE_BANDS.low) counts.low += 1;
    else if (value <= GLUCOSE_BANDS.high) counts.inRange += 1;
    else if (value <= GLUCOSE_BANDS.veryHigh) counts.high += 1;
    else counts.veryHigh += 1;
  }
  const [below, inRange, above] = apportion(
    [counts.veryLow + counts.low, counts.inRange, counts.high + counts.veryHigh],
    100,
  ) as [number, number, number];
  const [veryLow, low] = apportion([counts.veryLow, counts.low], below) as [number, number];
  const [high, veryHigh] = apportion([counts.high, counts.veryHigh], above) as [number, number];
  return { veryLow, low, inRange, high, veryHigh, counts, readings: valuesMgDl.length };
}

/**
 * The consensus targets for the five bands, whole % of CGM time (Battelino T et al.,
 * International Consensus on Time in Range, Diabetes Care 2019;42:1593–1603; ADA Standards of
 * Care 2025, §6): in range (70–180 mg/dL) over 70 %, below 70 under 4 %, below 54 under 1 %,
 * above 180 under 25 %, above 250 under 5 %. The lines are GLUCOSE_BANDS'.
 */
export const TIME_IN_RANGES_TARGETS = {
  inRangeAbove: 70,
  below70Under: 4,
  below54Under: 1,
  above180Under: 25,
  above250Under: 5,
} as const;

/**
 * Glucose management indicator, %, to one decimal: 3.31 + 0.02392 × mean CGM glucose (mg/dL)
 * (Bergenstal RM et al., "Glucose Management Indicator (GMI)", Diabetes Care
 * 2018;41:2275–2280). The paper asks for at least 14 days of CGM data; callers check that
 * (EA1C_MIN_DAYS is the same 14).
 * @param meanMgDl mean sensor glucose, mg/dL
 */
export function glucoseManagementIndicator(meanMgDl: number): number {
  return roundTo(3.31 + 0.02392 * meanMgDl, 1);
}

/** Each of the five bands' consensus goal, met or not (below 70 and above 180 count their two bands). */
export interface TimeInRangeGoals {
  veryLow: boolean;
  low: boolean;
  inRange: boolean;
  high: boolean;
  veryHigh: boolean;
}

/**
 * Whether each band meets its consensus goal (TIME_IN_RANGES_TARGETS), judged on the exact shares
 * of `counts` (readings per band), never on the rounded percentages: 4 of 652 readings below
 * 54 mg/dL (0.61 %) meet the < 1 % goal even where the whole-percent share shows 1 %.
 */
export function timeInRangeGoalsMet(counts: TimeInFiveRanges['counts']): TimeInRangeGoals {
  const T = TIME_IN_RANGES_TARGETS;
  const total = counts.veryLow + counts.low + counts.inRange + counts.high + counts.veryHigh;
  const share = (n: number) => (total === 0 ? 0 : (n / total) * 100);
  return {
    veryLow: share(counts.veryLow) < T.below54Under,
    low: share(counts.veryLow + counts.low) < T.below70Under,
    inRange: share(counts.inRange) > T.inRangeAbove,
    high: share(counts.high + counts.veryHigh) < T.above180Under,
    veryHigh: share(counts.veryHigh) < T.above250Under,
  };
}

/**
 * Self-monitoring glucose goals for many non-pregnant adults (ADA Standards of Care 2025, §6), mg/dL:
 * before meals (fasting included) 80–130; the peak 1–2 h after a meal starts under 180. Individualised.
 */
export const SELF_MONITORING_GOALS = { beforeMeal: { low: 80, high: 130 }, afterMealPeak: 180 } as const;

/** Blood-pressure goal for most people with diabetes: under 130/80 mmHg (ADA Standards of Care 2025, §10). */
export const BP_GOAL_ADA = { systolic: 130, diastolic: 80 } as const;

/**
 * Whole percentage of readings under the ADA goal, systolic < 130 and diastolic < 80 mmHg
 * (ADA Standards of Care in Diabetes 2025, §10 Cardiovascular Disease and Risk
 * Management); null with no readings.
 */
export function shareUnderBloodPressureGoal(
  readings: readonly { systolic: number; diastolic: number }[],
): number | null {
  if (readings.length === 0) return null;
  const under = readings.filter(
    (reading) => reading.systolic < BP_GOAL_ADA.systolic && reading.diastolic < BP_GOAL_ADA.diastolic,
  ).length;
  return roundTo((under / readings.length) * 100);
}
