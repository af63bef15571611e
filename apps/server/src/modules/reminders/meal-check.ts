/**
 * The after-meal check (decision 098): with the person's 'After-meal check' on, a reminder of
 * kind 'meal_check' 2 hours after a logged meal asking for a glucose reading, sent once by the
 * dispatcher like every reminder. Keyed 'meal_check:<meal id>', so saving a meal again moves a
 * pending check and never makes a second one after it was sent.
 */
import { zonedInstant } from '@diacare/contract/dates';
import { NOTIFICATION_DEFAULTS } from '@diacare/contract/reminders';
import type { Database } from '../../db/client.ts';
import { t, userLanguage } from '../../i18n/index.ts';
import { createMealCheckRepository } from './meal-check.repository.ts';

/** The check follows the meal's start by 2 hours: the ADA's 1–2 h after-meal reading (decision 089). */
export const MEAL_CHECK_DELAY_MS = 2 * 60 * 60 * 1000;
/** A check not sent within an hour of its time is recorded 'missed' (a reading 3 h after says little). */
export const MEAL_CHECK_WINDOW_MS = 60 * 60 * 1000;

/** The dedupe key of a meal's check. */
export const mealCheckKey = (mealId: string) => `meal_check:${mealId}`;

/**
 * When the check of a meal eaten on `date` at `time` ('HH:MM') in `zone` (IANA) is due, or null
 * when that is not after `now` (a meal logged more than 2 hours late gets none). Pure.
 */
export function mealCheckDue(meal: { date: string; time: string }, zone: string, now: Date): Date | null {
  const due = new Date(zonedInstant(meal.date, meal.time, zone).getTime() + MEAL_CHECK_DELAY_MS);
  return due > now ? due : null;
}

/**
 * A meal was logged or corrected: its pending check is dropped, and made again (or moved) when
 * the person has the check on and the new time is still ahead; a check already sent stays the
 * only one.
 */
export async function onMealSaved(
  db: Database,
  userId: string,
  meal: { id: string; date: string; time: string },
  now: Date,
): Promise<void> {
  await onMealDeleted(db, userId, meal.id);
  const repository = createMealCheckRepository(db);
  const person = await repository.checkSettings(userId);
  if (!person || !(person.on ?? NOTIFICATION_DEFAULTS.afterMealCheck)) return;
  const due = mealCheckDue(meal, person.timezone, now);
  if (!due) return;
  const language = userLanguage(person.language);
  // A check already sent (or settled) keeps its key: the meal gets no second one.
  await repository.insertCheck({
    user_id: userId,
    kind: 'meal_check',
    // The meal's local time, for the e-mail and WhatsApp templates.
    scheduled_time: meal.time,
    title: t(language, 'push.meal_check.title'),
    body: t(language, 'push.meal_check.body', { time: meal.time }),
    due_at: due,
    expires_at: new Date(due.getTime() + MEAL_CHECK_WINDOW_MS),
    dedupe_key: mealCheckKey(meal.id),
  });
}

/** A meal was deleted: its check goes unless already sent (a pending one is never sent). */
export async function onMealDeleted(db: Database, userId: string, mealId: string): Promise<void> {
  await createMealCheckRepository(db).deletePendingCheck(userId, mealCheckKey(mealId));
}
