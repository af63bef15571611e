/**
 * Medication writes: each saves through the repository, then keeps the user's reminders in
 * step through the reminder service, so routes stay thin (decision 049).
 */
import type { AdherenceInput, AdherenceRecord, AdherenceStatus, Medication } from '@diacare/contract/medications';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../types.ts';
import { createReminderService } from '../reminders/reminder.service.ts';
import { createMedicationRepository, type MedicationValues } from './medication.repository.ts';

/** The medication service over `db`; every method is scoped to `userId` (another user's id → null/false). */
export function createMedicationService({ db, clock }: { db: Database; clock: Clock }) {
  const repository = createMedicationRepository(db);
  const reminders = createReminderService({ db, clock });
  return {
    /** Adds a medication; its dose reminders exist when this resolves. */
    async create(userId: string, values: MedicationValues): Promise<Medication> {
      const medication = await repository.create(userId, values);
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
     * Records a dose (idempotent per dose); `recordedBy` is the care-circle member who marked it,
     * null for the user. Null when the medication is not the user's.
     */
    async recordDose(userId: string, input: AdherenceInput, recordedBy: string | null = null) {
      const record = await repository.recordDose(userId, input, recordedBy);
      if (record) await reminders.doseRecorded(userId, record);
      return record;
    },
    /** Changes a dose record's status; null when the record is not the user's. */
    async updateDoseStatus(
      userId: string,
      id: string,
      status: AdherenceStatus,
      takenTime: string | undefined,
    ): Promise<AdherenceRecord | null> {
      const record = await repository.updateDoseStatus(userId, id, status, takenTime);
      if (record) await reminders.doseRecorded(userId, record);
      return record;
    },
  };
}

export type MedicationService = ReturnType<typeof createMedicationService>;
