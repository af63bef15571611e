/**
 * The response serializer (plugins/response-serializer.ts), on a Fastify app with the server's
 * error handling: an answer is parsed by its route's zod schema, so a field the schema does not
 * list never leaves, and an answer that does not match is a generic 500, never the data.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { responseSerializerCompiler } from '../src/plugins/response-serializer.ts';

describe('the response serializer', () => {
  const app = Fastify({ logger: false });
  const reading = z.object({ id: z.string(), value: z.number().int(), date: z.string() });

  beforeAll(async () => {
    app.setSerializerCompiler(responseSerializerCompiler);
    registerErrorHandling(app);
    const row = { id: 'r1', value: 104, date: '2026-11-20', user_id: 'someone-else', token_hash: 'secret' };
    app.get('/list', { schema: { response: { 200: z.array(reading) } } }, async () => [row, { ...row, id: 'r2' }]);
    app.get('/one', { schema: { response: { 200: { properties: reading } } } }, async () => row);
    app.get('/wrong', { schema: { response: { 200: reading } } }, async () => ({ ...row, value: 'high' }));
    app.get(
      '/plain',
      { schema: { response: { 200: { type: 'object', properties: { id: { type: 'string' } } } } } },
      () => ({
        id: 'x',
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('keeps only the fields the schema lists, in a list and in an object under `properties`', async () => {
    const list = await app.inject({ url: '/list' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toBe(
      JSON.stringify([
        { id: 'r1', value: 104, date: '2026-11-20' },
        { id: 'r2', value: 104, date: '2026-11-20' },
      ]),
    );
    const one = await app.inject({ url: '/one' });
    expect(one.json()).toEqual({ id: 'r1', value: 104, date: '2026-11-20' });
    expect(one.body).not.toContain('secret');
  });

  it('an answer that does not match its schema is a 500 with a generic detail, not the data', async () => {
    const wrong = await app.inject({ url: '/wrong' });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json()).toEqual({ detail: expect.any(String) });
    expect(wrong.body).not.toContain('secret');
    expect(wrong.body).not.toContain('high');
  });

  it('a schema that is not zod is refused as the library refuses it, with a 500', async () => {
    const plain = await app.inject({ url: '/plain' });
    expect(plain.statusCode).toBe(500);
  });
});
