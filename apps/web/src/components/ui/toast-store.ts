/**
 * The current toast (one at a time: a new toast replaces the current one), kept apart from
 * both renderers so that `toast.tsx` and its lazy `toaster-view.tsx` import it, not each other.
 */

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** How long it stays, in ms (default 5,000; pausing on hover or focus, as Radix does). */
  duration?: number;
  /** One button in the toast, e.g. 'Undo'; pressing it runs `onClick` and closes the toast. */
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

/** Calls `listener` whenever the current toast changes; returns the unsubscribe function. */
export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast on screen, or null. */
export const currentToast = () => current;
