/**
 * Repeats at once and the keys' lifetime (decision 022), on PGlite and PostgreSQL: concurrent
 * repeats run once; a claim still running → 409 after the wait, an abandoned one is taken over;
 * keys older than 8 days are purged by the materialiser's pass and go with the account.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema.ts';
import { IDEMPOTENCY_KEY_TTL_MS, IN_PROGRESS_DETAIL, purgeExpiredIdempotencyKeys } from '../src/plugins/idempotency.ts';
import { createMaintenance } from '../src/workers/maintenance.ts';
import { SQL_DRIVERS, ORIGIN, createTestApp, signIn, type TestApp } from './helpers.ts';
import { parseEvents } from './support/assistant-client.ts';
import { BODY, DAY_MS, GLUCOSE, MEDICATION, idempotencyApp } from './support/idempotency-recipes.ts';

describe.each(SQL_DRIVERS)('Idempotency-Key under concurrency on %s', (driver) => {
  const idem = idempotencyApp(driver);
  const { newUser, RECIPES, send, keysOf } = idem;

  it('a repeat while a request with its key is running (a slow phone retried) waits and replays it: one change', async () => {
    const user = await newUser();
    const key = randomUUID();
    const recipe = { url: '/api/medications', payload: MEDICATION };
    const answers = await Promise.all([
      send(user, 'POST', recipe, key),
      send(user, 'POST', recipe, key),
      send(user, 'POST', recipe, key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect((await user.request({ url: '/api/medications' })).json()).toHaveLength(1);
  });

  it('two phones taking one dose at once with one key: one adherence record', async () => {
    const user = await newUser();
    const recipe = await RECIPES['POST /api/adherence']!(user);
    const key = randomUUID();
    const answers = await Promise.all([send(user, 'POST', recipe, key), send(user, 'POST', recipe, key)]);
    expect(answers[0]!.body).toBe(answers[1]!.body);
    expect((await user.request({ url: '/api/adherence' })).json()).toHaveLength(1);
  });

  it('a claim that stays in progress → 409 after the wait; an abandoned claim (> 2 min) is taken over', async () => {
    const user = await newUser();
    const recipe = { url: '/api/health/glucose', payload: GLUCOSE };
    // The first request's row, as a process still running it leaves it: no answer yet.
    const claim = async (createdAt: Date) => {
      const key = randomUUID();
      const first = await send(user, 'POST', recipe, key);
      expect(first.statusCode).toBe(201);
      await idem.t.database.db
        .update(idempotencyKeys)
        .set({ status: null, response_body: null, created_at: createdAt })
        .where(and(eq(idempotencyKeys.user_id, user.user.id), eq(idempotencyKeys.key, key)));
      return key;
    };
    const running = await claim(idem.t.clock());
    const waited = await send(user, 'POST', recipe, running);
    expect(waited.statusCode).toBe(409);
    expect(waited.json()).toEqual({ detail: IN_PROGRESS_DETAIL });

    const abandoned = await claim(new Date(idem.t.clock().getTime() - 3 * 60_000));
    const readings = (await user.request({ url: '/api/health/glucose' })).json().length;
    const takenOver = await send(user, 'POST', recipe, abandoned);
    expect(takenOver.statusCode).toBe(201);
    expect((await user.request({ url: '/api/health/glucose' })).json()).toHaveLength(readings + 1);
    expect((await send(user, 'POST', recipe, abandoned)).json()).toEqual(takenOver.json());
  }, 20_000);

  it('keeps keys 8 days; the materialiser’s pass purges older ones, and a purged key runs again', async () => {
    const user = await newUser();
    const old = randomUUID();
    const recent = randomUUID();
    const recipe = { url: '/api/health/metrics', payload: BODY };
    const start = idem.t.clock();
    try {
      await send(user, 'POST', recipe, old);
      idem.t.clock.advance(2 * DAY_MS);
      await send(user, 'POST', { ...recipe, payload: { ...BODY, weight: 73 } }, recent);
      // 7 days after the first: a phone offline for a week still replays.
      idem.t.clock.set(new Date(start.getTime() + 7 * DAY_MS));
      expect(await purgeExpiredIdempotencyKeys(idem.t.database.db, idem.t.clock)).toBe(0);
      expect((await send(user, 'POST', recipe, old)).headers['idempotent-replayed']).toBe('true');

      idem.t.clock.set(new Date(start.getTime() + IDEMPOTENCY_KEY_TTL_MS + 60_000));
      await createMaintenance({ db: idem.t.database.db, clock: idem.t.clock }).runOnce();
      expect((await keysOf(user.user.id)).map((row) => row.key)).toEqual([recent]);
      const rerun = await send(user, 'POST', recipe, old);
      expect(rerun.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      idem.t.clock.set(start);
    }
  });

  it('keys are the user’s: deleting the account deletes them', async () => {
    const user = await newUser();
    await send(user, 'POST', { url: '/api/health/glucose', payload: GLUCOSE }, randomUUID());
    expect(await keysOf(user.user.id)).toHaveLength(1);
    const deleted = await user.request({ method: 'DELETE', url: '/api/users/me', payload: { confirm: 'DELETE' } });
    expect(deleted.statusCode).toBe(200);
    expect(await keysOf(user.user.id)).toEqual([]);
    const count = await idem.t.database.db.execute(sql`SELECT count(*)::int AS n FROM idempotency_keys`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });
});

/**
 * The phone loses its connection while the answer streams (the offline outbox, decision 028): the
 * server still finishes and stores the answer under the key, so the outbox's repeat gets the
 * whole stream back and the model runs once. Over a real HTTP connection that the client
 * closes after the first line, with a model that takes a moment to answer.
 */
describe.each(SQL_DRIVERS)('Idempotency-Key and a dropped assistant stream on %s', (driver) => {
  let t: TestApp;
  let base = '';
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };
  const model = new MockLanguageModelV3({
    modelId: 'slow-model',
    doStream: async () => {
      const chunks: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Check your sugar before meals ' },
        { type: 'text-delta', id: 't', delta: 'and write it down.' },
        { type: 'text-end', id: 't' },
        { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
      ];
      return { stream: simulateReadableStream({ chunks, initialDelayInMs: 400, chunkDelayInMs: 20 }) };
    },
  });

  beforeAll(async () => {
    t = await createTestApp(driver, { assistantLlm: { model: 'slow-model', languageModel: model } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // The dropped fetch's socket stays open on the server until Node's keep-alive timeout
    // (72 s); close it rather than wait, since shutdown is not this test's subject.
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('a stream cut off after the question is still answered and stored; the repeat replays it whole', async () => {
    const user = await signIn(t.app, { name: 'Asha Rao', email: `drop-${driver}@example.com` });
    const key = randomUUID();
    const post = (signal?: AbortSignal) =>
      fetch(`${base}/api/assistant/messages`, {
        method: 'POST',
        headers: {
          cookie: user.cookie,
          origin: ORIGIN,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ content: 'How often should I check my sugar?' }),
        signal,
      });
    const abort = new AbortController();
    const first = await post(abort.signal);
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('"type":"user"');
    abort.abort(); // the network drops before the answer arrives
    await reader.cancel().catch(() => undefined);

    const again = await post();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const events = parseEvents(await again.text());
    expect([events[0]?.type, events.at(-1)?.type]).toEqual(['user', 'done']);
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      message: { content: 'Check your sugar before meals and write it down.' },
    });
    expect(model.doStreamCalls).toHaveLength(1); // the model ran for the first request only
    const { messages } = (await user.request({ url: '/api/assistant/messages' })).json() as {
      messages: { role: string }[];
    };
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  }, 20_000);
});
