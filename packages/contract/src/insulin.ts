/**
 * /api/health/insulin payloads: a dose in units of one insulin type,
 * optionally of one of the user's medicines, at a date and time in the user's zone.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { calendarDateSchema, listLimitSchema, orRequired, readingDateSchema, timeOfDaySchema } from './common.ts';
import { MEAL_CONTEXTS } from './health-constants.ts';
import { INSULIN_TYPES, INSULIN_UNITS, isHalfUnitStep } from './insulin-rules.ts';

export { INSULIN_TYPES, INSULIN_UNITS } from './insulin-rules.ts';
export type { InsulinType } from './insulin-rules.ts';

export const insulinTypeSchema = z.enum(INSULIN_TYPES, {
  error: orRequired(vmsg('validation.one_of', { values: INSULIN_TYPES.join(', ') })),
});

/** POST and PUT /api/health/insulin. */
export const insulinInputSchema = z.object({
  units: z
    .number({ error: orRequired(vmsg('validation.number')) })
    .min(INSULIN_UNITS.min, { error: vmsg('validation.min_unit', { min: INSULIN_UNITS.min, unit: 'U' }) })
    .max(INSULIN_UNITS.max, { error: vmsg('validation.max_unit', { max: INSULIN_UNITS.max, unit: 'U' }) })
    .refine(isHalfUnitStep, { error: vmsg('validation.insulin_step') }),
  insulin_type: insulinTypeSchema,
  /** One of the user's medicines (another user's → 404). */
  medication_id: z
    .uuid({ error: vmsg('validation.medication_id') })
    .nullable()
    .default(null),
  date: readingDateSchema,
  time: timeOfDaySchema,
  meal_context: z
    .enum(MEAL_CONTEXTS, { error: vmsg('validation.one_of', { values: MEAL_CONTEXTS.join(', ') }) })
    .nullable()
    .default(null),
});
export type InsulinInput = z.input<typeof insulinInputSchema>;

export const insulinDoseSchema = z.object({
  id: z.uuid(),
  /** international units (U) */
  units: z.number(),
  insulin_type: z.enum(INSULIN_TYPES),
  medication_id: z.uuid().nullable(),
  date: z.string(),
  time: z.string(),
  meal_context: z.enum(MEAL_CONTEXTS).nullable(),
});
export type InsulinDose = z.infer<typeof insulinDoseSchema>;

/** GET /api/health/insulin: optional inclusive date range and count; newest first. */
export const insulinQuerySchema = z
  .object({
    start_date: calendarDateSchema.optional(),
    end_date: calendarDateSchema.optional(),
    limit: listLimitSchema,
  })
  .refine((range) => !range.start_date || !range.end_date || range.start_date <= range.end_date, {
    path: ['end_date'],
    error: vmsg('validation.not_before_start_date'),
  });
