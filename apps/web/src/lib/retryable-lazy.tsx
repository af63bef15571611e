/**
 * React.lazy whose failed load can be tried again. React keeps a lazy component's rejection for
 * good, so a chunk that could not load once (offline before the service worker holds it, or
 * replaced by a deploy) would fail every later render. `retryFailedLoads()` swaps in a new lazy
 * component for each load that failed, and their next render loads them again. Decision 065.
 */
import { lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

/** Renewals of the lazy components whose load failed, run by retryFailedLoads(). */
const failed = new Set<() => void>();

/**
 * Like `React.lazy(load)`; after a failed load, `retryFailedLoads()` makes its next render load
 * again (not before: a renewal at once would make React's own re-render load it again and again).
 * Returns a component with the loaded component's props; a failure reaches the nearest error
 * boundary as with React.lazy.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function retryableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  let current: LazyExoticComponent<T>;
  const renew = () => {
    current = lazy(() =>
      load().catch((error: unknown) => {
        failed.add(renew);
        throw error;
      }),
    );
  };
  renew();
  return function RetryableLazy(props: ComponentProps<T>) {
    const Loaded = current as ComponentType<ComponentProps<T>>;
    return <Loaded {...props} />;
  };
}

/** Lets every lazy component whose load failed load again at its next render. */
export function retryFailedLoads(): void {
  for (const renew of failed) renew();
  failed.clear();
}
