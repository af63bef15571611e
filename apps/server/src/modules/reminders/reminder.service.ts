/**
 * The reminders module's service, the one door other modules use (decision 049): it keeps a
 * user's reminders in step after a medication, dose, appointment or profile is saved.
 */
import type { Appointment } from '@diacare/contract/appointments';
import type { AdherenceRecord } from '@diacare/contract/medications';
import type { Database } from '../../db/client.ts';
import { userLanguage } from '../../i18n/index.ts';
import type { Clock } from '../../types.ts';
import { MATERIALISE_HORIZON_HOURS, MATERIALISE_REFRESH_HOURS } from './constants.ts';
import { doseRemindersFor } from './dose-reminders.ts';
import { onMealDeleted, onMealSaved } from './meal-check.ts';
import { createReminderRepository } from './reminder.repository.ts';
import { createScheduleRepository } from './schedule.repository.ts';

/** Medications read per query while materialising for everyone. */
const MEDICATION_PAGE = 1000;
const HOUR_MS = 3_600_000;

/** What one materialisation read and wrote. */
export interface MaterialiseResult {
  /** Medications read (each one's schedule turned into doses). */
  medications: number;
  /** Reminder rows inserted or changed. */
  written: number;
}

/** A stable fraction in [0, 1) from a uuid's first 32 bits (ids are random: uuid v4). */
const idFraction = (id: string) => Number.parseInt(id.slice(0, 8), 16) / 2 ** 32;

/**
 * Materialises dose reminders (decision 014).
 *
 * - For one user or one medication (`userId` / `medicationId`: a medication created or
 *   edited, a time zone changed): every active schedule of theirs is read and its doses due in
 *   [now, now + horizonHours) are upserted; the horizon becomes now + horizonHours.
 * - For everyone (the loop's pass): only medications whose horizon (`reminders_until`) is
 *   null or less than horizonHours − MATERIALISE_REFRESH_HOURS ahead are read, in pages
 *   locked with FOR UPDATE SKIP LOCKED (so instances running a pass at the same time share the
 *   work, never repeat it), and only the doses from the old horizon on are made. The new
 *   horizon is now + horizonHours, less up to `spreadHours` (by the medication's id).
 * Windows meet exactly (due ≥ from, due < to) on instants, so nothing is lost or doubled at a
 * horizon boundary, whatever a DST change does to the wall clock in between. Doses already
 * past are not made (a medication added at 10:00 with a 09:00 time does not fire for today).
 * @param options.horizonHours how far ahead (default MATERIALISE_HORIZON_HOURS, 48)
 * @param options.spreadHours the loop's spread (default 0; must be < MATERIALISE_REFRESH_HOURS)
 * @returns medications read and reminder rows inserted or changed
 */
export async function materialiseDoseReminders(
  db: Database,
  clock: Clock,
  options: { horizonHours?: number; spreadHours?: number; userId?: string; medicationId?: string } = {},
): Promise<MaterialiseResult> {
  const now = clock();
  const horizonMs = (options.horizonHours ?? MATERIALISE_HORIZON_HOURS) * HOUR_MS;
  const to = new Date(now.getTime() + horizonMs);
  const result: MaterialiseResult = { medications: 0, written: 0 };

  if (options.userId || options.medicationId) {
    const page = await createScheduleRepository(db).scheduledMedications(options);
    const rows = page.flatMap(({ medication, timezone, language }) =>
      doseRemindersFor(medication, timezone, now, to, userLanguage(language)),
    );
    result.medications = page.length;
    result.written = await createScheduleRepository(db).upsertDoseReminders(rows, now);
    await createScheduleRepository(db).setHorizons(
      page.map(({ medication }) => ({ id: medication.id, until: to.toISOString() })),
    );
    return result;
  }

  const refreshMs = Math.max(0, horizonMs - MATERIALISE_REFRESH_HOURS * HOUR_MS);
  const spreadMs = Math.min(options.spreadHours ?? 0, MATERIALISE_REFRESH_HOURS - 1) * HOUR_MS;
  const refreshBefore = new Date(now.getTime() + refreshMs);
  let after: string | null = null;
  for (;;) {
    const { locked: page, written } = await createScheduleRepository(db).refreshMedicationPage(
      { refreshBefore, after, limit: MEDICATION_PAGE, now },
      (locked) => {
        const horizons: { id: string; until: string }[] = [];
        const rows = locked.flatMap(({ medication, timezone, language }) => {
          const from =
            medication.reminders_until && medication.reminders_until > now ? medication.reminders_until : now;
          const until = new Date(to.getTime() - Math.floor(idFraction(medication.id) * spreadMs));
          horizons.push({ id: medication.id, until: until.toISOString() });
          return doseRemindersFor(medication, timezone, from, until, userLanguage(language));
        });
        return { rows, horizons };
      },
    );
    result.written += written;
    result.medications += page.length;
    if (page.length < MEDICATION_PAGE) break;
    after = page[page.length - 1]!.medication.id;
  }
  return result;
}

/** What other modules call after saving; each keeps the user's reminders in step at once. */
export interface ReminderService {
  /**
   * A medication was created or edited: its future, unsent dose reminders are made again from
   * the new schedule (a dose added two minutes ahead still fires); snoozes stay; after a refill
   * above the threshold the last refill reminder is retired so the next run-down fires anew.
   */
  medicationSaved(userId: string, medicationId: string): Promise<void>;
  /** A medication was deleted (archived): every unsent reminder of it goes. */
  medicationArchived(userId: string, medicationId: string): Promise<void>;
  /** A dose was recorded or its status changed: its reminder and snoozes settle, refills follow. */
  doseRecorded(userId: string, record: AdherenceRecord): Promise<void>;
  /** An appointment was created or changed: its reminders move with it. */
  appointmentChanged(userId: string, appointment: Appointment): Promise<void>;
  /**
   * The user's time zone changed: every future, unsent dose reminder is made again at its local
   * time in the new zone (one already sent or dismissed keeps its row, so it is not sent twice).
   */
  timeZoneChanged(userId: string): Promise<void>;
  /** The user's language changed: unsent reminders' texts are written again in it. */
  languageChanged(userId: string): Promise<void>;
  /** A meal was logged or corrected: its after-meal check is made or moved (decision 098). */
  mealSaved(userId: string, meal: { id: string; date: string; time: string }): Promise<void>;
  /** A meal was deleted: its pending after-meal check goes. */
  mealDeleted(userId: string, mealId: string): Promise<void>;
}

/** The reminder service over `db`, reading the time from `clock`. */
export function createReminderService({ db, clock }: { db: Database; clock: Clock }): ReminderService {
  const repository = createReminderRepository(db);
  return {
    async medicationSaved(userId, medicationId) {
      const now = clock();
      await createScheduleRepository(db).deleteFutureDoseReminders(now, { userId, medicationId });
      await materialiseDoseReminders(db, clock, { userId, medicationId });
      await createScheduleRepository(db).retireRefillReminderIfRefilled(medicationId, now);
    },
    medicationArchived: (userId, medicationId) =>
      createScheduleRepository(db).removeMedicationReminders(userId, medicationId),
    doseRecorded: (userId, record) => repository.onDoseRecorded(userId, record, clock()),
    appointmentChanged: (userId, appointment) => repository.onAppointmentChanged(userId, appointment, clock()),
    async timeZoneChanged(userId) {
      await createScheduleRepository(db).deleteFutureDoseReminders(clock(), { userId });
      await materialiseDoseReminders(db, clock, { userId });
    },
    languageChanged: (userId) => repository.onLanguageChanged(userId, clock()),
    mealSaved: (userId, meal) => onMealSaved(db, userId, meal, clock()),
    mealDeleted: (userId, mealId) => onMealDeleted(db, userId, mealId),
  };
}
