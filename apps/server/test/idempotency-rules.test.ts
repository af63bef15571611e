/**
 * The Idempotency-Key's rules (decision 022), on PGlite and PostgreSQL: a create or delete
 * repeated runs once; another request with a used key → 422; another user's identical key is
 * independent; a malformed key → 400; reads ignore it; refusals are not stored.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEY_REUSED_DETAIL } from '../src/plugins/idempotency.ts';
import { SQL_DRIVERS } from './helpers.ts';
import { fingerprintDatabase } from './support/db-dump.ts';
import { BLOOD_PRESSURE, GLUCOSE, MEDICATION, isoDate, idempotencyApp } from './support/idempotency-recipes.ts';

describe.each(SQL_DRIVERS)('Idempotency-Key rules on %s', (driver) => {
  const idem = idempotencyApp(driver);
  const { newUser, RECIPES, created, send, keysOf } = idem;

  it('creates once: two POSTs of a reading with one key store one reading', async () => {
    const user = await newUser();
    const key = randomUUID();
    const recipe = { url: '/api/health/glucose', payload: GLUCOSE };
    const [first, second] = [await send(user, 'POST', recipe, key), await send(user, 'POST', recipe, key)];
    expect(second.json()).toEqual(first.json());
    expect((await user.request({ url: '/api/health/glucose' })).json()).toHaveLength(1);
    // Without a key, a repeat is a new reading (the header is what makes it the same change).
    await user.request({ method: 'POST', url: '/api/health/glucose', payload: GLUCOSE });
    expect((await user.request({ url: '/api/health/glucose' })).json()).toHaveLength(2);
  });

  it('a delete repeated with its key answers its first 200, not 404', async () => {
    const user = await newUser();
    const medication = await created(user, '/api/medications', MEDICATION);
    const recipe = { url: `/api/medications/${medication.id}` };
    const key = randomUUID();
    expect((await send(user, 'DELETE', recipe, key)).statusCode).toBe(200);
    const again = await send(user, 'DELETE', recipe, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true });
    // A delete from elsewhere (another key) is told it is gone.
    expect((await send(user, 'DELETE', recipe, randomUUID())).json()).toEqual({
      detail: 'This medication was deleted.',
    });
  });

  it('the assistant’s streamed answer is stored whole and replayed; one question, one answer', async () => {
    const user = await newUser();
    const key = randomUUID();
    const recipe = { url: '/api/assistant/messages', payload: { content: 'How was my sugar this week?' } };
    const first = await send(user, 'POST', recipe, key);
    expect(first.headers['content-type']).toContain('application/x-ndjson');
    expect(first.body.trim().split('\n').at(-1)).toContain('"type":"done"');
    const second = await send(user, 'POST', recipe, key);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect((await user.request({ url: '/api/assistant/messages' })).json().messages).toHaveLength(2);
    // The same key with another question: refused, and nothing more is stored.
    const other = await send(user, 'POST', { ...recipe, payload: { content: 'What should I eat?' } }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: KEY_REUSED_DETAIL });
    expect((await user.request({ url: '/api/assistant/messages' })).json().messages).toHaveLength(2);
  });

  it.each([
    ['another body', { url: '/api/health/glucose', payload: { ...GLUCOSE, value: 99 } }, 'POST'],
    ['another path', { url: '/api/health/bp', payload: BLOOD_PRESSURE }, 'POST'],
    ['another method', { url: '/api/settings/notifications', payload: { healthTips: false } }, 'PUT'],
  ])('the same key with %s → 422 with a clear detail, nothing changed', async (_name, other, method) => {
    const user = await newUser();
    const key = randomUUID();
    const first = await send(user, 'POST', { url: '/api/health/glucose', payload: GLUCOSE }, key);
    expect(first.statusCode).toBe(201);
    const before = await fingerprintDatabase(idem.t.database.db);
    const reused = await send(user, method, other, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ detail: KEY_REUSED_DETAIL });
    expect(await fingerprintDatabase(idem.t.database.db)).toEqual(before);
  });

  it('the same key with another query string (a dose’s new status) → 422', async () => {
    const user = await newUser();
    const recipe = await RECIPES['PUT /api/adherence/:id']!(user);
    const key = randomUUID();
    expect((await send(user, 'PUT', recipe, key)).statusCode).toBe(200);
    const other = await send(user, 'PUT', { url: recipe.url.replace('pending', 'skipped') }, key);
    expect(other.statusCode).toBe(422);
  });

  it('another user sending the same key is independent: both changes are made', async () => {
    const asha = await newUser('Asha Rao');
    const ben = await newUser('Ben Okafor');
    const key = randomUUID();
    const recipe = { url: '/api/health/glucose', payload: GLUCOSE };
    const forAsha = await send(asha, 'POST', recipe, key);
    const forBen = await send(ben, 'POST', recipe, key);
    expect([forAsha.statusCode, forBen.statusCode]).toEqual([201, 201]);
    expect(forBen.headers['idempotent-replayed']).toBeUndefined();
    expect(forBen.json().id).not.toBe(forAsha.json().id);
    expect((await ben.request({ url: '/api/health/glucose' })).json()).toEqual([forBen.json()]);
    expect((await asha.request({ url: '/api/health/glucose' })).json()).toEqual([forAsha.json()]);
    // Ben's repeat replays Ben's answer, never Asha's.
    expect((await send(ben, 'POST', recipe, key)).json()).toEqual(forBen.json());
  });

  it.each(['not-a-uuid', '', '12345678-1234-1234-1234-1234567890', `${randomUUID()}x`])(
    'a malformed key (%j) → 400 naming the header, nothing changed',
    async (key) => {
      const user = await newUser();
      const before = await fingerprintDatabase(idem.t.database.db);
      const response = await send(user, 'POST', { url: '/api/health/glucose', payload: GLUCOSE }, key);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Idempotency-Key: must be a UUID' });
      expect(await fingerprintDatabase(idem.t.database.db)).toEqual(before);
    },
  );

  it('reads ignore the header; requests without it behave as before', async () => {
    const user = await newUser();
    const read = await user.request({ url: '/api/health/glucose', headers: { 'idempotency-key': 'not-a-uuid' } });
    expect(read.statusCode).toBe(200);
    expect(await keysOf(user.user.id)).toEqual([]);
  });

  it('a refusal is not stored: the repeat runs again, and the same key may then carry the corrected change', async () => {
    const user = await newUser();
    const key = randomUUID();
    const missing = {
      url: '/api/adherence',
      payload: { medication_id: randomUUID(), date: isoDate(-1), scheduled_time: '08:00', status: 'taken' },
    };
    const before = await fingerprintDatabase(idem.t.database.db);
    const refused = await send(user, 'POST', missing, key);
    expect(refused.statusCode).toBe(404);
    expect(await fingerprintDatabase(idem.t.database.db)).toEqual(before);
    expect((await send(user, 'POST', missing, key)).json()).toEqual(refused.json());
    // A future reading refused by the handler (the user's zone), then the corrected one, same key.
    const future = { url: '/api/health/glucose', payload: { ...GLUCOSE, date: isoDate(3) } };
    expect((await send(user, 'POST', future, key)).statusCode).toBe(400);
    expect((await send(user, 'POST', { url: '/api/health/glucose', payload: GLUCOSE }, key)).statusCode).toBe(201);
    expect(await keysOf(user.user.id)).toHaveLength(1);
  });
});
