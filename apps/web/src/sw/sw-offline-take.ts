/// <reference lib="webworker" />
/**
 * The notification's 'Take' on a bad network (decision 022), for sw.ts.
 *
 * - Each Take is one request with its own `Idempotency-Key`, so sending it twice (a lost
 *   answer, a replay racing a retry) records the dose once.
 * - When the network fails, the request is queued in IndexedDB by Workbox Background Sync and
 *   sent again on the browser's `sync` event, at the next start of the service worker, at the
 *   next push and when a DiaCare page asks (message 'REPLAY_TAKES', sent at each app start).
 * - Each queued Take records whose it is (the reminder's `user_id`). Before replaying, the
 *   worker asks who is signed in now (GET /api/users/me) and sends only that user's Takes:
 *   another user signing in on the same phone never sends the first user's writes; theirs
 *   stay queued until they sign in again, and nothing is sent while nobody is (401).
 *   Takes older than 8 days are dropped (the server keeps idempotency keys 8 days).
 * - The dose is marked as taken on this device (Cache Storage), so a reminder for it arriving
 *   meanwhile is not shown here.
 */
import { Queue } from 'workbox-background-sync';

/** Queued Takes are kept as long as the server keeps their keys (8 days, in minutes). */
const RETENTION_MINUTES = 8 * 24 * 60;
/** Marks of doses taken on this device are forgotten after 3 days (a dose's reminders end within 2 h). */
const MARK_TTL_MS = 3 * 24 * 60 * 60 * 1000;
const MARKS_CACHE = 'diacare-doses-taken-here';
const markUrl = (tag: string) => `/__dose-taken-here/${encodeURIComponent(tag)}`;

/** What a queued Take carries besides its request: whose it is. */
interface TakeMetadata {
  user_id: string | null;
}

/**
 * The id of the user signed in now: null when nobody is (401).
 * @throws when the network or the server fails (the queue is kept and retried).
 */
async function signedInUserId(): Promise<string | null> {
  const response = await fetch('/api/users/me', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`/api/users/me answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Sends the queued Takes of the user signed in now, in order; everyone else's stay queued in
 * their order. A network failure keeps the rest (and Workbox asks for another sync); a 401
 * keeps the rest until a session is back; any other answer ends the Take (the server
 * recorded it, or refused it: 404 for a medication since deleted).
 */
async function replay({ queue }: { queue: Queue }): Promise<void> {
  // Workbox drops entries older than maxRetentionTime as they are taken out.
  const entries = [];
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) entries.push(entry);
  if (entries.length === 0) return;
  const settled = new Set<number>();
  try {
    const userId = await signedInUserId();
    if (userId === null) return;
    for (const [index, entry] of entries.entries()) {
      if ((entry.metadata as TakeMetadata | undefined)?.user_id !== userId) continue;
      const response = await fetch(entry.request.clone());
      if (response.status === 401) return;
      settled.add(index);
    }
  } finally {
    const kept = entries.filter((_, index) => !settled.has(index));
    for (const entry of kept.reverse()) await queue.unshiftRequest(entry);
  }
}

/** Replays run one at a time (a sync, a push and a page's request may come together). */
let replaying: Promise<unknown> = Promise.resolve();
function oneAtATime(run: () => Promise<void>): Promise<void> {
  const next = replaying.then(run, run);
  replaying = next.catch(() => undefined);
  return next;
}

const takes = new Queue('diacare-takes', {
  maxRetentionTime: RETENTION_MINUTES,
  // A throw makes Workbox ask the browser for another sync.
  onSync: ({ queue }) => oneAtATime(() => replay({ queue })),
});

/**
 * Sends what is queued for the user signed in now (at a push, a page's request, the worker's
 * start); what is not sent stays in the queue.
 */
export function replayQueuedTakes(): Promise<void> {
  return oneAtATime(() => replay({ queue: takes })).catch(() => undefined);
}

/** Remembers that the dose shown under `tag` was taken on this device; forgets old marks. */
export async function markTakenHere(tag: string): Promise<void> {
  const cache = await caches.open(MARKS_CACHE);
  const now = Date.now();
  for (const request of await cache.keys()) {
    const at = Number(await (await cache.match(request))?.text());
    if (!(now - at < MARK_TTL_MS)) await cache.delete(request);
  }
  await cache.put(markUrl(tag), new Response(String(now)));
}

export async function unmarkTakenHere(tag: string): Promise<void> {
  await (await caches.open(MARKS_CACHE)).delete(markUrl(tag));
}

/** Was the dose shown under `tag` taken on this device (by the notification's Take)? */
export async function takenHere(tag: string): Promise<boolean> {
  return Boolean(await (await caches.open(MARKS_CACHE)).match(markUrl(tag)));
}

/**
 * Posts a Take with a new Idempotency-Key; `userId` is whose dose it is (the reminder's user),
 * kept with the request if it has to wait in the queue.
 * @returns 'sent' with the server's response, or 'queued' when the network failed.
 */
export async function sendTake(
  body: unknown,
  userId: string | null,
): Promise<{ outcome: 'sent'; response: Response } | { outcome: 'queued' }> {
  const request = new Request('/api/adherence', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify(body),
  });
  try {
    return { outcome: 'sent', response: await fetch(request.clone()) };
  } catch {
    const metadata: TakeMetadata = { user_id: userId };
    await takes.pushRequest({ request, metadata: { ...metadata } });
    return { outcome: 'queued' };
  }
}
