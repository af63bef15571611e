/**
 * The user's insulin doses dated from a day on (GET /api/health/insulin), newest first: one query
 * shared by History's Insulin view and the Take's pre-fill, so a new dose refreshes both.
 */
import type { InsulinDose } from '@diacare/contract/insulin';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export const INSULIN_PATH = '/api/health/insulin';

export const insulinKeys = {
  all: ['insulin'] as const,
  list: (query: { start_date: string }) => ['insulin', query] as const,
};

/** The doses dated `start_date` (YYYY-MM-DD) or later. */
export const getInsulinDosesQueryOptions = (query: { start_date: string }) =>
  queryOptions({
    queryKey: insulinKeys.list(query),
    queryFn: () => api.get<InsulinDose[]>(INSULIN_PATH, { ...query }),
  });
