/**
 * Errors thrown as catalog ids (decision 054): the English details read as before, the Hindi
 * ones name the field in Hindi, and a refused request stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, signIn, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';
import { setLanguage } from './support/requests.ts';

describe.each(DRIVERS)('catalog error details on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const newUser = async (language: 'en' | 'hi') => {
    const user = await signIn(t.app, { name: 'Asha Rao', email: `catalog${++counter}@example.com` });
    await setLanguage(user, language);
    return user;
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('a sensor file of neither format: the same English detail, a Hindi one for Hindi; nothing stored', async () => {
    const [english, hindi] = [await newUser('en'), await newUser('hi')];
    const before = await dumpDatabase(t.database.db);
    const upload = {
      method: 'POST',
      url: '/api/imports',
      payload: 'date,value\n2026-11-19,112\n',
      headers: { 'content-type': 'text/csv' },
    };
    const refused = await english.request(upload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'file: expected a LibreView or Dexcom Clarity glucose export (CSV) with its header row',
    });
    const inHindi = await hindi.request(upload);
    expect(inHindi.statusCode).toBe(400);
    expect(inHindi.json().detail).toMatch(/^फ़ाइल: हेडर वाली LibreView या Dexcom Clarity/);
    const notCsv = await english.request({ method: 'POST', url: '/api/imports', payload: { file: 'x' } });
    expect(notCsv.json()).toEqual({ detail: 'body: must be a CSV file sent as text/csv' });
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('a field rule keeps its field: a NUL in a nested field and a bad Idempotency-Key, in both languages', async () => {
    const nul = {
      method: 'POST',
      url: '/api/health/glucose',
      payload: { value: 120, time: '08:00', notes: 'a\u0000b' },
    };
    const english = await newUser('en');
    expect((await english.request(nul)).json()).toEqual({ detail: 'notes: must not contain the NUL character' });
    const hindi = await newUser('hi');
    expect((await hindi.request(nul)).json()).toEqual({ detail: 'नोट्स: इसमें NUL अक्षर नहीं हो सकता' });
    const key = { method: 'POST', url: '/api/health/glucose', headers: { 'idempotency-key': 'not-a-uuid' } };
    const payload = { value: 120, date: '2026-01-01', time: '08:00' };
    expect((await english.request({ ...key, payload })).json()).toEqual({ detail: 'Idempotency-Key: must be a UUID' });
    expect((await hindi.request({ ...key, payload })).json()).toEqual({
      detail: 'Idempotency-Key: सही UUID होना चाहिए',
    });
  });
});
