/**
 * The write outbox: every write is stored per user in IndexedDB, shown at once by its kind's
 * applier and sent in order with an Idempotency-Key, replayed on start, online, focus and a backoff
 * timer, and by Background Sync. It sends only when GET /api/auth/me names the outbox's user.
 * Decision 028.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../api-client';
import { t } from '../i18n/i18n';
import {
  lockName,
  OUTBOX_SYNCED,
  sendQueued,
  sessionUser,
  syncTag,
  UUID,
  type Outcome as SendOutcome,
} from './outbox-replay';
import { newKey } from './new-key';
import { deleteOutbox, loadOutbox, updateOutbox, type OutboxEntry, type OutboxRecord } from './outbox-store';

export type { OutboxEntry } from './outbox-store';

/** How one kind of write shows in the query cache before the server has it. */
export interface OutboxApplier {
  /** Query-key prefixes this kind changes; refetched after the write syncs or is refused. */
  keys: QueryKey[];
  /** The query's data with the write applied. Must be idempotent: it runs again on fresh data. */
  apply(data: unknown, entry: OutboxEntry, queryKey: QueryKey): unknown;
  /** Extra keys to mark 'Waiting to sync' (e.g. a dose key), besides ids in the path and the entry's key. */
  marks?(entry: OutboxEntry): string[];
}

/** A write to make; `key` reuses the Idempotency-Key of an attempt that already went out (else a new one). */
export type OutboxRequest = Omit<OutboxEntry, 'key' | 'created_at'> & { key?: string };

type Outcome =
  | { type: 'synced'; data: unknown }
  | { type: 'refused'; error: ApiError }
  | { type: 'retry' }
  | { type: 'unauthorized' };

const USER_KEY = 'diacare-outbox-user';
const BASE_DELAY_MS = 2000;
const MAX_DELAY_MS = 5 * 60_000;
/** How long a write made online waits for the server before it counts as queued. */
const FOREGROUND_WAIT_MS = 10_000;
/** How long a confirmed session counts before replay asks /api/auth/me again. */
const SESSION_CHECK_MS = 60_000;

let queryClient: QueryClient | undefined;
let userId: string | null = null;
let state: OutboxRecord = { entries: [], ids: {} };
let marks: ReadonlySet<string> = new Set();
let paused = false;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let flushing: Promise<void> | null = null;
let flushAgain = false;
/** The user whose session GET /api/auth/me last confirmed, and when (epoch ms). */
let confirmedUser: string | null = null;
let confirmedAt = 0;
const appliers = new Map<string, OutboxApplier>();
const waiters = new Map<string, (outcome: Outcome) => void>();
const listeners = new Set<() => void>();

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

function computeMarks(record: OutboxRecord): Set<string> {
  const set = new Set<string>();
  for (const entry of record.entries) {
    set.add(entry.key);
    for (const id of entry.path.match(UUID) ?? []) {
      set.add(id.toLowerCase());
      if (record.ids[id]) set.add(record.ids[id]);
    }
    for (const mark of appliers.get(entry.kind)?.marks?.(entry) ?? []) set.add(mark);
  }
  return set;
}

function setState(record: OutboxRecord) {
  state = record;
  marks = computeMarks(record);
  listeners.forEach((listener) => listener());
}

/** Subscribes to outbox changes (useSyncExternalStore). */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ids and keys with a write waiting to sync: entry keys (temporary ids), ids in paths, applier marks. */
export const pendingMarks = (): ReadonlySet<string> => marks;
/** How many writes wait to sync for the current user. */
export const pendingCount = (): number => state.entries.length;

/**
 * Whether a record's id and an id a write names are the same record: equal, or one is the
 * temporary id the other replaced when its create synced.
 */
export const sameRecord = (recordId: string, named: string): boolean =>
  recordId === named || state.ids[named] === recordId || state.ids[recordId] === named;

/** The last path segment of a write (the record id it names), or ''. */
export const pathId = (entry: OutboxEntry): string => entry.path.slice(entry.path.lastIndexOf('/') + 1);

/** Applies `entries` (in order) to every cached query their appliers touch, or to the query `only`. */
function applyToCache(entries: OutboxEntry[], only?: QueryKey) {
  if (!queryClient || !entries.length) return;
  const cache = queryClient.getQueryCache();
  const queries = only ? [cache.find({ queryKey: only, exact: true })] : cache.getAll();
  for (const query of queries) {
    const before: unknown = query?.state.data;
    if (!query || before === undefined) continue;
    let data: unknown = before;
    for (const entry of entries) {
      const applier = appliers.get(entry.kind);
      if (applier?.keys.some((prefix) => startsWith(query.queryKey, prefix))) {
        data = applier.apply(data, entry, query.queryKey);
      }
    }
    if (data !== before) queryClient.setQueryData(query.queryKey, data);
  }
}

/**
 * Registers how one kind of write shows in the cache (feature api modules do this when they
 * load) and applies that kind's waiting writes at once.
 */
export function registerApplier(kind: string, applier: OutboxApplier): void {
  appliers.set(kind, applier);
  applyToCache(state.entries.filter((entry) => entry.kind === kind));
  setState(state);
}

function invalidate(entries: OutboxEntry[]) {
  const keys = new Map<string, QueryKey>();
  for (const entry of entries) {
    for (const key of appliers.get(entry.kind)?.keys ?? []) keys.set(JSON.stringify(key), key);
  }
  for (const queryKey of keys.values()) void queryClient?.invalidateQueries({ queryKey });
}

/**
 * Starts the outbox with the app's query client: fresh server data gets the waiting writes
 * applied again, and replay follows the network, focus and visibility. Call once.
 */
export function startOutbox(client: QueryClient): void {
  queryClient = client;
  client.getQueryCache().subscribe((event) => {
    const fresh =
      (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) ||
      (event.type === 'added' && event.query.state.data !== undefined);
    if (fresh && state.entries.length) {
      const { queryKey } = event.query;
      queueMicrotask(() => applyToCache(state.entries, queryKey));
    }
  });
  const kick = () => {
    attempt = 0;
    void flushOutbox();
  };
  window.addEventListener('online', kick);
  window.addEventListener('focus', kick);
  // Leaving or hiding the page (a phone may close it unseen) with writes waiting: the worker takes over.
  const handOver = () => {
    if (userId && state.entries.length && !paused) requestBackgroundSync(userId);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') kick();
    else handOver();
  });
  window.addEventListener('pagehide', handOver);
  // The service worker sent this user's writes (Background Sync): show what is left, and its refusals.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; user?: string } | null;
    if (data?.type === OUTBOX_SYNCED && data.user === userId) void flushOutbox();
  });
  // Offline at start, the user is not known yet: the last signed-in user's outbox is shown.
  try {
    const last = localStorage.getItem(USER_KEY);
    if (last && localStorage.getItem('isAuthenticated') === 'true') void setOutboxUser(last);
  } catch {
    // No storage: the outbox starts when the user is known.
  }
}

/**
 * Points the outbox at the signed-in user (from /api/auth/me or sign-in): loads their stored
 * writes, shows them, and replays. `signedIn` (a fresh sign-in) lifts a stop caused by a 401.
 */
export async function setOutboxUser(id: string, signedIn = false): Promise<void> {
  if (signedIn || id !== userId) paused = false;
  if (id !== userId) {
    userId = id;
    confirmedUser = null;
    try {
      localStorage.setItem(USER_KEY, id);
    } catch {
      // No storage: nothing to remember across reloads.
    }
    const record = await loadOutbox(id);
    if (userId !== id) return;
    setState(record);
    applyToCache(record.entries);
  }
  attempt = 0;
  void flushOutbox();
}

/** Forgets the current user's waiting writes (sign-out, account deletion). */
export async function clearOutbox(): Promise<void> {
  const id = userId;
  userId = null;
  confirmedUser = null;
  clearTimeout(timer);
  setState({ entries: [], ids: {} });
  try {
    localStorage.removeItem(USER_KEY);
  } catch {
    // Nothing stored.
  }
  if (id) await deleteOutbox(id);
}

/** Writes waiting in the foreground count as queued from now on (the UI shows them as waiting). */
function releaseWaiters() {
  for (const resolve of waiters.values()) resolve({ type: 'retry' });
  waiters.clear();
}

function scheduleRetry() {
  releaseWaiters();
  // Offline: the browser wakes the worker when the network returns, even with no page open.
  if (userId && !navigator.onLine) requestBackgroundSync(userId);
  clearTimeout(timer);
  const delay = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt) * (0.75 + Math.random() / 4);
  attempt += 1;
  timer = setTimeout(() => void flushOutbox(), delay);
}

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

/** The page's form of a send outcome: a refusal carries an ApiError with the server's detail. */
function asOutcome(outcome: SendOutcome): Outcome {
  if (outcome.type !== 'refused') return outcome;
  return { type: 'refused', error: new ApiError(outcome.detail ?? t('common.requestFailed'), outcome.status) };
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

/** A 401: keep the outbox, stop replay until the same user signs in again. */
function stop() {
  paused = true;
  confirmedUser = null;
  releaseWaiters();
}

/**
 * Whether the session is `user`'s, by GET /api/auth/me (a confirmation counts for
 * SESSION_CHECK_MS): 'mine', 'other' (another person's session), 'unauthorized' (401) or
 * 'unreachable' (network or server trouble).
 */
async function sessionOf(user: string): Promise<'mine' | 'other' | 'unauthorized' | 'unreachable'> {
  if (confirmedUser === user && Date.now() - confirmedAt <= SESSION_CHECK_MS) return 'mine';
  const session = await sessionUser();
  if (session === null) return 'unreachable';
  if (session === 'unauthorized') return 'unauthorized';
  if (session !== user) return 'other';
  confirmedUser = user;
  confirmedAt = Date.now();
  return 'mine';
}

/**
 * Shows the refusals the service worker stored for `user` and takes them out of the store.
 * Only called once the session is confirmed as `user`'s: the page may start with the last
 * signed-in user's outbox while someone else is signed in, who must not see them (nor use them up).
 */
async function showStoredRefusals(user: string, record: OutboxRecord): Promise<OutboxRecord> {
  const shown = record.refused ?? [];
  if (!shown.length) return record;
  const updated = await updateOutbox(user, (old) => ({
    ...old,
    refused: old.refused?.slice(shown.length), // appended only, under the same lock
  }));
  for (const refusal of shown) {
    showRefusal(refusal.label, refusal.detail ?? t('common.requestFailed'), refusal.status);
  }
  return updated;
}

async function replay(user: string): Promise<void> {
  const before = state.entries;
  let record = await loadOutbox(user);
  if (userId !== user) return;
  // Writes the service worker sent meanwhile (Background Sync) left the store: refetch what they touched.
  const done = before.filter((entry) => !record.entries.some((other) => other.key === entry.key));
  for (const entry of done) {
    waiters.get(entry.key)?.({ type: 'retry' });
    waiters.delete(entry.key);
  }
  setState(record);
  try {
    if (!record.entries.length && !record.refused?.length) return;
    if (!navigator.onLine) {
      if (record.entries.length) requestBackgroundSync(user);
      return releaseWaiters(); // the online event replays
    }
    const session = await sessionOf(user);
    if (session === 'unauthorized') return stop();
    if (session === 'unreachable') return scheduleRetry();
    // Another person's session on this phone: never send this user's writes, nor show their refusals.
    if (session === 'other') return releaseWaiters();
    record = await showStoredRefusals(user, record);
    const end = await sendQueued(user, record, {
      proceed: () => userId === user && !paused,
      settled(stored, entry, sent, left) {
        attempt = 0;
        setState(stored);
        done.push(...left);
        const outcome = asOutcome(sent);
        const waiter = waiters.get(entry.key);
        waiters.delete(entry.key);
        if (waiter) waiter(outcome);
        else if (outcome.type === 'refused') showRefusal(entry.label, outcome.error.message, outcome.error.status);
      },
    });
    if (end === 'retry') scheduleRetry();
    if (end === 'unauthorized') stop();
  } finally {
    invalidate(done);
  }
}

/** Replays the current user's outbox now (one run at a time; a call during a run runs again after it). */
export function flushOutbox(): Promise<void> {
  const user = userId;
  if (!user || paused) return Promise.resolve();
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  clearTimeout(timer);
  const run = () => replay(user).catch((error: unknown) => console.warn('Outbox replay failed', error));
  flushing = (navigator.locks ? navigator.locks.request(lockName(user), run) : run()).finally(() => {
    flushing = null;
    if (flushAgain) {
      flushAgain = false;
      void flushOutbox();
    }
  }) as Promise<void>;
  return flushing;
}

/**
 * Makes one write through the outbox: stores it, shows it in the cache, and sends it. Online,
 * waits up to 10 s for the server: resolves with the server's answer, or rejects with an
 * ApiError (its `detail`) when refused. Offline, or when the server does not answer in time,
 * resolves with `optimistic(key)` (the record as shown, its id the temporary key) and the
 * write stays queued. Rejects with status 0 when no user is known. A streamed (NDJSON) answer
 * resolves as the array of its lines.
 */
export async function outboxWrite<T>(request: OutboxRequest, optimistic: (key: string) => T): Promise<T> {
  const user = userId;
  if (!user) throw new ApiError(t('common.offline'), 0);
  const entry: OutboxEntry = { ...request, key: request.key ?? newKey(), created_at: Date.now() };
  setState(await updateOutbox(user, (old) => ({ ...old, entries: [...old.entries, entry] })));
  applyToCache([entry]);
  const outcome = new Promise<Outcome>((resolve) => {
    if (!navigator.onLine || paused) return resolve({ type: 'retry' });
    waiters.set(entry.key, resolve);
    setTimeout(() => {
      waiters.delete(entry.key);
      resolve({ type: 'retry' });
    }, FOREGROUND_WAIT_MS);
  });
  attempt = 0;
  void flushOutbox();
  const result = await outcome;
  if (result.type === 'refused') throw result.error;
  if (result.type === 'synced') return result.data as T;
  return optimistic(entry.key);
}
