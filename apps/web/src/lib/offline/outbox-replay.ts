/**
 * Sending the outbox: the answer rules shared by the page (outbox.ts) and the service worker's
 * Background Sync (sw/sw-outbox.ts), so both send the same writes in order with the same key.
 * No DOM, React or i18n here: this module runs in the worker too.
 * Decision 028.
 */
import { updateOutbox, type OutboxEntry, type OutboxRecord } from './outbox-store';

/** A UUID anywhere in a path or body (temporary ids and server ids). */
export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The Web Lock held while one user's outbox is sent: page tabs and the worker take turns. */
export const lockName = (userId: string) => `diacare-outbox:${userId}`;

/** The Background Sync tag a page registers for a user's waiting writes (the worker sends only theirs). */
export const SYNC_TAG_PREFIX = 'diacare-outbox:';
export const syncTag = (userId: string) => `${SYNC_TAG_PREFIX}${userId}`;

/** The message the worker posts to DiaCare pages after it sent a user's outbox. */
export const OUTBOX_SYNCED = 'OUTBOX_SYNCED';

/** The server's answer to one write, in the outbox's terms. `detail` is null when the server gave none. */
export type Outcome =
  | { type: 'synced'; data: unknown }
  | { type: 'refused'; status: number; detail: string | null }
  | { type: 'retry' }
  | { type: 'unauthorized' };

/** 409 answers per key ('the same change is still being saved'), retried up to MAX_IN_PROGRESS times. */
const inProgress = new Map<string, number>();
const MAX_IN_PROGRESS = 5;

const withIds = (text: string, ids: Record<string, string>) => text.replace(UUID, (id) => ids[id] ?? id);

async function detailOf(response: Response): Promise<string | null> {
  try {
    const detail = ((await response.json()) as { detail?: unknown } | null)?.detail;
    return typeof detail === 'string' && detail ? detail : null;
  } catch {
    return null;
  }
}

/**
 * The outcome of a whole streamed (NDJSON) 2xx answer: synced with its lines when it ends with
 * `done`; refused with `status` and the `error` line's detail when it ends with `error` (the
 * assistant could not answer; see the module comment); retry when it stops with neither.
 */
export function streamOutcome(status: number, text: string): Outcome {
  let lines: { type?: unknown; detail?: unknown }[];
  try {
    lines = text
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { type?: unknown; detail?: unknown });
  } catch {
    return { type: 'retry' }; // a line cut in half
  }
  const last = lines.at(-1);
  if (last?.type === 'done') return { type: 'synced', data: lines };
  if (last?.type === 'error') {
    return { type: 'refused', status, detail: typeof last.detail === 'string' && last.detail ? last.detail : null };
  }
  return { type: 'retry' };
}

/** The browser's fetch, looked up at each call. */
const globalFetch: typeof fetch = (input, init) => fetch(input, init);

/**
 * Sends one write with its Idempotency-Key through `send` (default: fetch); temporary ids in the
 * path and body become the server's.
 */
export async function sendEntry(
  entry: OutboxEntry,
  ids: Record<string, string>,
  send: typeof fetch = globalFetch,
): Promise<Outcome> {
  const query = entry.query ? `?${new URLSearchParams(entry.query).toString()}` : '';
  let response: Response;
  try {
    response = await send(withIds(entry.path, ids) + query, {
      method: entry.method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Idempotency-Key': entry.key,
        ...(entry.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: entry.body === undefined ? undefined : withIds(JSON.stringify(entry.body), ids),
    });
  } catch {
    return { type: 'retry' };
  }
  if (response.ok) {
    let text: string;
    try {
      text = await response.text();
    } catch {
      return { type: 'retry' }; // the answer broke off: the server keeps it under the key
    }
    // A streamed answer (NDJSON, the assistant's) is read to its end: its lines, in order.
    if (response.headers.get('content-type')?.includes('ndjson')) return streamOutcome(response.status, text);
    return { type: 'synced', data: text ? (JSON.parse(text) as unknown) : null };
  }
  if (response.status === 401) return { type: 'unauthorized' };
  if (response.status === 408 || response.status === 429 || response.status >= 500) return { type: 'retry' };
  // 409 on these routes means the same change (same key) is still being saved: try again, a few times.
  if (response.status === 409) {
    const seen = (inProgress.get(entry.key) ?? 0) + 1;
    inProgress.set(entry.key, seen);
    if (seen <= MAX_IN_PROGRESS) return { type: 'retry' };
  }
  return { type: 'refused', status: response.status, detail: await detailOf(response) };
}

/** Whose session the cookie holds (GET /api/auth/me): the user id, 'unauthorized', or null when unreachable. */
export async function sessionUser(send: typeof fetch = globalFetch): Promise<string | null> {
  try {
    const response = await send('/api/auth/me', { credentials: 'include', headers: { Accept: 'application/json' } });
    if (response.status === 401) return 'unauthorized';
    if (!response.ok) return null;
    return ((await response.json()) as { id: string }).id;
  } catch {
    return null;
  }
}

export interface SendHooks {
  /** Asked before each write; false stops (the page's user changed, or a 401 paused it). */
  proceed(): boolean;
  /**
   * After a write's outcome is stored: the stored record, the write, its outcome and the writes
   * that left the outbox with it (itself, and on a refusal the writes that named its record).
   */
  settled(record: OutboxRecord, entry: OutboxEntry, outcome: Outcome, left: OutboxEntry[]): void;
  /** Store refusals in the record (the worker: no one to show them to now). */
  remember?: boolean;
  /** How to send (default: fetch). */
  fetch?: typeof fetch;
  /** How to change the stored record (default: outbox-store.ts's updateOutbox). */
  update?: typeof updateOutbox;
}

/**
 * Sends `user`'s waiting writes in order, from `record` (read under the Web Lock), until the
 * outbox is empty or a write must wait. The caller holds the lock and has checked that the
 * session is this user's.
 * @returns 'done' (empty, or `proceed` said stop), 'retry' (network or server trouble) or 'unauthorized' (401)
 */
export async function sendQueued(
  user: string,
  record: OutboxRecord,
  hooks: SendHooks,
): Promise<'done' | 'retry' | 'unauthorized'> {
  while (record.entries.length && hooks.proceed()) {
    const entry = record.entries[0]!;
    const outcome = await sendEntry(entry, record.ids, hooks.fetch);
    if (outcome.type === 'retry' || outcome.type === 'unauthorized') return outcome.type;
    const created =
      outcome.type === 'synced' && entry.method === 'POST' ? (outcome.data as { id?: unknown } | null)?.id : undefined;
    const gone = (other: OutboxEntry) =>
      other.key === entry.key ||
      (outcome.type === 'refused' &&
        entry.method === 'POST' &&
        (other.path.includes(entry.key) || JSON.stringify(other.body ?? null).includes(entry.key)));
    const left = record.entries.filter(gone);
    record = await (hooks.update ?? updateOutbox)(user, (old) => ({
      ...old,
      entries: old.entries.filter((other) => !left.some((d) => d.key === other.key)),
      ids: typeof created === 'string' ? { ...old.ids, [entry.key]: created } : old.ids,
      refused:
        hooks.remember && outcome.type === 'refused'
          ? [...(old.refused ?? []), { label: entry.label, status: outcome.status, detail: outcome.detail }]
          : old.refused,
    }));
    hooks.settled(record, entry, outcome, left);
  }
  return 'done';
}
