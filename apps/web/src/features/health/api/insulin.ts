/** /api/health/insulin for History's Insulin view: the doses of a period, newest first. */
import type { InsulinDose } from '@diacare/contract/insulin';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Same key as the Take's pre-fill list (features/medications/api/insulin.ts), so a new dose refetches both. */
export const getInsulinDosesQueryOptions = (query: { start_date: string }) =>
  queryOptions({
    queryKey: ['insulin', query] as const,
    queryFn: () => api.get<InsulinDose[]>('/api/health/insulin', { ...query }),
  });
