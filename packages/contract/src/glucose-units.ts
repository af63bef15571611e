/**
 * Glucose in the user's unit: stored and judged in mg/dL, shown and entered in mg/dL (whole) or
 * mmol/L (one decimal); 1 mmol/L = 18.016 mg/dL (molar mass 180.16 g/mol). Free of zod, so Home can
 * import it. Decision 025.
 */
import { roundTo } from './clinical.ts';
import { GLUCOSE_BOUNDS } from './health-constants.ts';

/** The units glucose can be shown and entered in; readings are always stored in mg/dL. */
export const GLUCOSE_UNITS = ['mg/dL', 'mmol/L'] as const;
export type GlucoseUnit = (typeof GLUCOSE_UNITS)[number];

/** The unit a user has until they choose (mg/dL is the default; decision 025). */
export const DEFAULT_GLUCOSE_UNIT: GlucoseUnit = 'mg/dL';

/** mg/dL in 1 mmol/L of glucose: molar mass 180.16 g/mol ÷ 10 (IUPAC; see the module note). */
export const MG_DL_PER_MMOL_L = 18.016;

/** Decimal places a glucose value is shown and entered with, per unit. */
export const GLUCOSE_DECIMALS: Record<GlucoseUnit, number> = { 'mg/dL': 0, 'mmol/L': 1 };

/** The step of the log dialog's number input, per unit (one shown digit). */
export const GLUCOSE_INPUT_STEP: Record<GlucoseUnit, number> = { 'mg/dL': 1, 'mmol/L': 0.1 };

/** mg/dL → mmol/L, unrounded (÷ 18.016). */
export function mgDlToMmolL(mgDl: number): number {
  return mgDl / MG_DL_PER_MMOL_L;
}

/** mmol/L → mg/dL, unrounded (× 18.016). */
export function mmolLToMgDl(mmolL: number): number {
  return mmolL * MG_DL_PER_MMOL_L;
}

/**
 * A glucose value in mg/dL (a reading, an unrounded mean or a threshold) as the number shown
 * in `unit`: whole mg/dL, or mmol/L to one decimal. 99 → 5.5 mmol/L; 70 → 3.9; 180 → 10.0.
 */
export function glucoseInUnit(mgDl: number, unit: GlucoseUnit): number {
  return unit === 'mmol/L' ? roundTo(mgDlToMmolL(mgDl), 1) : roundTo(mgDl);
}

/**
 * A value the person typed in `unit` as the whole mg/dL the API stores: 5.5 mmol/L → 99.
 * Every one-decimal mmol/L value comes back unchanged (one step, 0.1 mmol/L, is 1.8 mg/dL,
 * wider than the whole-mg/dL rounding), which the round-trip tests prove.
 */
export function glucoseToMgDl(value: number, unit: GlucoseUnit): number {
  return roundTo(unit === 'mmol/L' ? mmolLToMgDl(value) : value);
}

/** The shown number as text, with its fixed decimals: '99', '5.5', '10.0'. */
export function formatGlucoseValue(mgDl: number, unit: GlucoseUnit): string {
  return glucoseInUnit(mgDl, unit).toFixed(GLUCOSE_DECIMALS[unit]);
}

/** The shown number with its unit: '99 mg/dL', '5.5 mmol/L'. */
export function formatGlucose(mgDl: number, unit: GlucoseUnit): string {
  return `${formatGlucoseValue(mgDl, unit)} ${unit}`;
}

/**
 * A range of two mg/dL thresholds in `unit`, with the unit: (70, 180) → '70–180 mg/dL' or
 * '3.9–10.0 mmol/L'. `separator` defaults to an en dash; docs/product.md's History target uses '-'.
 */
export function formatGlucoseRange(lowMgDl: number, highMgDl: number, unit: GlucoseUnit, separator = '–'): string {
  return `${formatGlucoseValue(lowMgDl, unit)}${separator}${formatGlucoseValue(highMgDl, unit)} ${unit}`;
}

/**
 * The inclusive bounds a value typed in `unit` must lie within: 20–600 mg/dL (GLUCOSE_BOUNDS),
 * 1.1–33.3 mmol/L. Each mmol/L bound is the mg/dL bound shown in mmol/L, and converts back
 * inside 20–600 (1.1 → 19.8 → 20; 33.3 → 599.9 → 600), one step beyond outside it.
 */
export function glucoseBoundsInUnit(unit: GlucoseUnit): readonly [number, number] {
  const [min, max] = GLUCOSE_BOUNDS.value;
  return [glucoseInUnit(min, unit), glucoseInUnit(max, unit)];
}
