/** GET /api/care/patients: apart from care.ts so Home's switcher loads only this. */
import type { CarePatient } from '@diacare/contract/care';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * How often an open page of the care circle asks again while it is shown (decision 075): the
 * member's open alerts, and a patient's pages. Polling stops while the page is hidden.
 */
export const CARE_REFRESH_MS = 30_000;

export const patientKeys = { all: ['care', 'patients'] as const };

/** The people the signed-in user cares for. */
export const getPatientsQueryOptions = () =>
  queryOptions({ queryKey: patientKeys.all, queryFn: () => api.get<CarePatient[]>('/api/care/patients') });
