/**
 * The after-meal check's statements (decision 098): the person's zone, language and 'After-meal
 * check' setting, and the check's reminder row keyed 'meal_check:<meal id>'.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notificationSettings, reminders, users } from '../../db/schema.ts';
import type { NewReminder } from './dose-reminders.ts';

/** The after-meal check's statements over `db`. */
export function createMealCheckRepository(db: Database) {
  return {
    /**
     * The person's IANA zone, language and 'After-meal check' setting (null when never saved:
     * the default applies); null when there is no such user.
     */
    async checkSettings(userId: string) {
      const [person] = await db
        .select({
          timezone: users.timezone,
          language: users.language,
          on: notificationSettings.after_meal_check,
        })
        .from(users)
        .leftJoin(notificationSettings, eq(notificationSettings.user_id, users.id))
        .where(eq(users.id, userId));
      return person ?? null;
    },

    /** Inserts the check's reminder unless its dedupe key exists (a check sent or settled keeps its key). */
    async insertCheck(values: NewReminder): Promise<void> {
      await db.insert(reminders).values(values).onConflictDoNothing({ target: reminders.dedupe_key });
    },

    /** Deletes the user's pending reminder keyed `dedupeKey` (a check already sent stays). */
    async deletePendingCheck(userId: string, dedupeKey: string): Promise<void> {
      await db
        .delete(reminders)
        .where(
          and(eq(reminders.user_id, userId), eq(reminders.dedupe_key, dedupeKey), eq(reminders.status, 'pending')),
        );
    },
  };
}
export type MealCheckRepository = ReturnType<typeof createMealCheckRepository>;
