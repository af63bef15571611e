/**
 * /api/appointments: query options, and mutations that go through the outbox
 * with their optimistic applier.
 */
import type { Appointment, AppointmentInput, AppointmentStatus } from '@diacare/contract/appointments';
import { zonedInstant } from '@diacare/contract/dates';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useUserZone } from '../../../lib/auth/auth-provider';
import { t } from '../../../lib/i18n/i18n';
import { outboxWrite, pathId, registerApplier, sameRecord } from '../../../lib/offline/lazy-outbox';

const appointmentsKey = ['appointments'] as const;

/** Home treats a failure as an empty list; the booking page shows the error. */
export const getAppointmentsQueryOptions = () =>
  queryOptions({ queryKey: appointmentsKey, queryFn: () => api.get<Appointment[]>('/api/appointments') });

/** The visit as shown before the server has it; `starts_at` from its date and time in the user's zone, as the server does. */
const asAppointment = (id: string, input: AppointmentInput, zone: string): Appointment => ({
  id,
  type: input.type,
  title: input.title.trim(),
  doctor: input.doctor?.trim() || null,
  location: input.location.trim(),
  date: input.date,
  time: input.time,
  notes: input.notes ?? '',
  status: 'upcoming',
  starts_at: zonedInstant(input.date, input.time, zone).toISOString(),
});

/** Bookings and status changes in the outbox: shown at once in the cached list. */
registerApplier('appointment', {
  keys: [appointmentsKey],
  apply(data, entry) {
    const list = data as Appointment[];
    if (entry.method === 'POST') {
      return list.some((a) => a.id === entry.key)
        ? data
        : [...list, asAppointment(entry.key, entry.body as AppointmentInput, entry.meta?.zone ?? 'UTC')];
    }
    const id = pathId(entry);
    const { status } = entry.body as { status: AppointmentStatus };
    if (!list.some((a) => sameRecord(a.id, id) && a.status !== status)) return data;
    return list.map((a) => (sameRecord(a.id, id) ? { ...a, status } : a));
  },
});

/** Books a visit through the outbox; resolves with it as saved, or as shown when queued. */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  const zone = useUserZone();
  return useMutation({
    // The outbox keeps writes made offline: the mutation runs without a network.
    networkMode: 'always',
    mutationFn: (input: AppointmentInput) =>
      outboxWrite<Appointment>(
        {
          kind: 'appointment',
          method: 'POST',
          path: '/api/appointments',
          body: input,
          meta: { zone },
          label: t('common.outbox.book', { title: input.title.trim() }),
        },
        (key) => asAppointment(key, input, zone),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsKey }),
  });
}

/** Cancels, completes or restores a visit (PATCH /{id}) through the outbox. */
export function useSetAppointmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox keeps writes made offline: the mutation runs without a network.
    networkMode: 'always',
    mutationFn: ({ id, status, title }: { id: string; status: AppointmentStatus; title: string }) =>
      outboxWrite<Appointment | null>(
        {
          kind: 'appointment',
          method: 'PATCH',
          path: `/api/appointments/${id}`,
          body: { status },
          label: t('common.outbox.appointmentStatus', { title }),
        },
        () => null,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsKey }),
  });
}
