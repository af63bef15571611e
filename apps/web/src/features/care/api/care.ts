/**
 * The care circle's API (decision 048): the patient's invitations, members
 * and audit, the consent screen's invitation, and a member's reads of a patient's data.
 * Invitations go straight to the server, not through the outbox: the answer holds the
 * one-time token, which must not be kept anywhere.
 */
import type {
  CareAuditEntry,
  CareMember,
  CareMemberUpdate,
  CareRole,
  CareScope,
  CareSettings,
  Invitation,
  InvitationPreview,
  PendingInvitation,
} from '@diacare/contract/care';
import type { GlucoseReading, BloodPressureReading, BodyMetrics } from '@diacare/contract/health';
import type { AdherenceRecord, Medication } from '@diacare/contract/medications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CARE_REFRESH_MS, patientKeys } from './patients';

export const careKeys = {
  all: ['care'] as const,
  members: ['care', 'members'] as const,
  /** The patient's own pending invitations (not `invitation`, the consent screen's one). */
  invitations: ['care', 'invitations'] as const,
  audit: ['care', 'audit'] as const,
  settings: ['care', 'settings'] as const,
  patients: patientKeys.all,
  invitation: (token: string) => ['care', 'invitation', token] as const,
  patient: (id: string, resource: string, query?: object) => ['care', 'patient', id, resource, query ?? {}] as const,
  /** Every query of one of a patient's resources, whatever its query (to invalidate them all). */
  patientResource: (id: string, resource: string) => ['care', 'patient', id, resource] as const,
};

export const getMembersQueryOptions = () =>
  queryOptions({ queryKey: careKeys.members, queryFn: () => api.get<CareMember[]>('/api/care/members') });
export const getAuditQueryOptions = () =>
  queryOptions({
    queryKey: careKeys.audit,
    queryFn: () => api.get<CareAuditEntry[]>('/api/care/audit', { limit: 50 }),
  });
export const getPendingInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: careKeys.invitations,
    queryFn: () => api.get<PendingInvitation[]>('/api/care/invitations'),
  });
export { getPatientsQueryOptions } from './patients';
export const getInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: careKeys.invitation(token),
    queryFn: () => api.get<InvitationPreview>(`/api/care/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });

/** What a member may read of a patient, by the route's last segment. */
interface PatientResources {
  medications: Medication[];
  adherence: AdherenceRecord[];
  glucose: GlucoseReading[];
  bp: BloodPressureReading[];
  metrics: BodyMetrics[];
}

/**
 * One of a patient's lists, read as a member; never retried, so a refusal shows at once; asked
 * again while the page is shown (decision 075).
 */
export const getPatientQueryOptions = <R extends keyof PatientResources>(
  patientId: string,
  resource: R,
  query?: Record<string, string | number>,
  enabled = true,
) =>
  queryOptions({
    queryKey: careKeys.patient(patientId, resource, query),
    queryFn: () => api.get<PatientResources[R]>(`/api/care/patients/${patientId}/${resource}`, query),
    refetchInterval: CARE_REFRESH_MS,
    retry: false,
    enabled,
  });

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { role: CareRole; scopes: CareScope[]; can_mark_taken: boolean }) =>
      api.post<Invitation>('/api/care/invitations', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: careKeys.audit }),
        queryClient.invalidateQueries({ queryKey: careKeys.invitations }),
      ]),
  });
}

/** Revokes one of the patient's pending invitations; the list and the audit are read again. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/care/invitations/${id}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: careKeys.invitations }),
        queryClient.invalidateQueries({ queryKey: careKeys.audit }),
      ]),
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ ok: true }>(`/api/care/invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.patients }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/care/members/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: careKeys.all }),
  });
}

/** PATCH a member of the patient's circle: scopes, the mark-taken right, alerts. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: CareMemberUpdate & { id: string }) =>
      api.patch<CareMember>(`/api/care/members/${id}`, patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: careKeys.all }),
  });
}

export const careSettingsQuery = () =>
  queryOptions({ queryKey: careKeys.settings, queryFn: () => api.get<CareSettings>('/api/care/settings') });

export function useSaveCareSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CareSettings) => api.put<CareSettings>('/api/care/settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(careKeys.settings, saved),
  });
}

/** Undoes the signed-in member's own Mark taken of one of the patient's doses: it is pending again. */
export function useUnmarkTakenForPatient(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recordId: string) =>
      api.put<AdherenceRecord>(`/api/care/patients/${patientId}/adherence/${recordId}`, undefined, {
        status: 'pending',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: careKeys.patientResource(patientId, 'adherence') }),
  });
}

/** A member marks one of the patient's doses taken on their behalf (when granted). */
export function useMarkTakenForPatient(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dose: { medication_id: string; date: string; scheduled_time: string; taken_time: string }) =>
      api.post<AdherenceRecord>(`/api/care/patients/${patientId}/adherence`, { ...dose, status: 'taken' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: careKeys.patientResource(patientId, 'adherence') }),
  });
}
