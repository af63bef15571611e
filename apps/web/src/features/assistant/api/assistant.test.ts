/**
 * sendAssistantMessage over a real Response whose body the test feeds chunk by chunk, as a
 * server streaming NDJSON would (only `fetch` itself is replaced; the API client, the
 * parser and the event handling are the real ones).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setUnauthorizedHandler } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n/i18n';
import { sendAssistantMessage } from './assistant';
import type { AssistantMessage } from './types';

const user: AssistantMessage = {
  id: '0b0e6c1e-2f6a-4d7b-9c59-5a0f3f1c2d11',
  role: 'user',
  content: 'Did I take my medicines today?',
  created_at: '2026-11-23T10:00:00.000Z',
  engine: null,
  links: [],
  sources: [],
};
const answer: AssistantMessage = {
  ...user,
  id: '6d3c1f0a-9a77-4f0e-8d0b-2d6f1c9a0e22',
  role: 'assistant',
  content: 'Today you have taken 1 of 2 doses.',
  engine: 'DiaCare assistant',
  links: [{ label: 'Home', href: '/home' }],
};
const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/** Replaces fetch with one answering a stream the test writes to; returns the writer. */
function serveStream(status = 200) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  const fetch = vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/x-ndjson' } }));
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendAssistantMessage', () => {
  it('posts the content and hands over the stored message and each delta as they arrive', async () => {
    const server = serveStream();
    const onUser = vi.fn();
    const deltas: string[] = [];
    const sent = sendAssistantMessage('Did I take my medicines today?', {
      onUser,
      onDelta: (text) => deltas.push(text),
    });

    server.write(line({ type: 'user', message: user }) + line({ type: 'delta', text: 'Today you have ' }).slice(0, 9));
    await tick();
    expect(onUser).toHaveBeenCalledWith(user);
    expect(deltas).toEqual([]);
    server.write(line({ type: 'delta', text: 'Today you have ' }).slice(9));
    await tick();
    expect(deltas).toEqual(['Today you have ']); // shown before the answer is finished
    server.write(line({ type: 'delta', text: 'taken 1 of 2 doses.' }) + line({ type: 'done', message: answer }));
    server.end();

    await expect(sent).resolves.toEqual(answer);
    expect(deltas.join('')).toBe(answer.content);
    const [path, init] = server.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/assistant/messages');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ content: 'Did I take my medicines today?' });
    expect(new Headers(init.headers).get('Accept')).toBe('application/x-ndjson');
    expect(new Headers(init.headers).has('Idempotency-Key')).toBe(false);
  });

  it('sends the given key as the Idempotency-Key, so the outbox can repeat the question safely', async () => {
    const server = serveStream();
    const key = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const sent = sendAssistantMessage('hi', { onUser: vi.fn(), onDelta: vi.fn() }, key);
    server.write(line({ type: 'user', message: user }) + line({ type: 'done', message: answer }));
    server.end();
    await expect(sent).resolves.toEqual(answer);
    const [, init] = server.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Idempotency-Key')).toBe(key);
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('fails with status 0 when there is no network, so the screen queues the question', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    i18n.loadAndActivate({ locale: 'en', messages: {} }); // the failure's text is a catalog message
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const failure = await sendAssistantMessage('hi', { onUser: vi.fn(), onDelta: vi.fn() }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0 });
  });

  it("fails with the server's detail from an error line", async () => {
    const server = serveStream();
    server.write(
      line({ type: 'user', message: user }) + line({ type: 'error', detail: 'The model is not reachable.' }),
    );
    server.end();
    await expect(sendAssistantMessage('hi', { onUser: vi.fn(), onDelta: vi.fn() })).rejects.toThrow(
      new ApiError('The model is not reachable.', 200),
    );
  });

  it('fails with a readable message when the stream ends without its done line', async () => {
    const server = serveStream();
    server.write(line({ type: 'user', message: user }) + line({ type: 'delta', text: 'Today' }));
    server.end();
    await expect(sendAssistantMessage('hi', { onUser: vi.fn(), onDelta: vi.fn() })).rejects.toThrow(
      'The answer was cut off. Please try again.',
    );
  });

  it('fails with a readable message when the connection drops mid-answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = serveStream();
    const sent = sendAssistantMessage('hi', { onUser: vi.fn(), onDelta: vi.fn() });
    server.write(line({ type: 'delta', text: 'Today' }));
    await tick();
    server.fail();
    await expect(sent).rejects.toThrow('The answer was cut off. Please try again.');
  });

  it('fails with the detail of a 429 answered before streaming', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ detail: 'Too many messages. Please wait a minute.' }, { status: 429 })),
    );
    const failure = await sendAssistantMessage('hi', { onUser: vi.fn(), onDelta: vi.fn() }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Too many messages. Please wait a minute.', status: 429 });
  });

  it('signs out on 401 like every other call', async () => {
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ detail: 'Not signed in' }, { status: 401 })),
    );
    await expect(sendAssistantMessage('hi', { onUser: vi.fn(), onDelta: vi.fn() })).rejects.toThrow('Unauthorized');
    expect(signedOut).toHaveBeenCalledOnce();
  });
});
