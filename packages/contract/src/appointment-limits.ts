/**
 * Appointment limits without zod, for screens that show them before anything is validated;
 * appointments.ts re-exports them with its schemas.
 */

/** Longest note an appointment may carry, in characters. */
export const NOTES_MAX_LENGTH = 1000;
