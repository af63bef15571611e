/**
 * /api/health/labs payloads: a lab result is { test, value, unit, date,
 * notes? }; the unit must be one its test is reported in, and the value within that unit's
 * bounds (lab-rules.ts). Whether the date is in the future depends on the user's zone: the server checks it.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { calendarDateSchema, listLimitSchema, orRequired, readingDateSchema } from './common.ts';
import { LAB_TESTS, LAB_TEST_RULES, hasDecimalsAtMost, labUnitRule } from './lab-rules.ts';

export { LAB_TESTS, LAB_TEST_RULES } from './lab-rules.ts';
export type { LabTest } from './lab-rules.ts';

/** Longest note on a lab result, characters. */
export const LAB_NOTES_MAX = 500;

/** POST and PUT /api/health/labs: the value in the unit the lab printed. */
export const labResultInputSchema = z
  .object({
    test: z.enum(LAB_TESTS, { error: vmsg('validation.one_of', { values: LAB_TESTS.join(', ') }) }),
    value: z.number({ error: orRequired(vmsg('validation.number')) }),
    unit: z.string({ error: orRequired(vmsg('validation.unit')) }),
    date: readingDateSchema,
    notes: z
      .string({ error: vmsg('validation.text') })
      .trim()
      .max(LAB_NOTES_MAX, { error: vmsg('validation.max_chars', { max: LAB_NOTES_MAX }) })
      .nullable()
      .optional()
      .transform((notes) => (notes ? notes : null)),
  })
  .superRefine((input, context) => {
    const rule = labUnitRule(input.test, input.unit);
    if (!rule) {
      const [first, second] = LAB_TEST_RULES[input.test].units.map((unit) => unit.unit);
      const message = vmsg('validation.lab_unit', { first: first!, second: second ?? 'none', test: input.test });
      context.addIssue({ code: 'custom', path: ['unit'], message });
      return;
    }
    const [min, max] = rule.bounds;
    if (input.value < min) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: vmsg('validation.min_unit', { min: min, unit: rule.unit }),
      });
    } else if (input.value > max) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: vmsg('validation.max_unit', { max: max, unit: rule.unit }),
      });
    } else if (!hasDecimalsAtMost(input.value, rule.decimals)) {
      const places =
        rule.decimals === 0
          ? vmsg('validation.whole_number')
          : vmsg('validation.max_decimals', { places: rule.decimals });
      context.addIssue({ code: 'custom', path: ['value'], message: places });
    }
  });
export type LabResultInput = z.input<typeof labResultInputSchema>;

/** A stored result: `value` in the test's stored unit (HbA1c always in %). */
export const labResultSchema = z.object({
  id: z.uuid(),
  test: z.enum(LAB_TESTS),
  /** LOINC code of the test */
  loinc: z.string(),
  value: z.number(),
  /** UCUM unit of `value` */
  unit: z.string(),
  date: z.string(),
  notes: z.string().nullable(),
  /**
   * Creatinine only: eGFR by CKD-EPI 2021, mL/min/1.73 m², from the profile's current age
   * and sex; null for other tests or when the profile lacks them.
   */
  egfr: z.number().nullable(),
});
export type LabResult = z.infer<typeof labResultSchema>;

/** GET /api/health/labs: optional test, inclusive date range and count; newest first. */
export const labResultQuerySchema = z
  .object({
    test: z.enum(LAB_TESTS, { error: vmsg('validation.one_of', { values: LAB_TESTS.join(', ') }) }).optional(),
    start_date: calendarDateSchema.optional(),
    end_date: calendarDateSchema.optional(),
    limit: listLimitSchema,
  })
  .refine((range) => !range.start_date || !range.end_date || range.start_date <= range.end_date, {
    path: ['end_date'],
    error: vmsg('validation.not_before_start_date'),
  });
export type LabResultQuery = z.infer<typeof labResultQuerySchema>;
