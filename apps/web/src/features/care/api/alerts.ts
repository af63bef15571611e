/**
 * Care alerts (docs/decisions/051): a member's alerts of a person they care for, and 'Seen'.
 * The patient's own list (Home's line) is in own-alerts.ts; a member's open ones in open-alerts.ts.
 */
import type { CareAlert } from '@diacare/contract/care';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { CARE_REFRESH_MS, patientKeys } from './patients';

export const alertKeys = {
  /** Every alert list: the patient's own, a member's of one patient, a member's open ones. */
  all: ['care', 'alerts'] as const,
  patient: (patientId: string) => ['care', 'alerts', 'patient', patientId] as const,
};

/** The alerts sent about a person the member cares for, newest first; asked again while shown (decision 075). */
export const patientAlertsQuery = (patientId: string) =>
  queryOptions({
    queryKey: alertKeys.patient(patientId),
    queryFn: () => api.get<CareAlert[]>(`/api/care/patients/${patientId}/alerts`, { limit: 10 }),
    refetchInterval: CARE_REFRESH_MS,
    retry: false,
  });

/**
 * 'Seen': acknowledges the alert for everyone in the circle and for the patient; every alert list
 * is read again. A 404 means the member was removed (or the alert is no longer theirs to see):
 * the list of people they care for is read again too, so an open page of that patient turns.
 */
export function useMarkAlertSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => api.post<CareAlert>(`/api/care/alerts/${alertId}/seen`, {}),
    onError: (error) =>
      error instanceof ApiError && error.status === 404
        ? queryClient.invalidateQueries({ queryKey: patientKeys.all })
        : undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
