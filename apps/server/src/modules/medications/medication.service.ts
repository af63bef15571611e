/**
 * Medication writes: each saves through the repository, then keeps the user's reminders in
 * step through the reminder service, so routes stay thin (decision 049).
 */
import { doseRecordRefusal, type DoseRecordRefusal } from '@diacare/contract/dose-rules';
import { EARLIEST_READING_DATE } from '@diacare/contract/health-constants';
import type { AdherenceInput, AdherenceRecord, AdherenceStatus, Medication } from '@diacare/contract/medications';
import type { User } from '@diacare/contract/users';
import type { Database } from '../../db/client.ts';
import type { MessageId } from '../../i18n/index.ts';
import { badRequest } from '../../plugins/errors.ts';
import type { Clock } from '../../types.ts';
import { createReminderService } from '../reminders/reminder.service.ts';
import { createMedicationRepository, type MedicationValues } from './medication.repository.ts';

/** The catalog message of each reason a dose record is refused. */
const DOSE_REFUSALS: Record<DoseRecordRefusal['reason'], MessageId> = {
  before_start: 'error.dose_before_start',
  too_far_ahead: 'error.dose_too_far_ahead',
  not_scheduled_day: 'error.dose_not_scheduled_day',
  not_scheduled_time: 'error.dose_not_scheduled_time',
  future: 'error.date_future',
  too_early: 'error.date_too_early',
};

/** The medication service over `db`; every method is scoped to `userId` (another user's id → null/false). */
export function createMedicationService({ db, clock }: { db: Database; clock: Clock }) {
  const repository = createMedicationRepository(db);
  const reminders = createReminderService({ db, clock });
  return {
    /** Adds a medication; its dose reminders exist when this resolves. */
    async create(userId: string, values: MedicationValues): Promise<Medication> {
      const medication = await repository.create(userId, values, clock());
      await reminders.medicationSaved(userId, medication.id);
      return medication;
    },
    /** Replaces a medication; null when it is not the user's or was deleted. */
    async update(userId: string, id: string, values: MedicationValues): Promise<Medication | null> {
      const medication = await repository.update(userId, id, values);
      if (medication) await reminders.medicationSaved(userId, medication.id);
      return medication;
    },
    /** Archives a medication (its history stays) and drops its unsent reminders; false when not the user's. */
    async archive(userId: string, id: string): Promise<boolean> {
      const archived = await repository.archive(userId, id, clock());
      if (archived) await reminders.medicationArchived(userId, id);
      return archived;
    },
    /**
     * Records a dose of `user` (idempotent per dose); `recordedBy` is the care-circle member who
     * marked it, null for the user. Only a dose the medication's schedule has, read in the
     * user's zone (doseRecordRefusal, decision 073). Null when the medication is not the user's.
     * @throws HttpError 400 naming date or scheduled_time; nothing is stored
     */
    async recordDose(user: Pick<User, 'id' | 'timezone'>, input: AdherenceInput, recordedBy: string | null = null) {
      const medication = await repository.findOwned(user.id, input.medication_id);
      if (!medication) return null;
      const refusal = doseRecordRefusal(medication, input.date, input.scheduled_time, clock(), user.timezone);
      if (refusal) {
        // A time is 'later than now'; a date 'in the future' (Hindi agrees each with its noun).
        const id =
          refusal.reason === 'future' && refusal.field !== 'date' ? 'error.time_future' : DOSE_REFUSALS[refusal.reason];
        throw badRequest(refusal.field, id, { date: EARLIEST_READING_DATE });
      }
      const record = await repository.recordDose(user.id, input, recordedBy);
      if (record) await reminders.doseRecorded(user.id, record);
      return record;
    },
    /**
     * Changes a dose record's status; null when the record is not the user's, or, with
     * `onlyMarkedBy`, when that care-circle member did not mark it taken.
     */
    async updateDoseStatus(
      userId: string,
      id: string,
      status: AdherenceStatus,
      takenTime: string | undefined,
      onlyMarkedBy?: string,
    ): Promise<AdherenceRecord | null> {
      const record = await repository.updateDoseStatus(userId, id, status, takenTime, onlyMarkedBy);
      if (record) await reminders.doseRecorded(userId, record);
      return record;
    },
  };
}

export type MedicationService = ReturnType<typeof createMedicationService>;
