/** React access to the outbox (outbox.ts): what waits to sync, re-rendered as it changes. */
import { useSyncExternalStore } from 'react';
import { pendingCount, pendingMarks, subscribeOutbox } from './lazy-outbox';

/** Ids, temporary ids and dose keys with a write waiting to sync. */
export function usePendingMarks(): ReadonlySet<string> {
  return useSyncExternalStore(subscribeOutbox, pendingMarks);
}

/** How many writes of the signed-in user wait to sync. */
export function usePendingCount(): number {
  return useSyncExternalStore(subscribeOutbox, pendingCount);
}
