/**
 * createOutbox against a local HTTP server (decisions 028 and 022): writes go out oldest first,
 * each with its own Idempotency-Key on every attempt; a 4xx is dropped and reported, a 5xx or a
 * network failure is kept and retried; a 409 (the same change still being saved) is retried 5 times.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { createOutbox, type Outbox, type OutboxStore } from './outbox-core';
import type { OutboxRecord } from './outbox-store';

const USER = '1a2b3c4d-0000-4000-8000-000000000001';
const OTHER = '1a2b3c4d-0000-4000-8000-000000000002';
const SERVER_ID = '9f9f9f9f-0000-4000-8000-000000000009';

interface Seen {
  method: string;
  path: string;
  key: string | undefined;
  body: unknown;
}

/** What the server answers to a write: status and JSON body, in the order given per path. */
type Answer = { status: number; body?: unknown } | 'hang-up';

let server: Server;
let base = '';
let seen: Seen[] = [];
let session: string | null = USER;
let answers = new Map<string, Answer[]>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      if (path === '/api/auth/me') {
        response.writeHead(session ? 200 : 401, { 'Content-Type': 'application/json' });
        return response.end(JSON.stringify(session ? { id: session } : { detail: 'Unauthorized' }));
      }
      seen.push({
        method: request.method ?? '',
        path,
        key: request.headers['idempotency-key'] as string | undefined,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      const answer = answers.get(path)?.shift() ?? { status: 200, body: { id: SERVER_ID } };
      if (answer === 'hang-up') return response.destroy();
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** An in-memory store with the same contract as outbox-store.ts. */
function memoryStore(): OutboxStore & { records: Map<string, OutboxRecord> } {
  const records = new Map<string, OutboxRecord>();
  const empty = (): OutboxRecord => ({ entries: [], ids: {} });
  return {
    records,
    load: (user) => Promise.resolve(structuredClone(records.get(user) ?? empty())),
    update: (user, change) => {
      const result = change(structuredClone(records.get(user) ?? empty()));
      records.set(user, structuredClone(result));
      return Promise.resolve(result);
    },
    delete: (user) => Promise.resolve(void records.delete(user)),
  };
}

let outbox: Outbox;
let store: ReturnType<typeof memoryStore>;
let online = true;
let timers: { run: () => void; ms: number }[] = [];
let refusals: { label: string; detail: string; status: number }[] = [];
let running = 0;

beforeEach(async () => {
  seen = [];
  session = USER;
  answers = new Map();
  online = true;
  timers = [];
  refusals = [];
  store = memoryStore();
  outbox = createOutbox({
    store,
    fetch: (input, init) => fetch(`${base}${String(input)}`, init),
    clock: {
      now: () => Date.parse('2026-11-23T08:00:00Z'),
      setTimeout: (run, ms) => timers.push({ run, ms }),
      clearTimeout: () => undefined,
      random: () => 0,
    },
    storage: null,
    online: () => online,
    lock: async (_name, run) => {
      running += 1;
      try {
        await run();
      } finally {
        running -= 1;
      }
    },
    requestBackgroundSync: () => undefined,
    showRefusal: (label, detail, status) => refusals.push({ label, detail, status }),
  });
  await outbox.setUser(USER);
  await idle();
});

/** Waits until no replay runs (a run started in another's `finally` starts before any timer). */
const idle = () => vi.waitFor(() => expect(running).toBe(0));

/** Queues writes offline (each resolves with its optimistic value), then goes online and replays. */
async function queueOffline(...writes: Parameters<Outbox['write']>[0][]): Promise<string[]> {
  online = false;
  const keys: string[] = [];
  for (const write of writes) keys.push(await outbox.write(write, (key) => key));
  await idle();
  expect(seen).toEqual([]);
  online = true;
  return keys;
}

const glucose = (value: number) => ({
  kind: 'glucose',
  method: 'POST' as const,
  path: '/api/health/glucose',
  body: { value, meal_context: 'Fasting', date: '2026-11-23', time: '08:00' },
  label: `Glucose ${value}`,
});

/** The retry timers replay set (the 10 s foreground waits left out). */
const retries = () => timers.filter((timer) => timer.ms !== 10_000);

describe('replay order', () => {
  it('sends the writes oldest first, each with its own Idempotency-Key, and empties the outbox', async () => {
    const keys = await queueOffline(glucose(101), glucose(102), glucose(103));
    expect(outbox.pendingCount()).toBe(3);
    await outbox.flush();
    await idle();
    expect(seen.map((request) => [(request.body as { value: number }).value, request.key])).toEqual([
      [101, keys[0]],
      [102, keys[1]],
      [103, keys[2]],
    ]);
    expect(outbox.pendingCount()).toBe(0);
    expect(store.records.get(USER)?.entries).toEqual([]);
  });

  it("a later write naming a create's temporary id reaches the server's id", async () => {
    online = false;
    const created = await outbox.write(glucose(120), (key) => key);
    await outbox.write(
      { kind: 'glucose', method: 'PUT', path: `/api/health/glucose/${created}`, body: { value: 121 }, label: 'Edit' },
      (key) => key,
    );
    await idle();
    expect(outbox.sameRecord(created, created)).toBe(true);
    online = true;
    await outbox.flush();
    await idle();
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/health/glucose',
      `PUT /api/health/glucose/${SERVER_ID}`,
    ]);
    expect(outbox.sameRecord(SERVER_ID, created)).toBe(true);
    // A record still listed under its temporary id is read from the server by its server id.
    expect(outbox.serverId(created)).toBe(SERVER_ID);
    expect(outbox.serverId(SERVER_ID)).toBe(SERVER_ID);
  });

  it('online, the caller gets the server answer; a stored key is reused on a repeat attempt', async () => {
    const key = '7e7e7e7e-0000-4000-8000-000000000007';
    await expect(outbox.write({ ...glucose(99), key }, () => 'queued')).resolves.toEqual({ id: SERVER_ID });
    await idle();
    expect(seen).toMatchObject([{ key, path: '/api/health/glucose' }]);
  });
});

describe('a write stored before it is sent', () => {
  it('runs afterStored once the write is stored and before the server sees it, then sends it', async () => {
    const atAfterStored: { stored: number; sent: number }[] = [];
    const answer = await outbox.write(
      glucose(110),
      (key) => key,
      () => {
        atAfterStored.push({ stored: store.records.get(USER)?.entries.length ?? 0, sent: seen.length });
        return Promise.resolve();
      },
    );
    expect(atAfterStored).toEqual([{ stored: 1, sent: 0 }]);
    expect(answer).toEqual({ id: SERVER_ID });
    await idle();
    expect(seen.map((request) => request.method)).toEqual(['POST']);
    expect(outbox.pendingCount()).toBe(0);
  });
});

describe('refusals', () => {
  it("a 4xx is dropped with the writes naming its record, and reported with the server's detail", async () => {
    answers.set('/api/health/glucose', [{ status: 422, body: { detail: 'Value must be at most 600 mg/dL' } }]);
    online = false;
    const created = await outbox.write(glucose(900), (key) => key);
    await outbox.write(
      { kind: 'glucose', method: 'DELETE', path: `/api/health/glucose/${created}`, label: 'Undo' },
      (key) => key,
    );
    await outbox.write(glucose(110), (key) => key);
    await idle();
    online = true;
    await outbox.flush();
    await idle();
    // The DELETE of the refused create never goes out; the next write does.
    expect(seen.map((request) => (request.body as { value?: number } | undefined)?.value)).toEqual([900, 110]);
    expect(refusals).toEqual([{ label: 'Glucose 900', detail: 'Value must be at most 600 mg/dL', status: 422 }]);
    expect(outbox.pendingCount()).toBe(0);
    expect(retries()).toEqual([]);
  });

  it('a waiting caller gets the refusal as an ApiError instead of a toast', async () => {
    answers.set('/api/health/glucose', [{ status: 400, body: { detail: 'Date is required' } }]);
    const refused = await outbox.write(glucose(100), () => 'queued').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ message: 'Date is required', status: 400 });
    expect(refusals).toEqual([]);
    await idle();
    expect(outbox.pendingCount()).toBe(0);
  });

  it('a 5xx keeps the write and retries it after 2 s backoff, with the same key', async () => {
    answers.set('/api/health/glucose', [{ status: 503 }, { status: 503 }]);
    const [key] = await queueOffline(glucose(130));
    await outbox.flush();
    await idle();
    expect(outbox.pendingCount()).toBe(1);
    expect(retries().map((timer) => timer.ms)).toEqual([1500]); // 2 s × (0.75 + jitter 0)
    retries()[0]!.run();
    await idle();
    expect(retries().map((timer) => timer.ms)).toEqual([1500, 3000]); // doubling
    retries()[1]!.run();
    await idle();
    expect(seen.map((request) => request.key)).toEqual([key, key, key]);
    expect(outbox.pendingCount()).toBe(0);
    expect(refusals).toEqual([]);
  });

  it('a network failure keeps the write and a later replay sends it once', async () => {
    answers.set('/api/health/glucose', ['hang-up']);
    const [key] = await queueOffline(glucose(140));
    await outbox.flush();
    await idle();
    expect(outbox.pendingCount()).toBe(1);
    expect(refusals).toEqual([]);
    await outbox.flush();
    await idle();
    expect(seen.map((request) => request.key)).toEqual([key, key]);
    expect(outbox.pendingCount()).toBe(0);
  });

  it('a 401 keeps the outbox and stops replay until the same user signs in again', async () => {
    await queueOffline(glucose(150));
    answers.set('/api/health/glucose', [{ status: 401 }]);
    await outbox.flush();
    await idle();
    expect(outbox.pendingCount()).toBe(1);
    await outbox.flush(); // paused: nothing goes out
    await idle();
    expect(seen).toHaveLength(1);
    await outbox.setUser(USER, true);
    await idle();
    expect(seen).toHaveLength(2);
    expect(outbox.pendingCount()).toBe(0);
  });

  it("another person's session on the phone never sends this user's writes", async () => {
    await queueOffline(glucose(160));
    session = OTHER;
    await outbox.flush();
    await idle();
    expect(seen).toEqual([]);
    expect(outbox.pendingCount()).toBe(1);
  });
});

describe('a conflict (409: the same change still being saved, decision 022)', () => {
  it('is retried with the same key 5 times, then dropped and reported', async () => {
    const conflict = { status: 409, body: { detail: 'The same change is still being saved.' } };
    answers.set(
      '/api/health/glucose',
      Array.from({ length: 6 }, () => conflict),
    );
    const [key] = await queueOffline(glucose(170));
    await outbox.flush();
    await idle();
    for (let retry = 0; retry < 5; retry += 1) {
      expect(outbox.pendingCount()).toBe(1);
      retries().at(-1)!.run();
      await idle();
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen.map((request) => request.key))).toEqual(new Set([key]));
    expect(outbox.pendingCount()).toBe(0);
    expect(refusals).toEqual([{ label: 'Glucose 170', detail: 'The same change is still being saved.', status: 409 }]);
  });

  it('a 409 that clears on the next attempt is saved once, not reported', async () => {
    answers.set('/api/health/glucose', [{ status: 409, body: { detail: 'Still being saved' } }]);
    await queueOffline(glucose(180));
    await outbox.flush();
    await idle();
    retries().at(-1)!.run();
    await idle();
    expect(seen).toHaveLength(2);
    expect(outbox.pendingCount()).toBe(0);
    expect(refusals).toEqual([]);
  });
});
