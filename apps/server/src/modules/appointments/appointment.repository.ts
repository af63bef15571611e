/** SQL for appointments, always scoped to the user. */
import type { Appointment, AppointmentStatus } from '@diacare/contract/appointments';
import { and, asc, eq } from 'drizzle-orm';
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
    /** All of the user's appointments, soonest first. */
    async list(userId: string): Promise<Appointment[]> {
      const rows = await db
        .select()
        .from(appointments)
        .where(eq(appointments.user_id, userId))
        .orderBy(asc(appointments.starts_at), asc(appointments.id));
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
