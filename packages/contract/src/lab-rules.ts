/**
 * Laboratory results: the tests DiaCare records, each with its LOINC code,
 * UCUM unit and plausibility bounds, and the clinical arithmetic on them. Free of zod.
 */
import { roundTo } from './clinical.ts';

/** The lab tests a person can record, in the order the form lists them. */
export const LAB_TESTS = [
  'hba1c',
  'fasting_glucose',
  'total_cholesterol',
  'ldl_cholesterol',
  'hdl_cholesterol',
  'triglycerides',
  'creatinine',
  'uacr',
] as const;
export type LabTest = (typeof LAB_TESTS)[number];

/** One unit a test may be entered in: its inclusive bounds and the decimals a lab prints. */
export interface LabUnitRule {
  /** UCUM code, also what the API's `unit` field holds */
  unit: string;
  bounds: readonly [number, number];
  decimals: number;
}

export interface LabTestRule {
  /** LOINC code of the stored result (loinc.org) */
  loinc: string;
  /** LOINC's short name, for FHIR `code.display` */
  display: string;
  /** The stored unit first; others are converted into it (HbA1c mmol/mol → %). */
  units: readonly [LabUnitRule, ...LabUnitRule[]];
}

/**
 * Each test's LOINC code and units. Bounds refuse typing slips (a lost decimal point) while
 * admitting the extremes laboratories report; their sources are in
 * docs/decisions/045-lab-results-and-egfr.md. HbA1c follows the issue: 3–20 % or 9–195 mmol/mol.
 */
export const LAB_TEST_RULES: Record<LabTest, LabTestRule> = {
  hba1c: {
    loinc: '4548-4',
    display: 'Hemoglobin A1c/Hemoglobin.total in Blood',
    units: [
      { unit: '%', bounds: [3, 20], decimals: 1 },
      { unit: 'mmol/mol', bounds: [9, 195], decimals: 0 },
    ],
  },
  fasting_glucose: {
    loinc: '1558-6',
    display: 'Fasting glucose [Mass/volume] in Serum or Plasma',
    units: [{ unit: 'mg/dL', bounds: [20, 600], decimals: 0 }],
  },
  total_cholesterol: {
    loinc: '2093-3',
    display: 'Cholesterol [Mass/volume] in Serum or Plasma',
    units: [{ unit: 'mg/dL', bounds: [50, 1000], decimals: 1 }],
  },
  ldl_cholesterol: {
    loinc: '2089-1',
    display: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma',
    units: [{ unit: 'mg/dL', bounds: [10, 1000], decimals: 1 }],
  },
  hdl_cholesterol: {
    loinc: '2085-9',
    display: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
    units: [{ unit: 'mg/dL', bounds: [5, 250], decimals: 1 }],
  },
  triglycerides: {
    loinc: '2571-8',
    display: 'Triglyceride [Mass/volume] in Serum or Plasma',
    units: [{ unit: 'mg/dL', bounds: [10, 10000], decimals: 1 }],
  },
  creatinine: {
    loinc: '2160-0',
    display: 'Creatinine [Mass/volume] in Serum or Plasma',
    units: [{ unit: 'mg/dL', bounds: [0.1, 25], decimals: 2 }],
  },
  uacr: {
    loinc: '9318-7',
    display: 'Albumin/Creatinine [Mass Ratio] in Urine',
    units: [{ unit: 'mg/g', bounds: [0, 10000], decimals: 1 }],
  },
};

/** eGFR by CKD-EPI 2021 (creatinine), mL/min/1.73 m²: LOINC 98979-8, UCUM mL/min/{1.73_m2}. */
export const EGFR_LOINC = '98979-8';
export const EGFR_UCUM = 'mL/min/{1.73_m2}';

/** The unit rule of `test` for `unit`, or undefined when the test is not entered in that unit. */
export function labUnitRule(test: LabTest, unit: string): LabUnitRule | undefined {
  return LAB_TEST_RULES[test].units.find((rule) => rule.unit === unit);
}

/** True when `value` has at most `decimals` decimal places (7.25 has two). */
export function hasDecimalsAtMost(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * HbA1c from IFCC units to NGSP %, one decimal: NGSP % = IFCC ÷ 10.929 + 2.15 (the
 * IFCC–NGSP master equation, Hoelzel W et al., Clin Chem 2004;50:166–174). 53 mmol/mol → 7.0 %.
 * @param ifccMmolMol HbA1c in mmol/mol
 */
export function hba1cIfccToNgsp(ifccMmolMol: number): number {
  return roundTo(ifccMmolMol / 10.929 + 2.15, 1);
}

/**
 * HbA1c from NGSP % to IFCC mmol/mol, whole: IFCC = 10.929 × (NGSP − 2.15) (same source).
 * 7.0 % → 53 mmol/mol.
 */
export function hba1cNgspToIfcc(ngspPercent: number): number {
  return roundTo(10.929 * (ngspPercent - 2.15));
}

/**
 * A result as stored: in its test's first unit (HbA1c in %, converted from mmol/mol), rounded
 * to that unit's decimals.
 * @throws Error when `unit` is not one of the test's units (the schema refuses it first)
 */
export function storedLabValue(test: LabTest, value: number, unit: string): { value: number; unit: string } {
  const [stored] = LAB_TEST_RULES[test].units;
  if (unit === stored.unit) return { value: roundTo(value, stored.decimals), unit };
  if (test === 'hba1c' && unit === 'mmol/mol') return { value: hba1cIfccToNgsp(value), unit: stored.unit };
  throw new Error(`no conversion of ${test} from ${unit}`);
}

/** Ages the CKD-EPI equations were developed for: adults (Inker 2021). */
export const EGFR_MIN_AGE = 18;

/**
 * Estimated GFR, mL/min/1.73 m², whole: the CKD-EPI 2021 creatinine equation, which has no
 * race term (Inker LA et al., N Engl J Med 2021;385:1737–1749):
 * 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age [× 1.012 if female],
 * κ 0.7 (female) or 0.9 (male), α −0.241 (female) or −0.302 (male).
 * Null when the profile lacks what the equation needs: an age of 18 or more and a sex of
 * male or female.
 * @param creatinineMgDl serum creatinine, mg/dL
 * @param age whole years, from the profile
 * @param sex from the profile ('male' | 'female' | 'other' | null)
 */
export function egfrCkdEpi2021(creatinineMgDl: number, age: number | null, sex: string | null): number | null {
  if (age === null || age < EGFR_MIN_AGE || (sex !== 'male' && sex !== 'female')) return null;
  const female = sex === 'female';
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const ratio = creatinineMgDl / kappa;
  const egfr = 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** age * (female ? 1.012 : 1);
  return roundTo(egfr);
}

/** Words in a lab appointment's title that name a test, checked in this order (English and Hindi spellings). */
const TITLE_WORDS: readonly [RegExp, LabTest][] = [
  [/a1c|glycated|glycosylated|ग्लाइकेटेड/i, 'hba1c'],
  [/\bldl\b/i, 'ldl_cholesterol'],
  [/\bhdl\b/i, 'hdl_cholesterol'],
  [/triglycerid/i, 'triglycerides'],
  [/lipid|cholesterol|कोलेस्ट्रॉल/i, 'total_cholesterol'],
  [/albumin|acr|microalb|urine/i, 'uacr'],
  [/creatinine|kidney|renal|kft|rft|egfr|किडनी/i, 'creatinine'],
  [/fasting|fbs|fpg|sugar|glucose|शुगर/i, 'fasting_glucose'],
];

/**
 * The test a lab appointment most likely measured, from its title ('HbA1c test' → hba1c,
 * 'Lipid profile' → total_cholesterol); HbA1c when the title names none, the test a diabetes
 * visit most often asks for. Only a starting choice: the form lets the person change it.
 */
export function labTestFromTitle(title: string): LabTest {
  return TITLE_WORDS.find(([pattern]) => pattern.test(title))?.[1] ?? 'hba1c';
}
