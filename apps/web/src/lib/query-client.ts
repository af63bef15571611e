import { QueryCache, QueryClient, focusManager } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { readFlag } from './local-flags';
import { reportRequestOutcome } from './offline/connectivity';
import { CACHE_MAX_AGE_MS, restorePersistedCache } from './offline/persist';

/**
 * Server state cache. Data reloads on mount, when the page becomes visible again and on
 * window focus. TanStack Query listens to visibility by default;
 * window focus is added here.
 *
 * Offline: the cache is saved in IndexedDB per user and restored at start
 * (lib/offline/persist.ts), so queries are kept as long as a saved cache is (`gcTime` = 8 days;
 * a query dropped from memory would be dropped from the saved cache too). Every query's outcome
 * tells lib/offline/connectivity.ts whether the server answered.
 */
focusManager.setEventListener((handleFocus) => {
  const onVisibility = () => handleFocus(document.visibilityState === 'visible');
  const onFocus = () => handleFocus(true);
  window.addEventListener('visibilitychange', onVisibility, false);
  window.addEventListener('focus', onFocus, false);
  return () => {
    window.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', onFocus);
  };
});

const isClientError = (error: unknown) =>
  error instanceof Error &&
  'status' in error &&
  (error as { status: number }).status >= 400 &&
  (error as { status: number }).status < 500;

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // ['push', …] reads this browser's push state, not the server.
    onSuccess: (_data, query) => (query.queryKey[0] === 'push' ? undefined : reportRequestOutcome(200)),
    onError: (error) => reportRequestOutcome(error instanceof ApiError ? error.status : 500),
  }),
  defaultOptions: {
    queries: {
      gcTime: CACHE_MAX_AGE_MS,
      staleTime: 0,
      refetchOnWindowFocus: 'always',
      refetchOnMount: true,
      retry: (count, error) => count < 1 && !isClientError(error),
    },
  },
});

/** Settles once the signed-in user's saved cache is in `queryClient` (or there is none). */
export const cacheRestored: Promise<void> = restorePersistedCache(queryClient, readFlag('isAuthenticated'));
