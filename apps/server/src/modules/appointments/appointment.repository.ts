/** SQL for appointments, always scoped to the user. */
import type { Appointment, AppointmentStatus } from '@diacare/contract/appointments';
import { MAX_LIST_LIMIT } from '@diacare/contract/common';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';

type AppointmentRow = typeof appointments.$inferSelect;

function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    doctor: row.doctor,
    location: row.location,
    date: row.date,
    time: row.time,
    notes: row.notes,
    status: row.status,
    starts_at: row.starts_at.toISOString(),
  };
}

export interface NewAppointment {
  type: 'doctor' | 'lab';
  title: string;
  doctor: string | null;
  location: string;
  date: string;
  time: string;
  notes: string;
  starts_at: Date;
}

export function createAppointmentRepository(db: Database) {
  return {
    /**
     * The user's appointments, soonest first. With `limit`, the latest `limit` of them, so
     * the upcoming visits are kept and the oldest past ones dropped.
     */
    async list(userId: string, limit = MAX_LIST_LIMIT): Promise<Appointment[]> {
      const rows = await db
        .select()
        .from(appointments)
        .where(eq(appointments.user_id, userId))
        .orderBy(desc(appointments.starts_at), desc(appointments.id))
        .limit(limit);
      return rows.reverse().map(toAppointment);
    },

    /** Upcoming appointments starting at or after `now`, soonest first, at most `limit`. */
    async listUpcoming(userId: string, now: Date, limit: number): Promise<Appointment[]> {
      const rows = await db
        .select()
        .from(appointments)
        .where(
          and(eq(appointments.user_id, userId), eq(appointments.status, 'upcoming'), gte(appointments.starts_at, now)),
        )
        .orderBy(asc(appointments.starts_at))
        .limit(limit);
      return rows.map(toAppointment);
    },

    async create(userId: string, values: NewAppointment): Promise<Appointment> {
      const [row] = await db
        .insert(appointments)
        .values({ user_id: userId, ...values, status: 'upcoming' })
        .returning();
      return toAppointment(row!);
    },

    /** Sets the status; null when the appointment is not the user's. */
    async setStatus(userId: string, id: string, status: AppointmentStatus): Promise<Appointment | null> {
      const [row] = await db
        .update(appointments)
        .set({ status, updated_at: new Date() })
        .where(and(eq(appointments.id, id), eq(appointments.user_id, userId)))
        .returning();
      return row ? toAppointment(row) : null;
    },
  };
}
