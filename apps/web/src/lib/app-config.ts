/** GET /api/config: links and contacts configured on the server. */
import type { AppConfig } from '@diacare/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const getConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: () => api.get<AppConfig>('/api/config'), staleTime: Infinity });

export const useAppConfig = () => useQuery(getConfigQueryOptions());
