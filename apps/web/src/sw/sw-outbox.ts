/// <reference lib="webworker" />
/**
 * Background Sync for the page's outbox (decision 028), for sw.ts. A page
 * with writes waiting registers the sync tag `diacare-outbox:{user id}` (outbox.ts); when the
 * browser fires it (the network is back, even with no DiaCare page open), this worker sends
 * that user's stored writes itself, by the page's rules (outbox-replay.ts):
 * - under the same Web Lock as the page, so a page and the worker never send at once;
 * - only when GET /api/auth/me names the tag's user: another person's session on the phone
 *   never sends the first person's writes (they wait for that person's next sign-in);
 * - in order, with each write's own Idempotency-Key; a 2xx leaves, a refusal leaves and is
 *   stored for the page to show with the server's detail when it opens, a 401 keeps the rest;
 * - when the network or the server fails, the rest stay and the sync fails, so the browser
 *   fires it again later (with its own backoff).
 * Afterwards open DiaCare pages are told (message 'OUTBOX_SYNCED'), so they show what is left.
 */
import { lockName, OUTBOX_SYNCED, sendQueued, sessionUser, SYNC_TAG_PREFIX } from '../lib/offline/outbox-replay';
import { loadOutbox } from '../lib/offline/outbox-store';

declare const self: ServiceWorkerGlobalScope;

/** The Background Sync event (not in TypeScript's webworker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** Thrown to make the browser fire the sync again later. */
class TryLater extends Error {}

/**
 * Sends `user`'s waiting writes when their session is the one signed in.
 * @throws TryLater when the server cannot be reached or a write must wait (network, 5xx)
 */
async function sendOutbox(user: string): Promise<void> {
  const record = await loadOutbox(user);
  if (!record.entries.length) return;
  const session = await sessionUser();
  if (session === null) throw new TryLater('DiaCare is unreachable');
  // Signed out (401) or another person signed in: keep the writes for this user's next sign-in.
  if (session !== user) return;
  const end = await sendQueued(user, record, { proceed: () => true, settled: () => undefined, remember: true });
  if (end === 'retry') throw new TryLater('A write must wait');
}

/** Runs `run` under the outbox's Web Lock for `user` (as the page does), or as is without Web Locks. */
function underLock(user: string, run: () => Promise<void>): Promise<void> {
  const locks = (self.navigator as WorkerNavigator & { locks?: LockManager }).locks;
  return locks ? locks.request(lockName(user), run).then(() => undefined) : run();
}

async function notifyPages(user: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows) client.postMessage({ type: OUTBOX_SYNCED, user });
}

self.addEventListener('sync', (event) => {
  const { tag } = event as SyncEvent;
  if (!tag.startsWith(SYNC_TAG_PREFIX)) return; // Workbox's own queues (sw-offline-take.ts)
  const user = tag.slice(SYNC_TAG_PREFIX.length);
  (event as SyncEvent).waitUntil(underLock(user, () => sendOutbox(user)).finally(() => notifyPages(user)));
});
