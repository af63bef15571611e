/**
 * The Patients screen's API (decision 086): the list with summaries, a page at a time, Mark
 * reviewed, and the doctor's clinic codes and a patient's answer to one (decision 087). Straight
 * to the server, not through the outbox: a clinic code's answer is shown at once.
 */
import type { CarePatientWithSummary, PatientListSort } from '@diacare/contract/care-patient-list';
import type { CareScope } from '@diacare/contract/care';
import type { CareRequest, CareRequestPreview } from '@diacare/contract/care-requests';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CARE_PATIENTS_PATH, CARE_REFRESH_MS } from './patients';

/** People a page of the list holds; a full page means there may be another. */
export const PATIENT_PAGE_SIZE = 25;
/** The period each summary covers, in days ending today in the person's zone. */
export const SUMMARY_DAYS = 14;

export const patientListKeys = {
  all: ['care', 'patient-list'] as const,
  list: (sort: PatientListSort, needsAttention: boolean) => ['care', 'patient-list', sort, needsAttention] as const,
  codes: ['care', 'clinic-codes'] as const,
  code: (code: string) => ['care', 'clinic-code', code] as const,
};

/** The list in `sort` order, only those needing attention when `needsAttention`, page by page. */
export const patientListQuery = (sort: PatientListSort, needsAttention: boolean) =>
  infiniteQueryOptions({
    queryKey: patientListKeys.list(sort, needsAttention),
    queryFn: ({ pageParam }) =>
      api.get<CarePatientWithSummary[]>(CARE_PATIENTS_PATH, {
        summary_days: SUMMARY_DAYS,
        sort,
        limit: PATIENT_PAGE_SIZE,
        page: pageParam,
        ...(needsAttention ? { needs_attention: 'true' } : {}),
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length === PATIENT_PAGE_SIZE ? pages.length + 1 : undefined),
    refetchInterval: CARE_REFRESH_MS,
  });

/** Marks a person reviewed now; the list is read again (the order may change). */
export function useMarkReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patientId: string) =>
      api.post<{ last_reviewed_at: string }>(`${CARE_PATIENTS_PATH}/${patientId}/reviewed`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientListKeys.all }),
  });
}

/** The signed-in doctor's clinic codes that still work. */
export const clinicCodesQuery = () =>
  queryOptions({ queryKey: patientListKeys.codes, queryFn: () => api.get<CareRequest[]>('/api/care/requests') });

export function useCreateClinicCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scopes: CareScope[]) => api.post<CareRequest>('/api/care/requests', { scopes }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientListKeys.codes }),
  });
}

export function useWithdrawClinicCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/care/requests/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientListKeys.codes }),
  });
}

/** What a clinic code asks, for the patient's consent screen; never retried, so a refusal shows at once. */
export const clinicCodePreviewQuery = (code: string) =>
  queryOptions({
    queryKey: patientListKeys.code(code),
    queryFn: () => api.get<CareRequestPreview>(`/api/care/requests/${encodeURIComponent(code)}`),
    retry: false,
  });

/** The patient shares `scopes` (some of those asked) with the code's doctor. */
export function useShareWithClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, scopes }: { code: string; scopes: CareScope[] }) =>
      api.post<{ ok: true }>(`/api/care/requests/${encodeURIComponent(code)}/accept`, { scopes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['care'] }),
  });
}
