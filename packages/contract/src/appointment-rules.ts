/** Which appointments are upcoming. Free of zod. */
import type { Appointment } from './appointments.ts';

/** docs/product.md: Home shows at most 2 upcoming appointments. */
export const HOME_UPCOMING_LIMIT = 2;

/** Upcoming = status 'upcoming' and its time not yet passed. */
export function isUpcoming(appointment: Appointment, now: Date): boolean {
  return appointment.status === 'upcoming' && new Date(appointment.starts_at).getTime() > now.getTime();
}

/** Upcoming appointments, soonest first; `limit` of them when given (Home shows 2). */
export function upcomingAppointments(appointments: readonly Appointment[], now: Date, limit?: number): Appointment[] {
  const upcoming = appointments
    .filter((a) => isUpcoming(a, now))
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  return limit === undefined ? upcoming : upcoming.slice(0, limit);
}

/** Everything not upcoming (past, done or cancelled), most recent first. */
export function pastAppointments(appointments: readonly Appointment[], now: Date): Appointment[] {
  return appointments.filter((a) => !isUpcoming(a, now)).sort((a, b) => b.starts_at.localeCompare(a.starts_at));
}
