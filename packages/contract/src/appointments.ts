/** Appointment payloads. */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { calendarDateSchema, displayNoteSchema, displayTextSchema, orRequired, timeOfDaySchema } from './common.ts';

export const APPOINTMENT_TYPES = ['doctor', 'lab'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** 'upcoming' at creation; people can cancel or mark a visit done. */
export const APPOINTMENT_STATUSES = ['upcoming', 'completed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

import { NOTES_MAX_LENGTH } from './appointment-limits.ts';

export { NOTES_MAX_LENGTH };

/**
 * POST /api/appointments. `doctor` belongs to doctor visits only: for a lab test it is
 * dropped. The date must not be before today in
 * the user's zone; the server checks that, since it knows the zone.
 */
export const appointmentInputSchema = z.object({
  type: z.enum(APPOINTMENT_TYPES, { error: orRequired(vmsg('validation.appointment_type')) }),
  title: displayTextSchema(200),
  doctor: displayNoteSchema(100).nullable().optional(),
  location: displayTextSchema(200),
  date: calendarDateSchema,
  time: timeOfDaySchema,
  notes: displayNoteSchema(NOTES_MAX_LENGTH).default(''),
  status: z.literal('upcoming', { error: vmsg('validation.appointment_upcoming') }).optional(),
});
export type AppointmentInput = z.input<typeof appointmentInputSchema>;

/** PATCH /api/appointments/{id}: cancel, mark done, or restore. */
export const appointmentStatusSchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES, {
    error: orRequired(vmsg('validation.one_of', { values: APPOINTMENT_STATUSES.join(', ') })),
  }),
});

export const appointmentSchema = z.object({
  id: z.uuid(),
  type: z.enum(APPOINTMENT_TYPES),
  title: z.string(),
  doctor: z.string().nullable(),
  location: z.string(),
  date: z.string(),
  time: z.string(),
  notes: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** The visit's instant (ISO 8601), from its date and time in the user's zone. */
  starts_at: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;
