/**
 * Care alerts (docs/decisions/051): a member's alerts of a person they care for, and 'Seen'.
 * The patient's own list (Home's line) is in own-alerts.ts.
 */
import type { CareAlert } from '@diacare/contract/care';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const alertKeys = {
  patient: (patientId: string) => ['care', 'alerts', 'patient', patientId] as const,
};

/** The alerts sent about a person the member cares for, newest first. */
export const patientAlertsQuery = (patientId: string) =>
  queryOptions({
    queryKey: alertKeys.patient(patientId),
    queryFn: () => api.get<CareAlert[]>(`/api/care/patients/${patientId}/alerts`, { limit: 10 }),
    retry: false,
  });

/** 'Seen': acknowledges the alert for everyone in the circle and for the patient. */
export function useMarkAlertSeen(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => api.post<CareAlert>(`/api/care/alerts/${alertId}/seen`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.patient(patientId) }),
  });
}
