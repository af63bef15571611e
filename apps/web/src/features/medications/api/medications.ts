/**
 * /api/medications and /api/adherence: fetchers, query options, and mutations that go
 * through the outbox with their optimistic appliers.
 */
import { doseKey } from '@diacare/contract/dose-rules';
import type {
  AdherenceInput,
  AdherenceRecord,
  AdherenceStatus,
  Medication,
  MedicationInput,
} from '@diacare/contract/medications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { outboxWrite, pathId, registerApplier, sameRecord } from '../../../lib/offline/lazy-outbox';

export const medicationKeys = {
  all: ['medications'] as const,
  allAdherence: ['adherence'] as const,
  adherence: (range: { start_date?: string; end_date?: string }) => ['adherence', range] as const,
};

export const getMedicationsQueryOptions = () =>
  queryOptions({ queryKey: medicationKeys.all, queryFn: () => api.get<Medication[]>('/api/medications') });

/**
 * Adherence in an inclusive date range. A failure the server answered yields an empty list;
 * no answer at all (offline, status 0) fails instead, so the records
 * saved on this device stay and readers use `data ?? []`.
 */
export const getAdherenceQueryOptions = (range: { start_date?: string; end_date?: string }) =>
  queryOptions({
    queryKey: medicationKeys.adherence(range),
    queryFn: () =>
      api.get<AdherenceRecord[]>('/api/adherence', range).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 0) throw error;
        console.error('Could not load adherence', error);
        return [] as AdherenceRecord[];
      }),
  });

const inRange = (date: string, range: { start_date?: string; end_date?: string } | undefined) =>
  (!range?.start_date || range.start_date <= date) && (!range?.end_date || date <= range.end_date);

/**
 * Doses in the outbox: a Take (POST /api/adherence, one record per dose) shows at
 * once in every cached adherence list whose range holds its date; an Undo (PUT …/{id}) puts
 * the record back to pending. The dose key is marked 'Waiting to sync'.
 */
registerApplier('dose', {
  keys: [['adherence']],
  apply(data, entry, queryKey) {
    const records = data as AdherenceRecord[];
    if (entry.method === 'POST') {
      const input = entry.body as AdherenceInput;
      if (!inRange(input.date, queryKey[1] as { start_date?: string; end_date?: string })) return data;
      const taken_time = input.status === 'taken' ? (input.taken_time ?? null) : null;
      const same = (r: AdherenceRecord) =>
        r.medication_id === input.medication_id && r.date === input.date && r.scheduled_time === input.scheduled_time;
      const existing = records.find(same);
      if (existing) {
        return existing.status === input.status && existing.taken_time === taken_time
          ? data
          : records.map((r) => (same(r) ? { ...r, status: input.status, taken_time } : r));
      }
      return [{ id: entry.key, ...input, taken_time }, ...records];
    }
    const id = pathId(entry);
    const status = (entry.query?.status ?? 'pending') as AdherenceStatus;
    if (!records.some((r) => sameRecord(r.id, id) && r.status !== status)) return data;
    return records.map((r) =>
      sameRecord(r.id, id) ? { ...r, status, taken_time: status === 'taken' ? r.taken_time : null } : r,
    );
  },
  marks(entry) {
    if (entry.method !== 'POST') return [];
    const input = entry.body as AdherenceInput;
    return [doseKey(input.medication_id, input.date, input.scheduled_time)];
  },
});

/**
 * The medication as shown before the server has it (the server's defaults filled in); a new one
 * is added now, an edited one keeps its creation instant (`createdAt`).
 */
const asMedication = (id: string, input: MedicationInput, createdAt = new Date().toISOString()): Medication => ({
  id,
  name: input.name.trim(),
  dosage: input.dosage.trim(),
  form: input.form,
  instructions: input.instructions?.trim() ?? '',
  color: input.color,
  when_to_take: input.when_to_take ?? null,
  schedule: { ...input.schedule, weekdays: input.schedule.weekdays ?? [], end_date: null },
  refill_reminder: input.refill_reminder as Medication['refill_reminder'],
  insulin_type: input.insulin_type ?? null,
  created_at: createdAt,
});

/** Medications in the outbox: added, edited or deleted at once in the cached list. */
registerApplier('medication', {
  keys: [['medications']],
  apply(data, entry) {
    const list = data as Medication[];
    if (entry.method === 'POST') {
      return list.some((m) => m.id === entry.key)
        ? data
        : [...list, asMedication(entry.key, entry.body as MedicationInput)];
    }
    const id = pathId(entry);
    if (!list.some((m) => sameRecord(m.id, id))) return data;
    if (entry.method === 'DELETE') return list.filter((m) => !sameRecord(m.id, id));
    return list.map((m) =>
      sameRecord(m.id, id) ? asMedication(m.id, entry.body as MedicationInput, m.created_at) : m,
    );
  },
});

/** Invalidates everything that a medication or dose change can alter. */
function useRefreshMedications() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: medicationKeys.all }),
      queryClient.invalidateQueries({ queryKey: medicationKeys.allAdherence }),
    ]);
}

/**
 * Records a dose through the outbox: shows at once, syncs when it can. Resolves
 * with the server's record, or the record as shown (its id temporary) when queued.
 */
export function useRecordDose() {
  const refresh = useRefreshMedications();
  return useMutation({
    // The outbox keeps writes made offline: the mutation runs without a network.
    networkMode: 'always',
    mutationFn: ({ input, name }: { input: AdherenceInput; name: string }) =>
      outboxWrite<AdherenceRecord>(
        {
          kind: 'dose',
          method: 'POST',
          path: '/api/adherence',
          body: input,
          label: t('common.outbox.take', { name, time: input.scheduled_time }),
        },
        (key) => ({ id: key, ...input, taken_time: input.taken_time ?? null }),
      ),
    onSuccess: refresh,
  });
}

/**
 * Undoes a Take: PUT /api/adherence/{id}?status=pending (docs/product.md: query only, no
 * body), through the outbox. The dose reads as pending again and the server gives the pill
 * back. A Take still waiting to sync is undone after it, in order.
 */
export function useUndoDose() {
  const refresh = useRefreshMedications();
  return useMutation({
    // The outbox keeps writes made offline: the mutation runs without a network.
    networkMode: 'always',
    mutationFn: ({ recordId, name, time }: { recordId: string; name: string; time: string }) =>
      outboxWrite<AdherenceRecord | null>(
        {
          kind: 'dose',
          method: 'PUT',
          path: `/api/adherence/${recordId}`,
          query: { status: 'pending' },
          label: t('common.outbox.undo', { name, time }),
        },
        () => null,
      ),
    onSuccess: refresh,
  });
}

/** Adds (POST) or edits (PUT /{id}) a medication through the outbox; resolves with it as saved or shown. */
export function useSaveMedication(id: string | undefined) {
  const refresh = useRefreshMedications();
  return useMutation({
    // The outbox keeps writes made offline: the mutation runs without a network.
    networkMode: 'always',
    mutationFn: (input: MedicationInput) =>
      outboxWrite<Medication>(
        {
          kind: 'medication',
          method: id ? 'PUT' : 'POST',
          path: id ? `/api/medications/${id}` : '/api/medications',
          body: input,
          label: t(id ? 'common.outbox.editMedication' : 'common.outbox.newMedication', { name: input.name.trim() }),
        },
        (key) => asMedication(id ?? key, input),
      ),
    onSuccess: refresh,
  });
}

/** Deletes (archives) a medication through the outbox. */
export function useDeleteMedication() {
  const refresh = useRefreshMedications();
  return useMutation({
    // The outbox keeps writes made offline: the mutation runs without a network.
    networkMode: 'always',
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      outboxWrite<{ ok: true }>(
        {
          kind: 'medication',
          method: 'DELETE',
          path: `/api/medications/${id}`,
          label: t('common.outbox.deleteMedication', { name }),
        },
        () => ({ ok: true }),
      ),
    onSuccess: refresh,
  });
}
