/**
 * GET /api/care/alerts/open (decision 075): the alerts about the people a member cares for that
 * nobody has seen yet, polled while a page is shown, for the switcher's badges, Home's cards and
 * the toast of a new one.
 */
import type { MemberOpenAlert } from '@diacare/contract/care';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CARE_REFRESH_MS } from './patients';

export const openAlertKeys = { all: ['care', 'alerts', 'open'] as const };

/** The member's open alerts, newest first; `enabled` only for someone who cares for somebody. */
export const openAlertsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: openAlertKeys.all,
    queryFn: () => api.get<MemberOpenAlert[]>('/api/care/alerts/open'),
    refetchInterval: CARE_REFRESH_MS,
    enabled,
  });

/** Open alerts per patient id. */
export function countByPatient(alerts: readonly MemberOpenAlert[] | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const alert of alerts ?? []) counts.set(alert.patient_id, (counts.get(alert.patient_id) ?? 0) + 1);
  return counts;
}
