/** GET /api/care/patients: apart from care.ts so Home's switcher loads only this. */
import type { CarePatient } from '@diacare/contract/care';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const patientKeys = { all: ['care', 'patients'] as const };

/** The people the signed-in user cares for. */
export const getPatientsQueryOptions = () =>
  queryOptions({ queryKey: patientKeys.all, queryFn: () => api.get<CarePatient[]>('/api/care/patients') });
