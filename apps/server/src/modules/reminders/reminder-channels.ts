/**
 * A claimed reminder as a channels message (decision 050): its template and values, from the
 * claim statement's row, medication and contact. Pure, apart from the weekly summary's values.
 */
import { formatShortDate, isoWeekdayOf, localDate, shiftDate } from '@diacare/contract/dates';
import { INTL_LOCALES } from '@diacare/contract/languages';
import type { ReminderKind } from '@diacare/contract/push';
import type { Database } from '../../db/client.ts';
import type { TemplateName, TemplateValues } from '../channels/index.ts';
import type { Claimed } from './dispatch.repository.ts';
import { summarySundayOf, weeklySummaryValues } from './weekly-summary.ts';

/** The template of each kind the routing table carries; tips and custom reminders stay push-only. */
const TEMPLATE_OF: Partial<Record<ReminderKind, TemplateName>> = {
  dose: 'dose_reminder',
  refill: 'refill_reminder',
  appointment: 'appointment_reminder',
  weekly_summary: 'weekly_summary',
  meal_check: 'meal_check',
};

/** The channels template of a reminder kind, or null when push alone carries it. */
export const templateOf = (kind: ReminderKind): TemplateName | null => TEMPLATE_OF[kind] ?? null;

/**
 * Every variable of `item`'s template (see TEMPLATES): dose → medicine, dose, time (local
 * 'HH:MM'); refill → medicine, count; appointment → title, time (its local short date and
 * 'HH:MM' in the user's language), location; meal_check → time (the meal's); weekly_summary → weeklySummaryValues as of `now`
 * for the week of its key (a snooze: the week ending on the last Sunday).
 * @throws Error when the claim lacks them (a deleted medication or appointment is skipped first)
 */
export async function templateValues(db: Database, item: Claimed, now: Date): Promise<TemplateValues> {
  const { row, medication, contact, language } = item;
  if (!contact) throw new Error('reminder claimed without its contact');
  switch (row.kind) {
    case 'dose':
      return { medicine: medication!.name, dose: medication!.dosage, time: row.scheduled_time ?? '' };
    case 'refill':
      return { medicine: medication!.name, count: String(contact.pillsRemaining ?? 0) };
    case 'appointment': {
      const appointment = contact.appointment!;
      return {
        title: appointment.title,
        time: `${formatShortDate(appointment.date, INTL_LOCALES[language])} ${appointment.time}`,
        location: appointment.location,
      };
    }
    case 'meal_check':
      // The meal's local 'HH:MM' is kept in scheduled_time (decision 098).
      return { time: row.scheduled_time ?? '' };
    case 'weekly_summary': {
      // A snooze of a summary has its own key: the week is the one ending on the last Sunday.
      const today = localDate(now, contact.timezone);
      return weeklySummaryValues(db, {
        userId: row.user_id,
        sunday: summarySundayOf(row.dedupe_key) ?? shiftDate(today, -(isoWeekdayOf(today) % 7)),
        zone: contact.timezone,
        language,
        now,
      });
    }
    default:
      throw new Error(`no template for reminders of kind ${row.kind}`);
  }
}
