/**
 * Notification texts. The spec shows none, so
 * these are ours: short, naming the medicine or visit, no health data beyond it. Each is in
 * the user's language (decision 026; catalogs in src/i18n/locales); medicine names, doses and
 * places stay as typed.
 */
import { optionText as option, t, type Language } from '../../i18n/index.ts';

/** Dose reminder title, e.g. 'Time to take Metformin' / 'Metformin लेने का समय'. */
export const doseTitle = (medicationName: string, language: Language = 'en') =>
  t(language, 'push.dose.title', { medicine: medicationName });

/** Dose reminder body, e.g. '500 mg tablet at 09:00 · After food'. */
export function doseBody(
  dose: { dosage: string; form: string; time: string; whenToTake: string | null },
  language: Language = 'en',
): string {
  const values = {
    dosage: dose.dosage,
    form: option(language, `push.form.${dose.form}`, dose.form.toLowerCase()),
    time: dose.time,
  };
  return dose.whenToTake
    ? t(language, 'push.dose.body_when', {
        ...values,
        when: option(language, `option.when.${dose.whenToTake}`, dose.whenToTake),
      })
    : t(language, 'push.dose.body', values);
}

/** e.g. 'Refill Metformin soon'. */
export const refillTitle = (medicationName: string, language: Language = 'en') =>
  t(language, 'push.refill.title', { medicine: medicationName });

/** e.g. 'Only 7 pills left. Time to refill.' */
export const refillBody = (pillsRemaining: number, language: Language = 'en') =>
  t(language, 'push.refill.body', { count: pillsRemaining });

/** 'Tomorrow: HbA1c' (24 h before) or 'In 1 hour: HbA1c'. */
export const appointmentTitle = (title: string, lead: '24h' | '1h', language: Language = 'en') =>
  t(language, lead === '24h' ? 'push.appointment.title_24h' : 'push.appointment.title_1h', { title });

/** e.g. '09:00 at City Clinic with Dr Mehta' (time in the user's zone, as booked). */
export function appointmentBody(
  appointment: { time: string; location: string; doctor: string | null },
  language: Language = 'en',
): string {
  const values = { time: appointment.time, location: appointment.location };
  return appointment.doctor
    ? t(language, 'push.appointment.body_doctor', { ...values, doctor: appointment.doctor })
    : t(language, 'push.appointment.body', values);
}
