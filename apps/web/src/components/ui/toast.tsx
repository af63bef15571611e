/**
 * Toasts: one at a time; a new toast replaces the current one.
 * The old notifier kept dismissed toasts in memory for 1,000,000 ms; here a toast is
 * removed as soon as it closes (same sight for the user, no leak; see README).
 */
import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { currentToast, subscribe } from './toast-store';

export { dismiss, toast, type ToastMessage } from './toast-store';

// The Radix renderer loads with the first toast, keeping it off the first screen's JavaScript.
const loadView = () => lazy(() => import('./toaster-view'));
let ToasterView = loadView();

/**
 * Shows nothing for a toast whose renderer could not load (offline before the service worker
 * holds it), instead of letting the error unmount the app; the next toast (`id`) loads it again.
 */
class RendererLoadFailure extends Component<{ id: number; children: ReactNode }, { id: number; failed: boolean }> {
  override state = { id: this.props.id, failed: false };
  static getDerivedStateFromProps(props: { id: number }, state: { id: number; failed: boolean }) {
    return props.id === state.id ? null : { id: props.id, failed: false };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('A toast could not be shown', error);
    ToasterView = loadView();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Renders the current toast; mount once at the app root. */
export function Toaster() {
  const message = useSyncExternalStore(subscribe, currentToast);
  if (!message) return null;
  return (
    <RendererLoadFailure id={message.id}>
      <Suspense fallback={null}>
        <ToasterView />
      </Suspense>
    </RendererLoadFailure>
  );
}
