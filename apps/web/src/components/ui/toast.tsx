/**
 * Toasts: one at a time; a new toast replaces the current one.
 * The old notifier kept dismissed toasts in memory for 1,000,000 ms; here a toast is
 * removed as soon as it closes (same sight for the user, no leak; see README).
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentToast, subscribe } from './toast-store';

export { dismiss, toast, type ToastMessage } from './toast-store';

// The Radix renderer loads with the first toast, keeping it off the first screen's JavaScript.
const ToasterView = lazy(() => import('./toaster-view'));

/** Renders the current toast; mount once at the app root. */
export function Toaster() {
  const message = useSyncExternalStore(subscribe, currentToast);
  if (!message) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
