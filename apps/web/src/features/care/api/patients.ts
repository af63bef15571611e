/**
 * GET /api/care/patients: apart from care.ts so Home's switcher loads only this. The Patients
 * screen's list with summaries (patient-list.ts) asks the same path.
 */
import type { CarePatient } from '@diacare/contract/care';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setFlag } from '../../../lib/local-flags';

/**
 * How often an open page of the care circle asks again while it is shown (decision 075): the
 * member's open alerts, and a patient's pages. Polling stops while the page is hidden.
 */
export const CARE_REFRESH_MS = 30_000;

export const CARE_PATIENTS_PATH = '/api/care/patients';

export const patientKeys = { all: ['care', 'patients'] as const };

/** The people the signed-in user cares for. */
export const getPatientsQueryOptions = () =>
  queryOptions({ queryKey: patientKeys.all, queryFn: () => api.get<CarePatient[]>(CARE_PATIENTS_PATH) });

/**
 * Asks whether the signed-in user follows anyone and records it in the careMember flag, which
 * lets a caregiver without a patient profile open Home (decision 076). Rejects when the server
 * cannot answer (the flag is then left as it was).
 */
export async function syncCareMember(): Promise<boolean> {
  const follows = (await api.get<CarePatient[]>(CARE_PATIENTS_PATH)).length > 0;
  setFlag('careMember', follows);
  return follows;
}
