/** /api/imports (decision 046): upload a sensor export for a preview, commit it, undo it, list. */
import type { ImportBatch, ImportPreview, NightscoutImport } from '@diacare/contract/imports';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const importKeys = { all: ['imports'] as const };

export const getImportsQueryOptions = () =>
  queryOptions({ queryKey: importKeys.all, queryFn: () => api.get<ImportBatch[]>('/api/imports', { limit: 20 }) });

/** Uploads the file (sent as text/csv, whatever name or type the browser gives it) → its preview, with the rows refused. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.postFile<ImportPreview>('/api/imports', file, 'text/csv'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** Commits a preview, or (DELETE) discards a preview or undoes a commit; the list refetches. */
export function useImportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'commit' | 'delete' }) =>
      action === 'commit'
        ? api.post<ImportBatch>(`/api/imports/${id}/commit`)
        : api.delete<ImportBatch>(`/api/imports/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** Reads a Nightscout site (address and a readable token; decision 053) → its preview. */
export function useNightscoutImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NightscoutImport) => api.post<ImportPreview>('/api/imports/nightscout', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}
