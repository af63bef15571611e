/**
 * On replay, a streamed (NDJSON) answer that ends in an `error` line must not count as synced.
 * sendEntry runs against a local HTTP server that streams lines as the real route does.
 * Decision 028.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendEntry, streamOutcome } from './outbox-replay';
import type { OutboxEntry } from './outbox-store';

const user = { type: 'user', message: { id: '4f1c2f8e-5b7a-4a55-9d7e-1a2b3c4d5e6f', role: 'user', content: 'Hi' } };
const done = { type: 'done', message: { id: '5f1c2f8e-5b7a-4a55-9d7e-1a2b3c4d5e6f', role: 'assistant' } };
const failed = { type: 'error', detail: 'The assistant could not answer just now. Please try again.' };
const ndjson = (...lines: object[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('');

describe('streamOutcome', () => {
  it('an answer that ends with done is synced, with its lines', () => {
    expect(streamOutcome(200, ndjson(user, { type: 'delta', text: 'Hello' }, done))).toEqual({
      type: 'synced',
      data: [user, { type: 'delta', text: 'Hello' }, done],
    });
  });

  it("an answer that ends with an error line is refused with status 200 and the error's detail", () => {
    expect(streamOutcome(200, ndjson(user, { type: 'delta', text: 'Hel' }, failed))).toEqual({
      type: 'refused',
      status: 200,
      detail: failed.detail,
    });
    expect(streamOutcome(200, ndjson(user, { type: 'error' }))).toEqual({ type: 'refused', status: 200, detail: null });
  });

  it('an answer that stops with neither (or mid-line) is tried again', () => {
    expect(streamOutcome(200, ndjson(user, { type: 'delta', text: 'Hel' }))).toEqual({ type: 'retry' });
    expect(streamOutcome(200, `${ndjson(user)}{"type":"del`)).toEqual({ type: 'retry' });
    expect(streamOutcome(200, '')).toEqual({ type: 'retry' });
  });
});

describe('sendEntry with a streamed answer', () => {
  let server: Server;
  let body = '';
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      // Line by line, as the route writes them while the model answers.
      const lines = body.split(/(?<=\n)/);
      const next = () => (lines.length ? response.write(lines.shift(), () => setTimeout(next, 5)) : response.end());
      next();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => realFetch(base + path, init));
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await new Promise((resolve) => server.close(resolve));
  });

  const question: OutboxEntry = {
    key: '6f1c2f8e-5b7a-4a55-9d7e-1a2b3c4d5e6f',
    kind: 'assistant',
    method: 'POST',
    path: '/api/assistant/messages',
    body: { content: 'Hi' },
    label: 'Question to the assistant',
    created_at: 0,
  };

  it('the model failing on replay leaves the question refused with the detail, not synced', async () => {
    body = ndjson(user, failed);
    expect(await sendEntry(question, {})).toEqual({ type: 'refused', status: 200, detail: failed.detail });
  });

  it('an answer in full is synced', async () => {
    body = ndjson(user, { type: 'delta', text: 'Hello' }, done);
    expect(await sendEntry(question, {})).toEqual({
      type: 'synced',
      data: [user, { type: 'delta', text: 'Hello' }, done],
    });
  });
});
