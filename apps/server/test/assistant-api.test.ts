/**
 * The assistant's API edges: history, validation, auth and the cap, the config, the NDJSON
 * stream, the rate limit, and logs that never hold a question or an answer.
 */
import { ASSISTANT_MESSAGE_MAX_CHARS, BUILTIN_ASSISTANT_NAME } from '@diacare/contract/assistant';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { CAPABILITIES } from '../src/modules/assistant/builtin-engine.ts';
import { knowledgeBase } from '../src/modules/knowledge/knowledge.ts';
import { createAssistantRepository } from '../src/modules/assistant/assistant.repository.ts';
import { DRIVERS, createTestApp, createTestClock, signIn, type TestApp } from './helpers.ts';
import { ask, parseEvents } from './support/assistant-client.ts';
import { SEED_NOW, SEED_ZONE, seededAssistantApp } from './support/assistant-seed.ts';

const article = (id: string) => knowledgeBase().articles.find((a) => a.id === id)!;

describe.each(DRIVERS)('assistant API (built-in engine) on %s', (driver) => {
  const seeded = seededAssistantApp(driver);
  const { newUser } = seeded;

  describe('history', () => {
    it('GET lists the conversation oldest first with engine, links and sources; DELETE clears it (204)', async () => {
      const other = await newUser();
      expect((await other.request({ url: '/api/assistant/messages' })).json()).toEqual({ messages: [] });
      await ask(other, 'When is my next appointment?');
      await ask(other, 'What should I eat?');
      const { messages } = (await other.request({ url: '/api/assistant/messages' })).json();
      expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(messages[0]).toMatchObject({
        content: 'When is my next appointment?',
        engine: null,
        links: [],
        sources: [],
      });
      expect(messages[1]).toMatchObject({
        engine: BUILTIN_ASSISTANT_NAME,
        links: [{ label: 'Booking', href: '/booking' }],
      });
      expect(messages[3].sources[0]).toEqual({
        title: article('food-indian-meals').source,
        section: article('food-indian-meals').section,
      });
      // another user's conversation is not affected by this user's DELETE
      const before = (await seeded.user.request({ url: '/api/assistant/messages' })).json().messages.length;
      const cleared = await other.request({ method: 'DELETE', url: '/api/assistant/messages' });
      expect(cleared.statusCode).toBe(204);
      expect((await other.request({ url: '/api/assistant/messages' })).json()).toEqual({ messages: [] });
      expect((await seeded.user.request({ url: '/api/assistant/messages' })).json().messages.length).toBe(before);
    });

    it('GET returns the last 50 messages; the store keeps 200 per user', async () => {
      const other = await newUser();
      const repository = createAssistantRepository(seeded.t.database.db, 10);
      for (let i = 0; i < 14; i += 1)
        await repository.add(other.user.id, { role: 'user', content: `q${i}`, engine: null });
      expect(await repository.count(other.user.id)).toBe(10);
      const kept = await repository.list(other.user.id, 50);
      expect(kept.map((m) => m.content)).toEqual(['q4', 'q5', 'q6', 'q7', 'q8', 'q9', 'q10', 'q11', 'q12', 'q13']);
      // through the API with the real cap: 104 questions → 208 messages → 200 kept, 50 listed
      const real = createAssistantRepository(seeded.t.database.db);
      for (let i = 0; i < 206; i += 1) await real.add(other.user.id, { role: 'user', content: `m${i}`, engine: null });
      await ask(other, 'hello');
      expect(await real.count(other.user.id)).toBe(200);
      const { messages } = (await other.request({ url: '/api/assistant/messages' })).json();
      expect(messages).toHaveLength(50);
      expect(messages.at(-1).content).toBe(CAPABILITIES);
    });
  });

  describe('bad requests', () => {
    it.each([
      [{}, 'content'],
      [{ content: '' }, 'content: must not be empty'],
      [{ content: '    ' }, 'content: must not be empty'],
      [{ content: 42 }, 'content'],
      [{ content: 'x'.repeat(ASSISTANT_MESSAGE_MAX_CHARS + 1) }, 'content: must be at most 2000 characters'],
    ])('%j → 400 naming the field, nothing saved', async (payload, detail) => {
      const other = await newUser();
      const response = await other.request({ method: 'POST', url: '/api/assistant/messages', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(detail);
      expect((await other.request({ url: '/api/assistant/messages' })).json()).toEqual({ messages: [] });
    });

    it('a message of exactly 2,000 characters is accepted and trimmed', async () => {
      const other = await newUser();
      const { events } = await ask(other, `  ${'a'.repeat(ASSISTANT_MESSAGE_MAX_CHARS)}  `);
      expect(events[0]).toMatchObject({ type: 'user', message: { content: 'a'.repeat(ASSISTANT_MESSAGE_MAX_CHARS) } });
    });

    it('without a session every route answers 401', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await seeded.t.app.inject({
          method,
          url: '/api/assistant/messages',
          headers: { origin: 'http://localhost:3000' },
          ...(method === 'POST' ? { payload: { content: 'hi' } } : {}),
        });
        expect(response.statusCode).toBe(401);
      }
    });
  });

  it('GET /api/config says the built-in engine answers', async () => {
    const config = (await seeded.user.request({ url: '/api/config' })).json();
    expect(config.assistant).toEqual({ engine: 'builtin', name: BUILTIN_ASSISTANT_NAME });
  });

  it('the stream is NDJSON: one event per line, user first and done last', async () => {
    const response = await seeded.user.request({
      method: 'POST',
      url: '/api/assistant/messages',
      payload: { content: 'What should I eat?' },
    });
    const lines = response.body.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    const events = parseEvents(response.body);
    expect(events[0]!.type).toBe('user');
    expect(events.slice(1, -1).every((e) => e.type === 'delta')).toBe(true);
    expect(events.at(-1)!.type).toBe('done');
  });
});

describe.each(DRIVERS)('assistant rate limit on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '3' },
    });
  });
  afterAll(() => t.close());

  it('a fourth question within a minute gets 429 {detail} and is not saved; other users are not limited', async () => {
    const first = await signIn(t.app, { name: 'A', email: 'limit-a@example.com', timezone: SEED_ZONE });
    const second = await signIn(t.app, { name: 'B', email: 'limit-b@example.com', timezone: SEED_ZONE });
    for (let i = 0; i < 3; i += 1) await ask(first, 'hello');
    const limited = await first.request({
      method: 'POST',
      url: '/api/assistant/messages',
      payload: { content: 'hello' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Too many requests/);
    expect((await first.request({ url: '/api/assistant/messages' })).json().messages).toHaveLength(6);
    await ask(second, 'hello');
    // GET is not limited
    expect((await first.request({ url: '/api/assistant/messages' })).statusCode).toBe(200);
  });

  it('past the limit, a message the guard rails read as urgent is still answered with "Call 112" (decision 114)', async () => {
    const user = await signIn(t.app, { name: 'C', email: 'limit-c@example.com', timezone: SEED_ZONE });
    for (let i = 0; i < 3; i += 1) await ask(user, 'hello');
    const plain = await user.request({ method: 'POST', url: '/api/assistant/messages', payload: { content: 'hello' } });
    expect(plain.statusCode).toBe(429);
    const { answer } = await ask(user, 'my sugar is 40 and I am fainting');
    expect(answer.content.startsWith('Call 112 now')).toBe(true);
    // Bad input is still a 400 naming the field, limit or not.
    const empty = await user.request({ method: 'POST', url: '/api/assistant/messages', payload: { content: '' } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('assistant logging', () => {
  it('questions and answers never reach the log, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp('pglite', {
      clock: createTestClock(SEED_NOW),
      logger: { ...(loggerOptions('trace') as object), stream },
    });
    try {
      const user = await signIn(t.app, { name: 'Log', email: 'log@example.com', timezone: SEED_ZONE });
      const secret = 'Zebracorn glucose question';
      const { answer } = await ask(user, `${secret}: what should I eat?`);
      await user.request({ url: '/api/assistant/messages' });
      const log = lines.join('');
      expect(log).toContain('/api/assistant/messages');
      expect(log).not.toContain('Zebracorn');
      expect(log).not.toContain(answer.content.slice(0, 40));
    } finally {
      await t.close();
    }
  });
});
