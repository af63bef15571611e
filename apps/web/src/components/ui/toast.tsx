/**
 * Toasts (spec §4 Toast notifier, §9): one at a time; a new toast replaces the current one.
 * The old notifier kept dismissed toasts in memory for 1,000,000 ms; here a toast is
 * removed as soon as it closes (same sight for the user, no leak; see README).
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** One button in the toast, e.g. 'Undo' (issue 13, item 3); `onClick` runs, then the toast closes. */
  action?: { label: string; onClick: () => void };
}

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a toast, replacing any toast on screen. */
export function toast(message: Omit<ToastMessage, 'id'>): void {
  current = { ...message, id: nextId++ };
  emit();
}

/** Removes the toast with `id` if it is still the one shown. */
export function dismiss(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentToast = () => current;

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
