/**
 * Medication and adherence payloads.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import {
  calendarDateSchema,
  displayNoteSchema,
  displayTextSchema,
  listLimitSchema,
  orRequired,
  readingDateSchema,
  timeOfDaySchema,
} from './common.ts';
import { INSULIN_TYPES } from './insulin-rules.ts';

import {
  MEDICATION_FORMS,
  COLOR_TAGS,
  WHEN_TO_TAKE,
  FREQUENCIES,
  WEEKDAYS,
  MEDICATION_DEFAULTS,
  type Frequency,
} from './medication-options.ts';
export { MEDICATION_FORMS, COLOR_TAGS, WHEN_TO_TAKE, FREQUENCIES, WEEKDAYS, MEDICATION_DEFAULTS, type Frequency };
const COLOR_HEXES = COLOR_TAGS.map((tag) => tag.hex) as [string, ...string[]];

/** Most doses a schedule may hold in one day. */
export const MAX_TIMES_PER_DAY = 12;

export const scheduleSchema = z
  .object({
    frequency: z.enum(FREQUENCIES, { error: orRequired(vmsg('validation.frequency')) }),
    times: z
      .array(timeOfDaySchema)
      .max(MAX_TIMES_PER_DAY, { error: vmsg('validation.max_times', { max: MAX_TIMES_PER_DAY }) }),
    /** Weekly only: ISO weekdays; empty or absent means the start date's weekday. */
    weekdays: z
      .array(
        z
          .int()
          .min(1, { error: vmsg('validation.weekday') })
          .max(7, { error: vmsg('validation.weekday') }),
      )
      .max(7)
      .optional(),
    start_date: calendarDateSchema,
    /** Always null: courses have no end date. */
    end_date: z.null({ error: orRequired(vmsg('validation.null')) }).optional(),
  })
  .superRefine((schedule, ctx) => {
    if (schedule.frequency !== 'as-needed' && schedule.times.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['times'], message: vmsg('validation.times_required') });
    }
    if (new Set(schedule.times).size !== schedule.times.length) {
      ctx.addIssue({ code: 'custom', path: ['times'], message: vmsg('validation.time_repeated') });
    }
    if (schedule.weekdays && new Set(schedule.weekdays).size !== schedule.weekdays.length) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: vmsg('validation.day_repeated') });
    }
  });
export type Schedule = z.infer<typeof scheduleSchema>;

export const refillReminderSchema = z.object({
  enabled: z.boolean({ error: orRequired(vmsg('validation.boolean')) }),
  pills_remaining: z
    .int({ error: orRequired(vmsg('validation.whole_number')) })
    .min(0, { error: vmsg('validation.min_count', { min: 0 }) })
    .max(100_000),
  threshold: z
    .int({ error: orRequired(vmsg('validation.whole_number')) })
    .min(1, { error: vmsg('validation.min_count', { min: 1 }) })
    .max(100_000),
});
export type RefillReminder = z.infer<typeof refillReminderSchema>;

/** POST /api/medications and PUT /api/medications/{id}. */
export const medicationInputSchema = z
  .object({
    name: displayTextSchema(100),
    dosage: displayTextSchema(50),
    form: z.enum(MEDICATION_FORMS, {
      error: orRequired(vmsg('validation.one_of', { values: MEDICATION_FORMS.join(', ') })),
    }),
    instructions: displayNoteSchema(500).default(''),
    color: z.enum(COLOR_HEXES, { error: orRequired(vmsg('validation.color')) }),
    when_to_take: z
      .enum(WHEN_TO_TAKE, { error: vmsg('validation.one_of', { values: WHEN_TO_TAKE.join(', ') }) })
      .nullable()
      .optional(),
    schedule: scheduleSchema,
    refill_reminder: refillReminderSchema,
    /**
     * Marks an 'Injection' as insulin of this type, so its Take asks for the units;
     * null or absent: not insulin. The server refuses it on any other form.
     */
    insulin_type: z
      .enum(INSULIN_TYPES, { error: vmsg('validation.one_of', { values: INSULIN_TYPES.join(', ') }) })
      .nullable()
      .optional(),
  })
  .superRefine((medication, context) => {
    if (medication.insulin_type && medication.form !== 'Injection') {
      context.addIssue({
        code: 'custom',
        path: ['insulin_type'],
        message: vmsg('validation.insulin_injection_only'),
      });
    }
  });
export type MedicationInput = z.input<typeof medicationInputSchema>;

export const medicationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  dosage: z.string(),
  form: z.string(),
  instructions: z.string(),
  color: z.string(),
  when_to_take: z.string().nullable(),
  schedule: z.object({
    frequency: z.enum(FREQUENCIES),
    times: z.array(z.string()),
    weekdays: z.array(z.int()),
    start_date: z.string(),
    end_date: z.null(),
  }),
  refill_reminder: refillReminderSchema,
  insulin_type: z.enum(INSULIN_TYPES).nullable(),
  /**
   * When the medicine was added (ISO 8601 instant): no dose scheduled before it is expected
   * (dose-rules.ts isDoseExpected, decision 077).
   */
  created_at: z.string(),
});
export type Medication = z.infer<typeof medicationSchema>;

/**
 * Adherence statuses. 'taken' and 'pending' are docs/product.md's; 'skipped' and 'missed'
 * count as scheduled but not taken in the statistics.
 */
export const ADHERENCE_STATUSES = ['taken', 'pending', 'skipped', 'missed'] as const;
export type AdherenceStatus = (typeof ADHERENCE_STATUSES)[number];

const statusSchema = z.enum(ADHERENCE_STATUSES, {
  error: orRequired(vmsg('validation.one_of', { values: ADHERENCE_STATUSES.join(', ') })),
});

/** POST /api/adherence: one dose, keyed by (medication, date, scheduled_time). */
export const adherenceInputSchema = z.object({
  medication_id: z.uuid({ error: orRequired(vmsg('validation.medication_id')) }),
  scheduled_time: timeOfDaySchema,
  taken_time: timeOfDaySchema.nullable().optional(),
  date: readingDateSchema,
  status: statusSchema,
});
export type AdherenceInput = z.infer<typeof adherenceInputSchema>;

/** PUT /api/adherence/{id}: query only, no body. */
export const adherenceUpdateQuerySchema = z.object({
  status: statusSchema,
  taken_time: timeOfDaySchema.optional(),
});

/** GET /api/adherence: optional inclusive date range; the newest `limit` records (capped). */
export const dateRangeQuerySchema = z
  .object({
    start_date: calendarDateSchema.optional(),
    end_date: calendarDateSchema.optional(),
    limit: listLimitSchema,
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    error: vmsg('validation.not_after_end_date'),
    path: ['start_date'],
  });

export const adherenceRecordSchema = z.object({
  id: z.uuid(),
  medication_id: z.uuid(),
  scheduled_time: z.string(),
  taken_time: z.string().nullable(),
  date: z.string(),
  status: z.enum(ADHERENCE_STATUSES),
  /** The care-circle member who marked it taken on the patient's behalf; absent when the patient did. */
  recorded_by_name: z.string().optional(),
});
export type AdherenceRecord = z.infer<typeof adherenceRecordSchema>;
