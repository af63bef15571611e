/** GET /api/care/alerts for Home's line: apart from alerts.ts so Home loads only this query. */
import type { CareAlert } from '@diacare/contract/care';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CARE_REFRESH_MS } from './patients';

/** How long Home tells the patient about an alert sent to their circle (24 h). */
export const FAMILY_ALERT_SHOWN_MS = 86_400_000;

export const ownAlertKeys = { all: ['care', 'alerts', 'own'] as const };

/**
 * The signed-in user's most recent alerts (what their circle was told), newest first; asked again
 * every CARE_REFRESH_MS while the page is shown (decision 075), so 'Seen by …' appears on an open Home.
 */
export const ownAlertsQuery = () =>
  queryOptions({
    queryKey: ownAlertKeys.all,
    queryFn: () => api.get<CareAlert[]>('/api/care/alerts', { limit: 3 }),
    refetchInterval: CARE_REFRESH_MS,
  });
