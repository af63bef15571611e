/**
 * The care module's door for other modules (decision 051): after a glucose reading is saved,
 * the health routes call glucoseRecorded, which makes the alert a low reading calls for.
 */
import { LOW_GLUCOSE_MG_DL } from '@diacare/contract/care';
import { zonedInstant } from '@diacare/contract/dates';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../types.ts';
import { createCareAlertRepository } from './care-alert.repository.ts';
import { LOW_RECOVERY_MS, glucoseAlertKind } from './care-alert-rules.ts';
import { createCareSettingsRepository } from './care-settings.repository.ts';

/** What the care module is told when a reading is saved. */
export interface CareAlertService {
  /**
   * A reading was entered (POST /api/health/glucose): under 54 mg/dL makes an alert due now,
   * under 70 one due 30 minutes after the reading (cancelled if 70 or more follows), when the
   * patient has low-glucose alerts on and a member with the glucose scope gets alerts.
   * Back-dated readings (more than 15 minutes before now) make none. Imports never call this.
   * @param patient the user's id and IANA zone; reading in mg/dL with its local date and 'HH:MM'
   */
  glucoseRecorded(
    patient: { id: string; timezone: string },
    reading: { id: string; value: number; date: string; time: string },
  ): Promise<void>;
}

/** The service over `db`, reading the time from `clock`. */
export function createCareAlertService({ db, clock }: { db: Database; clock: Clock }): CareAlertService {
  const alerts = createCareAlertRepository(db);
  const settings = createCareSettingsRepository(db);
  return {
    async glucoseRecorded(patient, reading) {
      // Most readings are not low: no zone arithmetic for them (glucoseAlertKind would say null).
      if (reading.value >= LOW_GLUCOSE_MG_DL) return;
      const now = clock();
      const measuredAt = zonedInstant(reading.date, reading.time, patient.timezone);
      const kind = glucoseAlertKind(reading.value, measuredAt, now);
      if (!kind) return;
      if (!(await settings.getCareSettings(patient.id)).low_glucose_alerts) return;
      const recipients = await settings.listAlertRecipients(patient.id);
      if (!recipients.some((recipient) => recipient.scopes.includes('glucose'))) return;
      // A reading dated a few minutes ahead of the server's clock counts from now.
      const eventAt = measuredAt > now ? now : measuredAt;
      const dueAt = kind === 'urgent_low_glucose' ? now : new Date(eventAt.getTime() + LOW_RECOVERY_MS);
      await alerts.insertGlucoseAlert(
        { patientId: patient.id, kind, readingId: reading.id, value: reading.value, eventAt, dueAt },
        now,
      );
    },
  };
}
