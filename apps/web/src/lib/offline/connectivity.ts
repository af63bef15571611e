/**
 * Whether DiaCare can reach its server: offline when the browser says so or the last request got
 * no answer (ApiError status 0); any answered request or the 'online' event makes it online again.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

let unreachable = false;
const listeners = new Set<() => void>();

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

function notify(): void {
  for (const listener of listeners) listener();
}

/** Records the outcome of a request: `status` 0 means no answer came back. */
export function reportRequestOutcome(status: number): void {
  const next = status === 0;
  if (next === unreachable) return;
  unreachable = next;
  notify();
}

/** True while the server cannot be reached. */
export function isOffline(): boolean {
  return !browserOnline() || unreachable;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // TanStack Query assumes "online" at start; a page opened offline must pause its queries at
  // once instead of failing them (v5 no longer reads navigator.onLine itself).
  onlineManager.setOnline(browserOnline());
  window.addEventListener('online', () => {
    unreachable = false;
    notify();
  });
  window.addEventListener('offline', notify);
}

/** React hook: true while offline (see the module comment). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
