/**
 * The page's write outbox, the browser's instance of createOutbox() (outbox-core.ts): writes
 * stored per user in IndexedDB, shown at once, sent in order with one Idempotency-Key each.
 * Decisions 022, 028.
 */
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { t } from '../i18n/i18n';
import { createOutbox } from './outbox-core';
import type { OutboxRequest } from './outbox-types';
import { OUTBOX_SYNCED, syncTag } from './outbox-replay';
import { deleteOutbox, loadOutbox, updateOutbox } from './outbox-store';

export type { OutboxEntry } from './outbox-store';
export type { OutboxApplier, OutboxRequest } from './outbox-types';

/**
 * Asks the browser to wake the service worker when the network returns (Background Sync, where
 * the browser has it), so `user`'s waiting writes go out even with no page open.
 */
function requestBackgroundSync(user: string) {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) =>
      (
        registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
      )?.sync?.register(syncTag(user)),
    )
    .catch(() => undefined); // no permission or no worker: the page replays as before
}

/**
 * Tells the user a write left the outbox unsaved: 'Not saved' with the server's detail, or, for
 * status 200 (a question the server stored but could not answer, outbox-replay.ts), 'No answer'.
 */
function showRefusal(label: string, detail: string, status: number) {
  toast({
    title: status === 200 ? t('common.outbox.notAnswered') : t('common.notSaved'),
    description: t('common.outbox.refused', { what: label, detail }),
    variant: 'destructive',
  });
}

function localStore(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null; // storage blocked
  }
}

const outbox = createOutbox({
  store: { load: loadOutbox, update: updateOutbox, delete: deleteOutbox },
  fetch: (input, init) => fetch(input, init),
  clock: {
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined),
    random: () => Math.random(),
  },
  storage: localStore(),
  online: () => navigator.onLine,
  lock: async (name, run) => {
    await (navigator.locks ? navigator.locks.request(name, run) : run());
  },
  requestBackgroundSync,
  showRefusal,
});

/** Subscribes to outbox changes (useSyncExternalStore). */
export const subscribeOutbox = outbox.subscribe;
/** Ids and keys with a write waiting to sync: entry keys (temporary ids), ids in paths, applier marks. */
export const pendingMarks = outbox.pendingMarks;
/** How many writes wait to sync for the current user. */
export const pendingCount = outbox.pendingCount;
/**
 * Whether a record's id and an id a write names are the same record: equal, or one is the
 * temporary id the other replaced when its create synced.
 */
export const sameRecord = outbox.sameRecord;
/** The server's id of a record: the one a synced create's temporary id became, else the id given. */
export const serverId = outbox.serverId;
/** The last path segment of a write (the record id it names), or ''. */
export const pathId = outbox.pathId;
/**
 * Registers how one kind of write shows in the cache (feature api modules do this when they
 * load) and applies that kind's waiting writes at once.
 */
export const registerApplier = outbox.registerApplier;
/**
 * Points the outbox at the signed-in user (from /api/auth/me or sign-in): loads their stored
 * writes, shows them, and replays. `signedIn` (a fresh sign-in) lifts a stop caused by a 401.
 */
export const setOutboxUser = outbox.setUser;
/** Forgets the current user's waiting writes (sign-out, account deletion). */
export const clearOutbox = outbox.clear;
/** Replays the current user's outbox now (one run at a time; a call during a run runs again after it). */
export const flushOutbox = outbox.flush;

/**
 * Makes one write through the outbox (outbox-core.ts `write`): resolves with the server's answer,
 * rejects with an ApiError when refused, or resolves with `optimistic(key)` while it stays queued.
 */
export function outboxWrite<T>(
  request: OutboxRequest,
  optimistic: (key: string) => T,
  afterStored?: () => Promise<void>,
): Promise<T> {
  return outbox.write(request, optimistic, afterStored);
}

/**
 * Starts the outbox with the app's query client: fresh server data gets the waiting writes
 * applied again, and replay follows the network, focus and visibility. Call once.
 */
export function startOutbox(client: QueryClient): void {
  const { kick, handOver, user } = outbox.start(client);
  window.addEventListener('online', kick);
  window.addEventListener('focus', kick);
  // Leaving or hiding the page (a phone may close it unseen) with writes waiting: the worker takes over.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') kick();
    else handOver();
  });
  window.addEventListener('pagehide', handOver);
  // The service worker sent this user's writes (Background Sync): show what is left, and its refusals.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; user?: string } | null;
    if (data?.type === OUTBOX_SYNCED && data.user === user()) void outbox.flush();
  });
}
