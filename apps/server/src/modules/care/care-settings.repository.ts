/**
 * The patient's care-alert settings and who gets the alerts (decision 048): read by the
 * alert engine (getCareSettings, listAlertRecipients) and by GET/PUT /api/care/settings.
 */
import { DEFAULT_CARE_SETTINGS, type CareRole, type CareScope, type CareSettings } from '@diacare/contract/care';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { careMembers, careSettings, users } from '../../db/schema.ts';

/** A member of the patient's circle who has alerts on. */
export interface AlertRecipient {
  /** The care_members row (PATCH/DELETE /api/care/members/{id}). */
  membership_id: string;
  /** The member's own user id (their push subscriptions, e-mail, WhatsApp number). */
  user_id: string;
  name: string;
  role: CareRole;
  /** What the member may read: an alert about glucose needs 'glucose', about a dose 'medications'. */
  scopes: CareScope[];
  /** The member's language for the alert's text: their chosen one, English when never chosen. */
  language: 'en' | 'hi';
  /** The member's glucose unit preference, for a reading in an alert. */
  glucose_unit: 'mg/dL' | 'mmol/L';
  /** Where e-mail and WhatsApp reach the member: their account e-mail and profile phone, or null. */
  email: string | null;
  whatsapp: string | null;
}

/** The care settings' statements over `db`. */
export function createCareSettingsRepository(db: Database) {
  return {
    /**
     * The patient's care settings: missed-dose delay in minutes (5–240), low-glucose alerts on or
     * off, quiet hours ('HH:MM' in the patient's zone) or null. DEFAULT_CARE_SETTINGS when never saved.
     */
    async getCareSettings(patientId: string): Promise<CareSettings> {
      const [row] = await db.select().from(careSettings).where(eq(careSettings.patient_id, patientId));
      if (!row) return { ...DEFAULT_CARE_SETTINGS };
      return {
        missed_dose_alert_minutes: row.missed_dose_alert_minutes,
        low_glucose_alerts: row.low_glucose_alerts,
        quiet_hours: row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
      };
    },

    /** Stores the patient's care settings whole (validated by careSettingsSchema); returns them. */
    async putCareSettings(patientId: string, settings: CareSettings, now: Date): Promise<CareSettings> {
      const values = {
        missed_dose_alert_minutes: settings.missed_dose_alert_minutes,
        low_glucose_alerts: settings.low_glucose_alerts,
        quiet_start: settings.quiet_hours?.start ?? null,
        quiet_end: settings.quiet_hours?.end ?? null,
        updated_at: now,
      };
      await db
        .insert(careSettings)
        .values({ patient_id: patientId, ...values })
        .onConflictDoUpdate({ target: careSettings.patient_id, set: values });
      return this.getCareSettings(patientId);
    },

    /**
     * The members of `patientId`'s circle with alerts on (`care_members.alerts`), oldest first,
     * with what the alert engine needs to address them. Empty when none; the patient is never one.
     */
    async listAlertRecipients(patientId: string): Promise<AlertRecipient[]> {
      const rows = await db
        .select({
          membership_id: careMembers.id,
          user_id: careMembers.member_id,
          role: careMembers.role,
          scopes: careMembers.scopes,
          name: users.name,
          email: users.email,
          phone: users.phone,
          language: users.language,
          glucose_unit: users.glucose_unit,
        })
        .from(careMembers)
        .innerJoin(users, eq(users.id, careMembers.member_id))
        .where(and(eq(careMembers.patient_id, patientId), eq(careMembers.alerts, true)))
        .orderBy(careMembers.created_at, careMembers.id);
      return rows.map((row) => ({
        membership_id: row.membership_id,
        user_id: row.user_id,
        name: row.name ?? row.email ?? '',
        role: row.role,
        scopes: row.scopes as CareScope[],
        language: row.language ?? 'en',
        glucose_unit: row.glucose_unit,
        email: row.email ?? null,
        whatsapp: row.phone ?? null,
      }));
    },
  };
}
export type CareSettingsRepository = ReturnType<typeof createCareSettingsRepository>;
