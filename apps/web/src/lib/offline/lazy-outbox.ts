/**
 * The write outbox (outbox.ts) loaded after the first screen, with the same functions. Writes and
 * sign-out load it at once; `registerApplier` and `setOutboxUser` wait for it; pending marks are
 * empty until it has loaded. Decision 028.
 */
import type { QueryClient } from '@tanstack/react-query';
import { afterFirstScreen } from '../after-first-screen';
import type * as Outbox from './outbox';
import type { OutboxApplier, OutboxEntry, OutboxRequest } from './outbox';

export type { OutboxApplier, OutboxEntry, OutboxRequest } from './outbox';

type OutboxModule = typeof Outbox;

let loaded: OutboxModule | undefined;
let loading: Promise<OutboxModule> | undefined;
const appliers: [string, OutboxApplier][] = [];
let pendingUser: { id: string; signedIn: boolean } | null = null;
/** The signed-in user's stored writes being read into the outbox when it loaded. */
let userLoaded: Promise<void> = Promise.resolve();
const loadListeners = new Set<() => void>();
const EMPTY: ReadonlySet<string> = new Set();

/**
 * Loads and starts the outbox once (with the app's query client, the appliers registered so
 * far and the user known so far). @returns the started module.
 */
export function loadOutbox(client?: QueryClient): Promise<OutboxModule> {
  // The app's query client is imported here, not at the top: a module that only registers an
  // applier (a feature's api) then loads without a browser window (its unit tests run in Node).
  loading ??= Promise.all([
    import('./outbox'),
    client ?? import('../query-client').then((app) => app.queryClient),
  ]).then(([module, queryClient]) => {
    module.startOutbox(queryClient);
    for (const [kind, applier] of appliers) module.registerApplier(kind, applier);
    if (pendingUser) userLoaded = module.setOutboxUser(pendingUser.id, pendingUser.signedIn).catch(() => undefined);
    pendingUser = null;
    loaded = module;
    loadListeners.forEach((listener) => listener());
    return module;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * Loads the outbox once the first screen is shown, before its data answers: a write made offline
 * soon after needs it (a failure is logged; a write retries).
 */
export function loadOutboxAfterFirstScreen(): void {
  afterFirstScreen(
    () => loadOutbox().catch((error: unknown) => console.warn('The outbox could not be loaded', error)),
    'shown',
  );
}

/** outbox.ts `registerApplier`, kept until the outbox loads. */
export function registerApplier(kind: string, applier: OutboxApplier): void {
  if (loaded) loaded.registerApplier(kind, applier);
  else appliers.push([kind, applier]);
}

/** outbox.ts `setOutboxUser`; before the outbox has loaded, it loads after the first screen. */
export async function setOutboxUser(id: string, signedIn = false): Promise<void> {
  if (loaded) return loaded.setOutboxUser(id, signedIn);
  pendingUser = { id, signedIn: signedIn || (pendingUser?.id === id && pendingUser.signedIn) };
  loadOutboxAfterFirstScreen();
}

/** outbox.ts `clearOutbox` (sign-out, account deletion): loads the outbox to delete the stored writes. */
export async function clearOutbox(): Promise<void> {
  const module = await loadOutbox();
  await module.clearOutbox();
}

/** outbox.ts `outboxWrite`, loading the outbox first when needed. */
export async function outboxWrite<T>(
  request: OutboxRequest,
  optimistic: (key: string) => T,
  afterStored?: () => Promise<void>,
): Promise<T> {
  const module = await loadOutbox();
  return module.outboxWrite(request, optimistic, afterStored);
}

/** outbox.ts `pathId` (appliers run only once the outbox has loaded). */
export const pathId = (entry: OutboxEntry): string =>
  loaded ? loaded.pathId(entry) : entry.path.slice(entry.path.lastIndexOf('/') + 1);

/** outbox.ts `sameRecord`; before the outbox has loaded no temporary ids are known. */
export const sameRecord = (recordId: string, named: string): boolean =>
  loaded ? loaded.sameRecord(recordId, named) : recordId === named;

/** outbox.ts `serverId`; before the outbox has loaded no temporary ids are known. */
export const serverId = (id: string): string => (loaded ? loaded.serverId(id) : id);

/**
 * outbox.ts `pendingMarks`, empty until the outbox has loaded. Any empty set is given as the
 * same object, so the outbox loading with nothing pending (the usual case) re-renders nothing
 * (useSyncExternalStore compares snapshots by identity; Profile's re-render cost a language
 * switch pressed as the page opened about 20 ms at 4x CPU slowdown).
 */
export const pendingMarks = (): ReadonlySet<string> => {
  const marks = loaded ? loaded.pendingMarks() : EMPTY;
  return marks.size === 0 ? EMPTY : marks;
};

/** outbox.ts `pendingCount`, 0 until the outbox has loaded. */
export const pendingCount = (): number => (loaded ? loaded.pendingCount() : 0);

/**
 * The number of writes waiting to sync, loading the outbox and the user's stored writes first
 * (sign-out asks before it drops them, even in the moment before the outbox
 * has loaded on its own). @returns a count ≥ 0.
 */
export async function pendingCountLoaded(): Promise<number> {
  const module = await loadOutbox();
  await userLoaded;
  return module.pendingCount();
}

/** outbox.ts `subscribeOutbox`; before the outbox has loaded, the listener also hears it load. */
export function subscribeOutbox(listener: () => void): () => void {
  if (loaded) return loaded.subscribeOutbox(listener);
  let unsubscribe = () => {
    loadListeners.delete(onLoad);
  };
  function onLoad() {
    loadListeners.delete(onLoad);
    unsubscribe = loaded!.subscribeOutbox(listener);
    listener();
  }
  loadListeners.add(onLoad);
  return () => unsubscribe();
}
