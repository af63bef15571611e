/**
 * /api/health/insulin payloads: a dose in units of one insulin type,
 * optionally of one of the user's medicines, at a date and time in the user's zone.
 */
import { z } from 'zod';
import { calendarDateSchema, listLimitSchema, orRequired, readingDateSchema, timeOfDaySchema } from './common.ts';
import { MEAL_CONTEXTS } from './health-constants.ts';
import { INSULIN_TYPES, INSULIN_UNITS, isHalfUnitStep } from './insulin-rules.ts';

export { INSULIN_TYPES, INSULIN_UNITS } from './insulin-rules.ts';
export type { InsulinType } from './insulin-rules.ts';

export const insulinTypeSchema = z.enum(INSULIN_TYPES, {
  error: orRequired(`must be one of ${INSULIN_TYPES.join(', ')}`),
});

/** POST and PUT /api/health/insulin. */
export const insulinInputSchema = z.object({
  units: z
    .number({ error: orRequired('must be a number') })
    .min(INSULIN_UNITS.min, { error: `must be at least ${INSULIN_UNITS.min} U` })
    .max(INSULIN_UNITS.max, { error: `must be at most ${INSULIN_UNITS.max} U` })
    .refine(isHalfUnitStep, { error: 'must be in steps of 0.5 U' }),
  insulin_type: insulinTypeSchema,
  /** One of the user's medicines (another user's → 404). */
  medication_id: z.uuid({ error: 'must be a medication id' }).nullable().default(null),
  date: readingDateSchema,
  time: timeOfDaySchema,
  meal_context: z
    .enum(MEAL_CONTEXTS, { error: `must be one of ${MEAL_CONTEXTS.join(', ')}` })
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
    error: 'must not be before start_date',
  });
