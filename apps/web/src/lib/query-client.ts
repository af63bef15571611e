import { QueryClient, focusManager } from '@tanstack/react-query';

/**
 * Server state cache. Data reloads on mount, when the page becomes visible again and on
 * window focus (spec §4 Data reload). TanStack Query listens to visibility by default;
 * window focus is added here.
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
  defaultOptions: {
    queries: {
      staleTime: 0,
      refetchOnWindowFocus: 'always',
      refetchOnMount: true,
      retry: (count, error) => count < 1 && !isClientError(error),
    },
  },
});
