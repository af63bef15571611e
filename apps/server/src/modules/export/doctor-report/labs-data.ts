/**
 * The report's lab results (decision 045): the latest of each test a diabetes visit asks
 * about, whatever its age (the date is printed), and the HbA1c before it.
 */
import { LAB_TEST_RULES, egfrCkdEpi2021, type LabTest } from '@diacare/contract/lab-rules';

/** The tests the report shows, in its order: glycaemia, lipids, kidney. */
export const REPORT_LAB_TESTS = [
  'hba1c',
  'total_cholesterol',
  'ldl_cholesterol',
  'hdl_cholesterol',
  'triglycerides',
  'creatinine',
  'uacr',
] as const satisfies readonly LabTest[];

/** How many results of `test` the report needs: two HbA1c (latest and previous), else one. */
export const labResultsNeeded = (test: LabTest) => (test === 'hba1c' ? 2 : 1);

/** A stored result as the lab repository lists it. */
export interface LabInput {
  test: LabTest;
  /** in the test's stored unit */
  value: number;
  date: string;
}

export interface LabLine {
  test: LabTest;
  value: number;
  /** the stored unit (UCUM): '%', 'mg/dL', 'mg/g' */
  unit: string;
  date: string;
  /** true for the HbA1c before the latest */
  previous: boolean;
  /** creatinine only: CKD-EPI 2021, mL/min/1.73 m²; null when the profile lacks age or sex */
  egfr: number | null;
}

/**
 * One line per result the report shows, in REPORT_LAB_TESTS order (HbA1c latest, then
 * previous), from `results` newest first. eGFR from the profile's age and sex, as the API does.
 */
export function buildLabLines(results: readonly LabInput[], age: number | null, sex: string | null): LabLine[] {
  return REPORT_LAB_TESTS.flatMap((test) =>
    results
      .filter((result) => result.test === test)
      .slice(0, labResultsNeeded(test))
      .map((result, index) => ({
        test,
        value: result.value,
        unit: LAB_TEST_RULES[test].units[0].unit,
        date: result.date,
        previous: index > 0,
        egfr: test === 'creatinine' ? egfrCkdEpi2021(result.value, age, sex) : null,
      })),
  );
}
