/** /api/medications and /api/adherence (spec §7): fetchers, query options and mutations. */
import type { AdherenceInput, AdherenceRecord, Medication, MedicationInput } from '@diacare/contract/medications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const medicationKeys = {
  all: ['medications'] as const,
  adherence: (range: { start_date?: string; end_date?: string }) => ['adherence', range] as const,
};

export const getMedicationsQueryOptions = () =>
  queryOptions({ queryKey: medicationKeys.all, queryFn: () => api.get<Medication[]>('/api/medications') });

/** Adherence in an inclusive date range. A failure yields an empty list (spec §7: Home, Reports). */
export const getAdherenceQueryOptions = (range: { start_date?: string; end_date?: string }) =>
  queryOptions({
    queryKey: medicationKeys.adherence(range),
    queryFn: () =>
      api.get<AdherenceRecord[]>('/api/adherence', range).catch((error: unknown) => {
        console.error('Could not load adherence', error);
        return [] as AdherenceRecord[];
      }),
  });

/** Invalidates everything that a medication or dose change can alter. */
function useRefreshMedications() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: medicationKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['adherence'] }),
    ]);
}

export function useRecordDose() {
  const refresh = useRefreshMedications();
  return useMutation({
    mutationFn: (input: AdherenceInput) => api.post<AdherenceRecord>('/api/adherence', input),
    onSuccess: refresh,
  });
}

/**
 * Undoes a Take (issue 15): PUT /api/adherence/{id}?status=pending (spec §7: query only, no
 * body). The dose reads as pending again and the server gives the pill back.
 */
export function useUndoDose() {
  const refresh = useRefreshMedications();
  return useMutation({
    mutationFn: (recordId: string) =>
      api.put<AdherenceRecord>(`/api/adherence/${recordId}`, undefined, { status: 'pending' }),
    onSuccess: refresh,
  });
}

export function useSaveMedication(id: string | undefined) {
  const refresh = useRefreshMedications();
  return useMutation({
    mutationFn: (input: MedicationInput) =>
      id ? api.put<Medication>(`/api/medications/${id}`, input) : api.post<Medication>('/api/medications', input),
    onSuccess: refresh,
  });
}

export function useDeleteMedication() {
  const refresh = useRefreshMedications();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/medications/${id}`),
    onSuccess: refresh,
  });
}
