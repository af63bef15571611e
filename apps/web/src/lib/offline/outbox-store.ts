/**
 * Where the outbox lives: one IndexedDB record per user id, so one person's writes are never sent
 * with another's session; idb-keyval's `update` keeps two tabs from losing each other's writes.
 * Used by the page and the service worker. Decision 028.
 */
import { createStore, del, get, update, type UseStore } from 'idb-keyval';

/** One write waiting for the server, in the order the user made it. */
export interface OutboxEntry {
  /** A client UUID: the `Idempotency-Key` header, and the temporary id of a record it creates. */
  key: string;
  /** Which optimistic applier shows it (e.g. 'dose', 'glucose', 'medication'). */
  kind: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The API path; may hold temporary ids of records not yet on the server. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** What its applier needs besides the body, never sent (e.g. the user's zone). */
  meta?: Record<string, string>;
  /** What the user did, in words, for a refusal toast ('Take of Metformin 08:00'). */
  label: string;
  /** Epoch ms. */
  created_at: number;
}

/** A write the server refused while no page was open (Background Sync): shown when the page opens. */
export interface OutboxRefusal {
  /** The write's label ('Take of Metformin 08:00'). */
  label: string;
  status: number;
  /** The server's `detail`, or null when it gave none. */
  detail: string | null;
}

export interface OutboxRecord {
  entries: OutboxEntry[];
  /** Temporary id → the server's id, learnt when a create is accepted. */
  ids: Record<string, string>;
  /** Refusals not shown yet (stored by the service worker's replay). */
  refused?: OutboxRefusal[];
}

let store: UseStore | undefined;
const db = () => (store ??= createStore('diacare-outbox', 'writes'));
const recordKey = (userId: string) => `user:${userId}`;
const empty = (): OutboxRecord => ({ entries: [], ids: {} });

/** The user's outbox (empty when none is stored). */
export async function loadOutbox(userId: string): Promise<OutboxRecord> {
  return (await get<OutboxRecord>(recordKey(userId), db())) ?? empty();
}

/** Changes the user's outbox in one transaction; resolves with the stored result. */
export async function updateOutbox(
  userId: string,
  change: (record: OutboxRecord) => OutboxRecord,
): Promise<OutboxRecord> {
  let result = empty();
  await update<OutboxRecord>(
    recordKey(userId),
    (old) => {
      result = change(old ?? empty());
      return result;
    },
    db(),
  );
  return result;
}

/** Deletes the user's outbox (sign-out, account deletion). */
export function deleteOutbox(userId: string): Promise<void> {
  return del(recordKey(userId), db());
}
