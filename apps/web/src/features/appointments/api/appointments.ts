/** /api/appointments (spec §7): query options and mutations. */
import type { Appointment, AppointmentInput, AppointmentStatus } from '@diacare/contract/appointments';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const appointmentsKey = ['appointments'] as const;

/** Home treats a failure as an empty list (spec §7); the booking page shows the error. */
export const getAppointmentsQueryOptions = () =>
  queryOptions({ queryKey: appointmentsKey, queryFn: () => api.get<Appointment[]>('/api/appointments') });

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppointmentInput) => api.post<Appointment>('/api/appointments', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsKey }),
  });
}

export function useSetAppointmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AppointmentStatus }) =>
      api.patch<Appointment>(`/api/appointments/${id}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsKey }),
  });
}
