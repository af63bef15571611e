/** The outbox's shapes: an applier, a write to make, and what createOutbox runs on (decision 028). */
import type { QueryKey } from '@tanstack/react-query';
import type { OutboxEntry, OutboxRecord } from './outbox-store';

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

/** Where the outbox records live, one per user id (outbox-store.ts in the browser). */
export interface OutboxStore {
  load(userId: string): Promise<OutboxRecord>;
  /** Changes the user's record in one transaction; resolves with the stored result. */
  update(userId: string, change: (record: OutboxRecord) => OutboxRecord): Promise<OutboxRecord>;
  delete(userId: string): Promise<void>;
}

/** What an outbox runs on; the browser's are in outbox.ts. */
export interface OutboxDeps {
  store: OutboxStore;
  /** Sends requests to same-origin paths ('/api/…'). */
  fetch: typeof fetch;
  /** Epoch ms, timers and the jitter's random number in [0, 1). */
  clock: {
    now(): number;
    setTimeout(run: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
    random(): number;
  };
  /** Remembers the last signed-in user across reloads (localStorage); null when there is none. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Whether the device is online (navigator.onLine). */
  online(): boolean;
  /** Runs `run` holding the Web Lock `name`, or at once where there are no locks. */
  lock(name: string, run: () => Promise<void>): Promise<void>;
  /** Asks the service worker to send `user`'s writes when the network returns (Background Sync). */
  requestBackgroundSync(user: string): void;
  /** Tells the user a write left unsaved (status 200: a question stored but not answered). */
  showRefusal(label: string, detail: string, status: number): void;
}
