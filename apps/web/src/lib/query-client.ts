import { QueryClient } from '@tanstack/react-query';

/**
 * Server state cache. Data reloads on mount, on window focus and when the page becomes
 * visible again (spec §4 Data reload): TanStack Query's focus manager covers both.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 0,
      refetchOnWindowFocus: 'always',
      refetchOnMount: true,
      retry: (count, error) =>
        count < 1 && !(error instanceof Error && 'status' in error && (error as { status: number }).status < 500),
    },
  },
});
