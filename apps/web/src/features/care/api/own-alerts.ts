/** GET /api/care/alerts for Home's line: apart from alerts.ts so Home loads only this query. */
import type { CareAlert } from '@diacare/contract/care';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How long Home tells the patient about an alert sent to their circle (24 h). */
export const FAMILY_ALERT_SHOWN_MS = 86_400_000;

export const ownAlertKeys = { all: ['care', 'alerts', 'own'] as const };

/** The signed-in user's most recent alerts (what their circle was told), newest first. */
export const ownAlertsQuery = () =>
  queryOptions({
    queryKey: ownAlertKeys.all,
    queryFn: () => api.get<CareAlert[]>('/api/care/alerts', { limit: 3 }),
  });
