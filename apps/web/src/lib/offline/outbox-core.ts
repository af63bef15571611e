/**
 * The write outbox as a factory, its storage, network, clock and browser hooks given
 * (`createOutbox`): the page's instance is outbox.ts, a unit test makes its own. Decision 028.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from '../api-client';
import { t } from '../i18n/i18n';
import { lockName, sendQueued, sessionUser, UUID, type Outcome as SendOutcome } from './outbox-replay';
import { newKey } from './new-key';
import type { OutboxEntry, OutboxRecord } from './outbox-store';
import type { OutboxApplier, OutboxDeps, OutboxRequest } from './outbox-types';

export type { OutboxApplier, OutboxDeps, OutboxRequest, OutboxStore } from './outbox-types';

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

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

/** The last path segment of a write (the record id it names), or ''. */
export const pathId = (entry: OutboxEntry): string => entry.path.slice(entry.path.lastIndexOf('/') + 1);

/** The page's form of a send outcome: a refusal carries an ApiError with the server's detail. */
function asOutcome(outcome: SendOutcome): Outcome {
  if (outcome.type !== 'refused') return outcome;
  return { type: 'refused', error: new ApiError(outcome.detail ?? t('common.requestFailed'), outcome.status) };
}

/**
 * One outbox (the rules are in outbox.ts's header and decision 028) on `deps`.
 * @returns its functions; `start` hooks it to a query client and returns `kick` (replay now,
 *   backoff reset) and `handOver` (register Background Sync when writes wait) for the browser's events.
 */
export function createOutbox(deps: OutboxDeps) {
  const { store, clock } = deps;
  let queryClient: QueryClient | undefined;
  let userId: string | null = null;
  let state: OutboxRecord = { entries: [], ids: {} };
  let marks: ReadonlySet<string> = new Set();
  let paused = false;
  let attempt = 0;
  let timer: unknown;
  let flushing: Promise<void> | null = null;
  let flushAgain = false;
  /** The user whose session GET /api/auth/me last confirmed, and when (epoch ms). */
  let confirmedUser: string | null = null;
  let confirmedAt = 0;
  const appliers = new Map<string, OutboxApplier>();
  const waiters = new Map<string, (outcome: Outcome) => void>();
  const listeners = new Set<() => void>();
  const io = { fetch: deps.fetch, update: store.update };

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

  function invalidate(entries: OutboxEntry[]) {
    const keys = new Map<string, QueryKey>();
    for (const entry of entries) {
      for (const key of appliers.get(entry.kind)?.keys ?? []) keys.set(JSON.stringify(key), key);
    }
    for (const queryKey of keys.values()) void queryClient?.invalidateQueries({ queryKey });
  }

  /** Writes waiting in the foreground count as queued from now on (the UI shows them as waiting). */
  function releaseWaiters() {
    for (const resolve of waiters.values()) resolve({ type: 'retry' });
    waiters.clear();
  }

  function scheduleRetry() {
    releaseWaiters();
    // Offline: the browser wakes the worker when the network returns, even with no page open.
    if (userId && !deps.online()) deps.requestBackgroundSync(userId);
    clock.clearTimeout(timer);
    const delay = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt) * (0.75 + clock.random() / 4);
    attempt += 1;
    timer = clock.setTimeout(() => void flush(), delay);
  }

  /** A 401: keep the outbox, stop replay until the same user signs in again. */
  function stop() {
    paused = true;
    confirmedUser = null;
    releaseWaiters();
  }

  /**
   * Whether the session is `user`'s, by GET /api/auth/me (a confirmation counts for
   * SESSION_CHECK_MS): 'mine', 'other', 'unauthorized' (401) or 'unreachable'.
   */
  async function sessionOf(user: string): Promise<'mine' | 'other' | 'unauthorized' | 'unreachable'> {
    if (confirmedUser === user && clock.now() - confirmedAt <= SESSION_CHECK_MS) return 'mine';
    const session = await sessionUser(deps.fetch);
    if (session === null) return 'unreachable';
    if (session === 'unauthorized') return 'unauthorized';
    if (session !== user) return 'other';
    confirmedUser = user;
    confirmedAt = clock.now();
    return 'mine';
  }

  /**
   * Shows the refusals the service worker stored for `user` and takes them out of the store.
   * Only once the session is confirmed as `user`'s: someone else signed in must not see them.
   */
  async function showStoredRefusals(user: string, record: OutboxRecord): Promise<OutboxRecord> {
    const shown = record.refused ?? [];
    if (!shown.length) return record;
    const updated = await store.update(user, (old) => ({
      ...old,
      refused: old.refused?.slice(shown.length), // appended only, under the same lock
    }));
    for (const refusal of shown) {
      deps.showRefusal(refusal.label, refusal.detail ?? t('common.requestFailed'), refusal.status);
    }
    return updated;
  }

  async function replay(user: string): Promise<void> {
    const before = state.entries;
    let record = await store.load(user);
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
      if (!deps.online()) {
        if (record.entries.length) deps.requestBackgroundSync(user);
        return releaseWaiters(); // the online event replays
      }
      const session = await sessionOf(user);
      if (session === 'unauthorized') return stop();
      if (session === 'unreachable') return scheduleRetry();
      // Another person's session on this phone: never send this user's writes, nor show their refusals.
      if (session === 'other') return releaseWaiters();
      record = await showStoredRefusals(user, record);
      const end = await sendQueued(user, record, {
        ...io,
        proceed: () => userId === user && !paused,
        settled(stored, entry, sent, left) {
          attempt = 0;
          setState(stored);
          done.push(...left);
          const outcome = asOutcome(sent);
          const waiter = waiters.get(entry.key);
          waiters.delete(entry.key);
          if (waiter) waiter(outcome);
          else if (outcome.type === 'refused') {
            deps.showRefusal(entry.label, outcome.error.message, outcome.error.status);
          }
        },
      });
      if (end === 'retry') scheduleRetry();
      if (end === 'unauthorized') stop();
    } finally {
      invalidate(done);
    }
  }

  /** Replays the current user's outbox now (one run at a time; a call during a run runs again after it). */
  function flush(): Promise<void> {
    const user = userId;
    if (!user || paused) return Promise.resolve();
    if (flushing) {
      flushAgain = true;
      return flushing;
    }
    clock.clearTimeout(timer);
    const run = () => replay(user).catch((error: unknown) => console.warn('Outbox replay failed', error));
    flushing = deps.lock(lockName(user), run).finally(() => {
      flushing = null;
      if (flushAgain) {
        flushAgain = false;
        void flush();
      }
    });
    return flushing;
  }

  /** Points the outbox at the signed-in user: loads, shows and replays their writes; `signedIn` lifts a 401 stop. */
  async function setUser(id: string, signedIn = false): Promise<void> {
    if (signedIn || id !== userId) paused = false;
    if (id !== userId) {
      userId = id;
      confirmedUser = null;
      try {
        deps.storage?.setItem(USER_KEY, id);
      } catch {
        // No storage: nothing to remember across reloads.
      }
      const record = await store.load(id);
      if (userId !== id) return;
      setState(record);
      applyToCache(record.entries);
    }
    attempt = 0;
    void flush();
  }

  return {
    flush,
    setUser,
    pathId,
    /** Subscribes to outbox changes (useSyncExternalStore). */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Ids and keys with a write waiting to sync: entry keys (temporary ids), ids in paths, applier marks. */
    pendingMarks: (): ReadonlySet<string> => marks,
    /** How many writes wait to sync for the current user. */
    pendingCount: (): number => state.entries.length,
    /** Whether two ids are the same record: equal, or one is the temporary id the other replaced. */
    sameRecord: (recordId: string, named: string): boolean =>
      recordId === named || state.ids[named] === recordId || state.ids[recordId] === named,
    /** The server's id of a record: the one a synced create's temporary id became, else `id` itself. */
    serverId: (id: string): string => state.ids[id] ?? id,
    /** Registers how one kind of write shows in the cache and applies that kind's waiting writes at once. */
    registerApplier(kind: string, applier: OutboxApplier): void {
      appliers.set(kind, applier);
      applyToCache(state.entries.filter((entry) => entry.kind === kind));
      setState(state);
    },
    /**
     * Starts with the app's query client: fresh server data gets the waiting writes applied
     * again; the last signed-in user's outbox shows at once. Call once.
     */
    start(client: QueryClient) {
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
      // Offline at start, the user is not known yet: the last signed-in user's outbox is shown.
      try {
        const last = deps.storage?.getItem(USER_KEY);
        if (last && deps.storage?.getItem('isAuthenticated') === 'true') void setUser(last);
      } catch {
        // No storage: the outbox starts when the user is known.
      }
      return {
        /** Replays now with the backoff reset (online, focus, visible). */
        kick() {
          attempt = 0;
          void flush();
        },
        /** Leaving or hiding the page with writes waiting: the worker takes over. */
        handOver() {
          if (userId && state.entries.length && !paused) deps.requestBackgroundSync(userId);
        },
        /** The user whose outbox is open, or null. */
        user: () => userId,
      };
    },
    /** Forgets the current user's waiting writes (sign-out, account deletion). */
    async clear(): Promise<void> {
      const id = userId;
      userId = null;
      confirmedUser = null;
      clock.clearTimeout(timer);
      setState({ entries: [], ids: {} });
      try {
        deps.storage?.removeItem(USER_KEY);
      } catch {
        // Nothing stored.
      }
      if (id) await store.delete(id);
    },
    /**
     * Makes one write through the outbox: stores it, shows it in the cache, and sends it. Online,
     * waits up to 10 s for the server: resolves with its answer, or rejects with an ApiError (its
     * `detail`) when refused. Offline, or with no answer in time, resolves with `optimistic(key)`
     * and the write stays queued. Rejects with status 0 when no user is known. A streamed (NDJSON)
     * answer resolves as the array of its lines. `afterStored` runs once the write is stored and
     * shown in the cache, before it is sent (e.g. to save the cache at once).
     */
    async write<T>(
      request: OutboxRequest,
      optimistic: (key: string) => T,
      afterStored?: () => Promise<void>,
    ): Promise<T> {
      const user = userId;
      if (!user) throw new ApiError(t('common.offline'), 0);
      const entry: OutboxEntry = { ...request, key: request.key ?? newKey(), created_at: clock.now() };
      setState(await store.update(user, (old) => ({ ...old, entries: [...old.entries, entry] })));
      applyToCache([entry]);
      await afterStored?.();
      const outcome = new Promise<Outcome>((resolve) => {
        if (!deps.online() || paused) return resolve({ type: 'retry' });
        waiters.set(entry.key, resolve);
        clock.setTimeout(() => {
          waiters.delete(entry.key);
          resolve({ type: 'retry' });
        }, FOREGROUND_WAIT_MS);
      });
      attempt = 0;
      void flush();
      const result = await outcome;
      if (result.type === 'refused') throw result.error;
      if (result.type === 'synced') return result.data as T;
      return optimistic(entry.key);
    },
  };
}

/** One outbox made by createOutbox. */
export type Outbox = ReturnType<typeof createOutbox>;
