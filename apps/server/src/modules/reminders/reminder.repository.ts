/**
 * SQL for the user's reminders and the hooks that keep them in
 * step with medications, doses and appointments. Every statement is scoped to the
 * user: another user's id behaves exactly like one that does not exist.
 */
import { randomUUID } from 'node:crypto';
import type { Appointment } from '@diacare/contract/appointments';
import type { AdherenceRecord } from '@diacare/contract/medications';
import { MAX_LIST_LIMIT } from '@diacare/contract/common';
import type { Reminder } from '@diacare/contract/reminders';
import { and, asc, eq, gte, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appointments, medications, reminders, users } from '../../db/schema.ts';
import { userLanguage, type Language } from '../../i18n/index.ts';
import { CUSTOM_WINDOW_MS, REFILL_WINDOW_MS } from './constants.ts';
import { refillDedupeKey } from './dose-reminders.ts';
import { rescheduledColumns } from './schedule.repository.ts';
import { appointmentBody, appointmentTitle, refillBody, refillTitle } from './texts.ts';

type ReminderRow = typeof reminders.$inferSelect;

const HOUR_MS = 3_600_000;
/** A snooze or reminder "now" from a device whose clock runs a little behind is still accepted. */
const PAST_GRACE_MS = 60_000;

/** The API shape of a reminder row (contract reminderSchema). */
export function toReminder(row: ReminderRow): Reminder {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    due_at: row.due_at.toISOString(),
    sent: row.sent,
    sent_at: row.sent_at?.toISOString() ?? null,
    status: row.status,
    medication_id: row.medication_id,
    appointment_id: row.appointment_id,
    dose_date: row.dose_date,
    scheduled_time: row.scheduled_time,
  };
}

/** A pending row nobody holds a live claim on. */
const unclaimed = (now: Date) => or(isNull(reminders.claimed_until), lt(reminders.claimed_until, now));

/** A validated POST /api/reminders body (reminderInputSchema's output). */
export interface NewReminderValues {
  title: string;
  body: string;
  due_at: string;
  snoozed_from?: string | undefined;
}

export type CreateReminderResult = { reminder: Reminder } | { error: 'not-found' } | { error: 'past' };

export function createReminderRepository(db: Database) {
  /** The language the user's notification texts are written in. */
  async function languageOf(userId: string): Promise<Language> {
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return userLanguage(row?.language);
  }

  return {
    /**
     * The user's reminders, soonest first. By default only those still to be sent (status
     * 'pending'); with `includeSent` every status, including skipped, missed and failed.
     * Reminders the user deleted never show.
     */
    async list(userId: string, includeSent: boolean, limit = MAX_LIST_LIMIT): Promise<Reminder[]> {
      const rows = await db
        .select()
        .from(reminders)
        .where(
          and(
            eq(reminders.user_id, userId),
            isNull(reminders.dismissed_at),
            includeSent ? undefined : eq(reminders.status, 'pending'),
          ),
        )
        .orderBy(asc(reminders.due_at), asc(reminders.id))
        .limit(limit);
      return rows.map(toReminder);
    },

    /** Pending reminders due in [now, now + 24 h), dose reminders included, soonest first; at most `limit`. */
    async upcoming(userId: string, now: Date, limit = MAX_LIST_LIMIT): Promise<Reminder[]> {
      const rows = await db
        .select()
        .from(reminders)
        .where(
          and(
            eq(reminders.user_id, userId),
            isNull(reminders.dismissed_at),
            eq(reminders.status, 'pending'),
            gte(reminders.due_at, now),
            lt(reminders.due_at, new Date(now.getTime() + 24 * HOUR_MS)),
          ),
        )
        .orderBy(asc(reminders.due_at), asc(reminders.id))
        .limit(limit);
      return rows.map(toReminder);
    },

    /**
     * The user's own reminder at `due_at` (not more than a minute in the past). With
     * `snoozed_from` (one of the user's reminders, else not-found) it keeps that reminder's
     * kind, medication, dose and appointment, so a snoozed dose is still skipped once taken.
     */
    async create(userId: string, input: NewReminderValues, now: Date): Promise<CreateReminderResult> {
      const due = new Date(input.due_at);
      if (due.getTime() < now.getTime() - PAST_GRACE_MS) return { error: 'past' };
      let origin: ReminderRow | undefined;
      if (input.snoozed_from) {
        [origin] = await db
          .select()
          .from(reminders)
          .where(and(eq(reminders.id, input.snoozed_from), eq(reminders.user_id, userId)));
        if (!origin) return { error: 'not-found' };
      }
      const [row] = await db
        .insert(reminders)
        .values({
          user_id: userId,
          kind: origin?.kind ?? 'custom',
          medication_id: origin?.medication_id ?? null,
          appointment_id: origin?.appointment_id ?? null,
          dose_date: origin?.dose_date ?? null,
          scheduled_time: origin?.scheduled_time ?? null,
          snoozed_from: origin?.id ?? null,
          title: input.title,
          body: input.body,
          due_at: due,
          expires_at: new Date(due.getTime() + CUSTOM_WINDOW_MS),
          dedupe_key: `custom:${randomUUID()}`,
        })
        .returning();
      return { reminder: toReminder(row!) };
    },

    /**
     * Deletes the user's reminder; false when not theirs. The user's own reminders (and
     * snoozes) are deleted; a materialised one (dose, refill, appointment) is kept as
     * dismissed so the materialiser does not make it again, and is never sent.
     */
    async remove(userId: string, id: string, now: Date): Promise<boolean> {
      const owned = and(eq(reminders.id, id), eq(reminders.user_id, userId));
      const deleted = await db
        .delete(reminders)
        .where(and(owned, like(reminders.dedupe_key, 'custom:%')))
        .returning({ id: reminders.id });
      if (deleted.length > 0) return true;
      const dismissed = await db
        .update(reminders)
        .set({
          dismissed_at: now,
          status: sql`case when ${reminders.status} = 'pending' then 'skipped' else ${reminders.status} end`,
          detail: sql`case when ${reminders.status} = 'pending' then 'dismissed' else ${reminders.detail} end`,
          updated_at: now,
        })
        .where(and(owned, isNull(reminders.dismissed_at)))
        .returning({ id: reminders.id });
      if (dismissed.length > 0) return true;
      // Already dismissed: still the user's, so deleting again succeeds.
      const [existing] = await db.select({ id: reminders.id }).from(reminders).where(owned);
      return Boolean(existing);
    },

    /**
     * After a dose is recorded (POST /api/adherence, PUT /api/adherence/{id}). Taken: its
     * unsent reminders (and snoozes) are skipped, and when refill reminders are on and the
     * pills left have reached the threshold, one refill reminder is due now, once per run-down
     * (key 'refill:<medication>', retired when the pills are refilled above the threshold).
     * Not taken any more: reminders skipped because it was taken come back while in their window.
     */
    async onDoseRecorded(userId: string, record: AdherenceRecord, now: Date): Promise<void> {
      const dose = and(
        eq(reminders.user_id, userId),
        eq(reminders.medication_id, record.medication_id),
        eq(reminders.dose_date, record.date),
        eq(reminders.scheduled_time, record.scheduled_time),
      );
      if (record.status !== 'taken') {
        await db
          .update(reminders)
          .set({ status: 'pending', detail: null, updated_at: now })
          .where(
            and(
              dose,
              eq(reminders.status, 'skipped'),
              eq(reminders.detail, 'dose taken'),
              isNull(reminders.dismissed_at),
              gte(reminders.expires_at, now),
            ),
          );
        return;
      }
      await db
        .update(reminders)
        .set({ status: 'skipped', detail: 'dose taken', updated_at: now })
        .where(and(dose, eq(reminders.status, 'pending'), unclaimed(now)));
      const [medication] = await db
        .select()
        .from(medications)
        .where(and(eq(medications.id, record.medication_id), eq(medications.user_id, userId)));
      if (!medication?.refill_enabled || medication.pills_remaining > medication.refill_threshold) return;
      const language = await languageOf(userId);
      await db
        .insert(reminders)
        .values({
          user_id: userId,
          kind: 'refill',
          medication_id: medication.id,
          title: refillTitle(medication.name, language),
          body: refillBody(medication.pills_remaining, language),
          due_at: now,
          expires_at: new Date(now.getTime() + REFILL_WINDOW_MS),
          dedupe_key: refillDedupeKey(medication.id),
        })
        .onConflictDoNothing({ target: reminders.dedupe_key });
    },

    /**
     * After the user chose another language: the texts of their unsent refill and
     * appointment reminders are written again in it, in place (instants, claims and dedupe
     * keys untouched). Dose reminders are made again by rewriteUserDoseReminders.
     */
    async onLanguageChanged(userId: string, now: Date): Promise<void> {
      const language = await languageOf(userId);
      const pending = and(eq(reminders.user_id, userId), eq(reminders.status, 'pending'));
      const refills = await db
        .select({ id: reminders.id, name: medications.name, pills: medications.pills_remaining })
        .from(reminders)
        .innerJoin(medications, eq(medications.id, reminders.medication_id))
        .where(and(pending, eq(reminders.kind, 'refill')));
      for (const refill of refills) {
        await db
          .update(reminders)
          .set({ title: refillTitle(refill.name, language), body: refillBody(refill.pills, language), updated_at: now })
          .where(eq(reminders.id, refill.id));
      }
      const visits = await db
        .select({ id: reminders.id, key: reminders.dedupe_key, appointment: appointments })
        .from(reminders)
        .innerJoin(appointments, eq(appointments.id, reminders.appointment_id))
        .where(and(pending, eq(reminders.kind, 'appointment')));
      for (const { id, key, appointment } of visits) {
        const lead = key?.endsWith(':1h') ? '1h' : '24h';
        await db
          .update(reminders)
          .set({
            title: appointmentTitle(appointment.title, lead, language),
            body: appointmentBody(appointment, language),
            updated_at: now,
          })
          .where(eq(reminders.id, id));
      }
    },

    /**
     * After an appointment is booked or its status changes: its unsent reminders are removed,
     * and while it is upcoming, one is made 24 h and one 1 h before `starts_at`, each only if
     * still in the future. The 24 h one may be sent until 1 h before; the 1 h one until the start.
     */
    async onAppointmentChanged(userId: string, appointment: Appointment, now: Date): Promise<void> {
      await db
        .delete(reminders)
        .where(
          and(
            eq(reminders.user_id, userId),
            eq(reminders.appointment_id, appointment.id),
            eq(reminders.status, 'pending'),
          ),
        );
      if (appointment.status !== 'upcoming') return;
      const language = await languageOf(userId);
      const startsAt = new Date(appointment.starts_at).getTime();
      const rows = (['24h', '1h'] as const)
        .map((lead) => ({ lead, due: startsAt - (lead === '24h' ? 24 : 1) * HOUR_MS }))
        .filter(({ due }) => due > now.getTime())
        .map(({ lead, due }) => ({
          user_id: userId,
          kind: 'appointment' as const,
          appointment_id: appointment.id,
          title: appointmentTitle(appointment.title, lead, language),
          body: appointmentBody(appointment, language),
          due_at: new Date(due),
          expires_at: new Date(lead === '24h' ? startsAt - HOUR_MS : startsAt),
          dedupe_key: `appointment:${appointment.id}:${lead}`,
        }));
      if (rows.length === 0) return;
      await db
        .insert(reminders)
        .values(rows)
        .onConflictDoUpdate({
          target: reminders.dedupe_key,
          set: rescheduledColumns(now),
          setWhere: sql`${reminders.status} = 'pending'`,
        });
    },
  };
}
export type ReminderRepository = ReturnType<typeof createReminderRepository>;
