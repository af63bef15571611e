/**
 * Lab arithmetic (lab-rules.ts; decision 045): the IFCC–NGSP master equation against the
 * published HbA1c conversion table, and CKD-EPI 2021 against published calculator results.
 */
import { describe, expect, it } from 'vitest';
import {
  LAB_TESTS,
  LAB_TEST_RULES,
  egfrCkdEpi2021,
  hba1cIfccToNgsp,
  hba1cNgspToIfcc,
  labTestFromTitle,
  storedLabValue,
} from './lab-rules.ts';

// The NGSP/IFCC table (ngsp.org, "IFCC Standardization of HbA1c"): % ↔ mmol/mol.
const NGSP_IFCC_TABLE: [number, number][] = [
  [5.0, 31],
  [6.0, 42],
  [6.5, 48],
  [7.0, 53],
  [8.0, 64],
  [9.0, 75],
  [10.0, 86],
  [12.0, 108],
];

describe('HbA1c units', () => {
  it.each(NGSP_IFCC_TABLE)('%s %% is %s mmol/mol, both ways', (ngsp, ifcc) => {
    expect(hba1cIfccToNgsp(ifcc)).toBe(ngsp);
    expect(hba1cNgspToIfcc(ngsp)).toBe(ifcc);
  });

  it('the bounds in mmol/mol (9–195) are the bounds in % (3–20) after conversion', () => {
    const [percent, ifcc] = LAB_TEST_RULES.hba1c.units;
    expect(hba1cIfccToNgsp(ifcc!.bounds[0])).toBe(percent.bounds[0]);
    expect(hba1cIfccToNgsp(ifcc!.bounds[1])).toBe(percent.bounds[1]);
  });

  it('is stored in %: mmol/mol converted, % kept to one decimal', () => {
    expect(storedLabValue('hba1c', 53, 'mmol/mol')).toEqual({ value: 7, unit: '%' });
    expect(storedLabValue('hba1c', 7.4, '%')).toEqual({ value: 7.4, unit: '%' });
    expect(() => storedLabValue('creatinine', 88, 'µmol/L')).toThrow();
  });
});

describe('eGFR, CKD-EPI 2021', () => {
  it('matches the National Kidney Foundation calculator: male, 55, creatinine 1.2 mg/dL → 71', () => {
    expect(egfrCkdEpi2021(1.2, 55, 'male')).toBe(71);
  });

  it('uses the female constants (κ 0.7, α −0.241, × 1.012) on both sides of κ', () => {
    // 142 × (0.6/0.7)^−0.241 × 0.9938^40 × 1.012 and 142 × (1.0/0.7)^−1.2 × 0.9938^50 × 1.012.
    expect(egfrCkdEpi2021(0.6, 40, 'female')).toBe(116);
    expect(egfrCkdEpi2021(1.0, 50, 'female')).toBe(69);
  });

  it('falls with age and with creatinine', () => {
    expect(egfrCkdEpi2021(1.0, 70, 'male')!).toBeLessThan(egfrCkdEpi2021(1.0, 40, 'male')!);
    expect(egfrCkdEpi2021(2.0, 60, 'male')!).toBeLessThan(egfrCkdEpi2021(1.0, 60, 'male')!);
  });

  it('is not estimated without an adult age and a sex of male or female', () => {
    expect(egfrCkdEpi2021(1.0, null, 'male')).toBeNull();
    expect(egfrCkdEpi2021(1.0, 17, 'male')).toBeNull();
    expect(egfrCkdEpi2021(1.0, 50, 'other')).toBeNull();
    expect(egfrCkdEpi2021(1.0, 50, null)).toBeNull();
  });
});

describe('the test table', () => {
  it('gives every test a LOINC code with a valid check digit and at least one unit', () => {
    for (const test of LAB_TESTS) {
      const { loinc, units } = LAB_TEST_RULES[test];
      expect(loinc).toMatch(/^\d{1,7}-\d$/);
      expect(units.length).toBeGreaterThan(0);
      const [body, check] = loinc.split('-') as [string, string];
      expect(Number(check)).toBe(loincCheckDigit(body));
    }
    expect(LAB_TEST_RULES.hba1c.loinc).toBe('4548-4');
  });
});

/** LOINC's mod-10 check digit (LOINC Users' Guide, Appendix: "Calculating Mod 10 Check Digits"). */
function loincCheckDigit(body: string): number {
  const digits = [...body].reverse().map(Number);
  const sum = digits.reduce((total, digit, index) => {
    if (index % 2 === 1) return total + digit;
    const doubled = digit * 2;
    return total + Math.floor(doubled / 10) + (doubled % 10);
  }, 0);
  return (10 - (sum % 10)) % 10;
}

describe('the test a lab appointment names', () => {
  it.each([
    ['HbA1c test', 'hba1c'],
    ['Lipid profile', 'total_cholesterol'],
    ['LDL recheck', 'ldl_cholesterol'],
    ['Kidney function (KFT)', 'creatinine'],
    ['Urine ACR', 'uacr'],
    ['Fasting blood sugar', 'fasting_glucose'],
    ['Thyroid panel', 'hba1c'],
  ] as const)('%s → %s', (title, test) => {
    expect(labTestFromTitle(title)).toBe(test);
  });
});
