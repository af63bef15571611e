/**
 * The query cache kept in IndexedDB per user, so every screen seen once opens offline with its
 * last-known data. Restored only for its owner while signed in; discarded after CACHE_MAX_AGE_MS or
 * when written by another build; deleted at sign-out.
 * Decision 027.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type Persister,
} from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { createStore, del, get, promisifyRequest, update, type UseStore } from 'idb-keyval';

/** How long a persisted cache is used: 8 days (a phone offline for a week still opens its screens). */
export const CACHE_MAX_AGE_MS = 8 * 24 * 60 * 60_000;

/** localStorage key holding the id of the user whose cache this browser keeps. */
const OWNER_KEY = 'diacare-cache-owner';

/** Saves happen at most this often: one dehydrate + JSON + IndexedDB put (a few ms for a week's data). */
const SAVE_THROTTLE_MS = 250;

/** A restore that takes longer than this is abandoned, so a stuck IndexedDB never blocks the app. */
const RESTORE_TIMEOUT_MS = 2000;

/** The IndexedDB key of one user's cache. */
export const cacheKey = (userId: string) => `diacare-query-cache:${userId}`;

/** Changes with every build (vite.config.ts `define`), so a new build never restores an old cache. */
const BUILD_ID: string = typeof __APP_BUILD_ID__ === 'string' ? __APP_BUILD_ID__ : 'dev';

function readOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

function writeOwner(userId: string | null): void {
  try {
    if (userId) localStorage.setItem(OWNER_KEY, userId);
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // No storage (private mode): the cache lives for this tab only.
  }
}

interface Active {
  userId: string;
  /** Stops saving; a throttled write still in flight is dropped, so it never recreates the entry. */
  unsubscribe: () => void;
  /** Saves the cache as it is now, unthrottled; resolves once written (or not, when stopped). */
  save: () => Promise<void>;
}

let active: Active | null = null;

/** The save time of a serialized PersistedClient ({"buster":…,"timestamp":N,…}), read from its start. */
const savedAt = (value: string | undefined) => Number(/"timestamp":(\d+)/.exec(value?.slice(0, 200) ?? '')?.[1] ?? 0);

/**
 * Writes `value` unless the entry holds a newer save (in one IndexedDB transaction): a page being
 * left may finish its last write after the next page's first one, and must not undo it.
 */
const saveIfNewer = (key: string, value: string) =>
  update<string>(key, (stored) => (savedAt(stored) > savedAt(value) ? stored! : value));

/** idb-keyval's default database, opened ahead so a put on `pagehide` starts in the same task. */
let keyvalStore: UseStore | undefined;
const openKeyval = () => (keyvalStore ??= createStore('keyval-store', 'keyval'));

/**
 * Writes `value` at once (leaving the page): one put, committed explicitly, so the browser
 * finishes it after the page is gone. IndexedDB runs read-write transactions in the order they
 * were created, so the next page's first save (saveIfNewer) still comes after it.
 */
const saveNow = (key: string, value: string) =>
  openKeyval()('readwrite', (store) => {
    store.put(value, key);
    store.transaction.commit?.();
    return promisifyRequest(store.transaction);
  });

/** A persister for one user whose writes stop once `state.live` is false. */
function persisterFor(userId: string, state: { live: boolean }): Persister {
  return createAsyncStoragePersister({
    key: cacheKey(userId),
    storage: {
      getItem: (key) => get<string>(key).then((value) => value ?? null),
      setItem: (key, value: string) => (state.live ? saveIfNewer(key, value) : Promise.resolve()),
      removeItem: (key) => del(key),
    },
    throttleTime: SAVE_THROTTLE_MS,
  });
}

const persistOptions = (queryClient: QueryClient, persister: Persister) => ({
  queryClient,
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: BUILD_ID,
});

/**
 * Restores `userId`'s cache into `queryClient` (at most 2 s; a failure is logged and the app goes
 * on with what the network gives), then saves every later change under that user's key.
 */
async function attach(queryClient: QueryClient, userId: string): Promise<void> {
  const state = { live: true };
  const persister = persisterFor(userId, state);
  const current: Active = { userId, unsubscribe: () => undefined, save: () => Promise.resolve() };
  active = current;
  try {
    await Promise.race([
      persistQueryClientRestore(persistOptions(queryClient, persister)),
      new Promise((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
    ]);
  } catch (error) {
    console.warn('The saved offline data could not be read; starting without it.', error);
  }
  if (active !== current) return; // signed out or switched user meanwhile
  const unsubscribe = persistQueryClientSubscribe(persistOptions(queryClient, persister));
  openKeyval();
  // Leaving or hiding the page: write now, unthrottled, without reading first (see saveNow).
  const flush = () => {
    if (!state.live) return;
    void persistQueryClientSave({
      ...persistOptions(queryClient, persister),
      persister: {
        persistClient: (client) => saveNow(cacheKey(userId), JSON.stringify(client)),
        restoreClient: () => undefined,
        removeClient: () => undefined,
      },
    });
  };
  current.save = () =>
    state.live
      ? persistQueryClientSave({
          ...persistOptions(queryClient, persister),
          persister: {
            persistClient: (client) => saveIfNewer(cacheKey(userId), JSON.stringify(client)),
            restoreClient: () => undefined,
            removeClient: () => undefined,
          },
        })
      : Promise.resolve();
  const onVisibility = () => (document.visibilityState === 'hidden' ? flush() : undefined);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);
  current.unsubscribe = () => {
    state.live = false;
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

function detach(): void {
  active?.unsubscribe();
  active = null;
}

/**
 * At start: restores the owner's cache when the isAuthenticated flag is set.
 * @param signedIn the isAuthenticated flag
 * @returns a promise that settles when the cache is restored (or there is nothing to restore)
 */
export function restorePersistedCache(queryClient: QueryClient, signedIn: boolean): Promise<void> {
  const owner = readOwner();
  if (!signedIn || !owner) return Promise.resolve();
  return attach(queryClient, owner);
}

/**
 * Makes `userId` the owner of the cache (at sign-in, or when /api/auth/me names the user). When
 * the browser held another user's cache, the in-memory cache is emptied first and that user's
 * entry is left untouched under its own key; then `userId`'s own entry is restored.
 */
export async function adoptCacheOwner(queryClient: QueryClient, userId: string): Promise<void> {
  if (active?.userId === userId) return;
  const previous = active?.userId ?? readOwner();
  detach();
  if (previous && previous !== userId) queryClient.clear();
  writeOwner(userId);
  await attach(queryClient, userId);
}

/**
 * Saves the signed-in user's cache now instead of within the next 250 ms, e.g. right after a
 * deletion that a reload must not bring back. Resolves once written (a failure is logged);
 * at once when no cache is kept.
 */
export async function persistCacheNow(): Promise<void> {
  try {
    await active?.save();
  } catch (error) {
    console.warn('The offline data could not be saved.', error);
  }
}

/** Sign-out: stops saving and deletes the signed-in user's saved cache. */
export async function forgetPersistedCache(): Promise<void> {
  const userId = active?.userId ?? readOwner();
  detach();
  writeOwner(null);
  if (!userId) return;
  try {
    await del(cacheKey(userId));
  } catch (error) {
    console.warn('The saved offline data could not be deleted.', error);
  }
}
