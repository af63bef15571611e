/** Lab results in words: each test's name id, a result's value and its date with the year. */
import { LAB_TEST_RULES, hba1cNgspToIfcc, type LabTest } from '@diacare/contract/lab-rules';
import type { LabResult } from '@diacare/contract/labs';
import type { MessageId } from '../../../lib/i18n/i18n';

export const LAB_TEST_IDS = {
  hba1c: 'health-reports.labs.test.hba1c',
  fasting_glucose: 'health-reports.labs.test.fasting_glucose',
  total_cholesterol: 'health-reports.labs.test.total_cholesterol',
  ldl_cholesterol: 'health-reports.labs.test.ldl_cholesterol',
  hdl_cholesterol: 'health-reports.labs.test.hdl_cholesterol',
  triglycerides: 'health-reports.labs.test.triglycerides',
  creatinine: 'health-reports.labs.test.creatinine',
  uacr: 'health-reports.labs.test.uacr',
} as const satisfies Record<LabTest, MessageId>;

/** Tests a lab prints with fixed decimals (7.0 %, 1.00 mg/dL); the others drop trailing zeros (112 mg/dL). */
const FIXED_DECIMALS: ReadonlySet<LabTest> = new Set(['hba1c', 'creatinine']);

/** '7.4 %', '1.00 mg/dL', '112 mg/dL', '112.5 mg/dL': the decimals the lab prints. */
export function formatLabValue(result: Pick<LabResult, 'test' | 'value' | 'unit'>): string {
  const { decimals } = LAB_TEST_RULES[result.test].units[0];
  const fixed = result.value.toFixed(decimals);
  return `${FIXED_DECIMALS.has(result.test) ? fixed : String(Number(fixed))} ${result.unit}`;
}

/** An HbA1c in IFCC units beside the stored %: '57 mmol/mol' (the master equation). */
export const hba1cInIfcc = (percent: number): string => `${hba1cNgspToIfcc(percent)} mmol/mol`;

/** '10 Nov 2026' in `locale`: lab results are months apart, so the year is shown. */
export function formatLabDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The newest result of each test, in LAB_TESTS order (the list comes newest first). */
export function latestByTest(results: readonly LabResult[]): LabResult[] {
  const latest = new Map<LabTest, LabResult>();
  for (const result of results) if (!latest.has(result.test)) latest.set(result.test, result);
  return Object.keys(LAB_TEST_RULES)
    .map((test) => latest.get(test as LabTest))
    .filter((result): result is LabResult => result !== undefined);
}
