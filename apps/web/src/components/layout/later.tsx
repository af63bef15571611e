/** Part of a screen rendered after its first paint: the top of a long screen shows sooner. */
import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders nothing in the screen's first render, then `children` in a deferred render that React
 * builds in slices (React 19's `useDeferredValue` initial value). For what lies below the fold of
 * a long screen (Profile): the first commit is smaller, so the top paints sooner (decision 059).
 */
export function Later({ children }: { children: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : null;
}
