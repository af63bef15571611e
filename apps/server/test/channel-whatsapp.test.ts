/**
 * The WhatsApp channel against a local stand-in for the Cloud API (node:http): the exact
 * request, E.164 numbers, backoff on 5xx/429 and no retry on 4xx (decision 050).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWhatsAppSender, toE164 } from '../src/modules/channels/whatsapp-sender.ts';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

describe('toE164', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['447700900123', '+447700900123'],
    [' 98765 43210 ', '+919876543210'],
  ])('%s → %s', (stored, e164) => expect(toE164(stored)).toBe(e164));

  it.each([[''], [null], ['12345'], ['98765abcde'], ['0012345678901234']])('%j → null', (stored) =>
    expect(toE164(stored)).toBeNull(),
  );
});

describe('WhatsApp Cloud API sender', () => {
  let server: Server;
  let apiUrl: string;
  const received: Received[] = [];
  /** The statuses the stand-in answers with, in order; then 200. */
  let script: number[] = [];

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      received.push({
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: JSON.parse(await readBody(request)),
      });
      const status = script.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        status === 200
          ? JSON.stringify({ messages: [{ id: 'wamid.1' }] })
          : JSON.stringify({ error: { code: status === 400 ? 131026 : 2, message: 'stand-in' } }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
    script = [];
  });

  const sender = (sleeps: number[] = []) =>
    createWhatsAppSender({
      token: 'test-token',
      phoneNumberId: '1234567890',
      apiUrl,
      baseDelayMs: 500,
      maxAttempts: 4,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });

  it('posts the template message to /{phone number id}/messages with the bearer token', async () => {
    const result = await sender().send({
      to: '9876543210',
      template: 'dose_reminder',
      language: 'hi',
      parameters: ['Metformin', '500 mg', '09:00'],
    });
    expect(result).toEqual({ outcome: 'delivered', status: 200, attempts: 1 });
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/v21.0/1234567890/messages',
        authorization: 'Bearer test-token',
        contentType: 'application/json',
        body: {
          messaging_product: 'whatsapp',
          to: '+919876543210',
          type: 'template',
          template: {
            name: 'dose_reminder',
            language: { code: 'hi' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Metformin' },
                  { type: 'text', text: '500 mg' },
                  { type: 'text', text: '09:00' },
                ],
              },
            ],
          },
        },
      },
    ]);
  });

  it('retries 500 and 429 with exponential backoff, then succeeds', async () => {
    script = [500, 429, 503];
    const sleeps: number[] = [];
    const result = await sender(sleeps).send({
      to: '919876543210',
      template: 'refill_reminder',
      language: 'en',
      parameters: ['Metformin', '5'],
    });
    expect(result).toEqual({ outcome: 'delivered', status: 200, attempts: 4 });
    expect(sleeps).toEqual([500, 1000, 2000]);
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => JSON.stringify(r.body))).size).toBe(1);
  });

  it('gives up after the last attempt, without sleeping after it', async () => {
    script = [500, 500, 500, 500];
    const sleeps: number[] = [];
    const result = await sender(sleeps).send({ to: '9876543210', template: 'x', language: 'en', parameters: [] });
    expect(result).toEqual({ outcome: 'failed', status: 500, attempts: 4, error: 'http 500 code 2' });
    expect(sleeps).toEqual([500, 1000, 2000]);
  });

  it('does not retry a 400: the message fails at once', async () => {
    script = [400];
    const sleeps: number[] = [];
    const result = await sender(sleeps).send({ to: '9876543210', template: 'x', language: 'en', parameters: [] });
    expect(result).toEqual({ outcome: 'failed', status: 400, attempts: 1, error: 'http 400 code 131026' });
    expect(received).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries a network error; a bad number is never sent', async () => {
    const sleeps: number[] = [];
    const closed = createWhatsAppSender({
      token: 't',
      phoneNumberId: '1',
      apiUrl: 'http://127.0.0.1:1',
      maxAttempts: 2,
      baseDelayMs: 10,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    expect(await closed.send({ to: '9876543210', template: 'x', language: 'en', parameters: [] })).toEqual({
      outcome: 'failed',
      status: null,
      attempts: 2,
      error: 'network',
    });
    expect(sleeps).toEqual([10]);
    expect(await sender().send({ to: '12345', template: 'x', language: 'en', parameters: [] })).toMatchObject({
      outcome: 'failed',
      attempts: 0,
      error: 'bad number',
    });
    expect(received).toEqual([]);
  });
});
