/** React.lazy for a dialog: its code loads when the first screen is idle, so the first tap opens it at once. */
import type { ComponentProps, ComponentType } from 'react';
import { afterFirstScreen } from './after-first-screen';
import { loadOnce } from './load-once';
import { retryableLazy } from './retryable-lazy';

/**
 * Like `React.lazy(load)`, and `load` also starts once the first screen is complete and the
 * browser is idle (after-first-screen.ts), so the code stays off the first screen's JavaScript
 * yet is there before the first tap. One `load` call serves both; a failed preload (offline)
 * is forgotten, so the tap tries again, and a failed render can be tried again (retryable-lazy).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPreloaded<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const once = loadOnce(load);
  afterFirstScreen(once);
  return retryableLazy(once);
}
