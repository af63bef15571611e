/**
 * Notification texts. The spec shows none (spec §3 Reminder: "other fields not shown"), so
 * these are ours: short, naming the medicine or visit, no health data beyond it.
 */

/** Dose reminder title, e.g. 'Time to take Metformin'. */
export const doseTitle = (medicationName: string) => `Time to take ${medicationName}`;

/** Dose reminder body, e.g. '500 mg tablet at 09:00 · After food'. */
export function doseBody(dose: { dosage: string; form: string; time: string; whenToTake: string | null }): string {
  const main = `${dose.dosage} ${dose.form.toLowerCase()} at ${dose.time}`;
  return dose.whenToTake ? `${main} · ${dose.whenToTake}` : main;
}

export const refillTitle = (medicationName: string) => `Refill ${medicationName} soon`;

/** e.g. 'Only 7 pills left. Time to refill.' */
export const refillBody = (pillsRemaining: number) =>
  `Only ${pillsRemaining} ${pillsRemaining === 1 ? 'pill' : 'pills'} left. Time to refill.`;

/** 'Tomorrow: HbA1c' (24 h before) or 'In 1 hour: HbA1c'. */
export const appointmentTitle = (title: string, lead: '24h' | '1h') =>
  lead === '24h' ? `Tomorrow: ${title}` : `In 1 hour: ${title}`;

/** e.g. '09:00 at City Clinic with Dr Mehta' (time in the user's zone, as booked). */
export function appointmentBody(appointment: { time: string; location: string; doctor: string | null }): string {
  const main = `${appointment.time} at ${appointment.location}`;
  return appointment.doctor ? `${main} with ${appointment.doctor}` : main;
}
