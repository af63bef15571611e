/**
 * The user's notification preferences, stored on
 * the server so the reminder dispatcher can honour them. A user without a row has the
 * defaults of docs/product.md (NOTIFICATION_DEFAULTS).
 */
import { NOTIFICATION_DEFAULTS, type NotificationSettings } from '@diacare/contract/reminders';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema.ts';

type SettingsRow = typeof notificationSettings.$inferSelect;

function toSettings(row: SettingsRow | undefined): NotificationSettings {
  if (!row) return { ...NOTIFICATION_DEFAULTS };
  return {
    medicationReminders: row.medication_reminders,
    appointmentReminders: row.appointment_reminders,
    healthTips: row.health_tips,
    emailNotifications: row.email_notifications,
    pushNotifications: row.push_notifications,
    afterMealCheck: row.after_meal_check,
  };
}

function toColumns(settings: Partial<NotificationSettings>) {
  return {
    ...(settings.medicationReminders === undefined ? {} : { medication_reminders: settings.medicationReminders }),
    ...(settings.appointmentReminders === undefined ? {} : { appointment_reminders: settings.appointmentReminders }),
    ...(settings.healthTips === undefined ? {} : { health_tips: settings.healthTips }),
    ...(settings.emailNotifications === undefined ? {} : { email_notifications: settings.emailNotifications }),
    ...(settings.pushNotifications === undefined ? {} : { push_notifications: settings.pushNotifications }),
    ...(settings.afterMealCheck === undefined ? {} : { after_meal_check: settings.afterMealCheck }),
  };
}

export function createSettingsRepository(db: Database) {
  return {
    async get(userId: string): Promise<NotificationSettings> {
      const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.user_id, userId));
      return toSettings(row);
    },

    /** Settings of several users at once (the dispatcher's batch), defaults filled in. */
    async forUsers(userIds: readonly string[]): Promise<Map<string, NotificationSettings>> {
      const rows =
        userIds.length === 0
          ? []
          : await db
              .select()
              .from(notificationSettings)
              .where(inArray(notificationSettings.user_id, [...userIds]));
      const byUser = new Map(rows.map((row) => [row.user_id, toSettings(row)]));
      return new Map(userIds.map((id) => [id, byUser.get(id) ?? toSettings(undefined)]));
    },

    /** Stores the given preferences; the others keep their values. Returns all five. */
    async update(userId: string, changes: Partial<NotificationSettings>, now: Date): Promise<NotificationSettings> {
      const columns = { ...toColumns(changes), updated_at: now };
      const [row] = await db
        .insert(notificationSettings)
        .values({ user_id: userId, ...columns })
        .onConflictDoUpdate({ target: notificationSettings.user_id, set: columns })
        .returning();
      return toSettings(row);
    },
  };
}
