/**
 * Nightscout import through the API against a local stand-in (decision 053): paging over
 * 3+ pages in either order, sgv only, nothing stored before commit, duplicates on a second
 * import, undo, a refused token, bad or private addresses and an unreachable site.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkSiteUrl,
  isNonPublicAddress,
  nightscoutReadings,
  publicOnlyLookup,
} from '../src/modules/imports/nightscout.ts';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';
import { sgvEntries, startNightscoutStandIn, type NightscoutStandIn } from './support/nightscout-stand-in.ts';

const NOW = new Date('2026-11-20T18:40:00.000Z');
const TOKEN = 'diacare-3f2a1b0c9d8e7f6a';
const NEWEST = NOW.getTime() - 3_600_000;

describe.each(DRIVERS)('Nightscout import on %s', (driver) => {
  let t: TestApp;
  let site: NightscoutStandIn;
  let userCounter = 0;
  const newUser = (name = 'Asha Rao') =>
    signIn(t.app, { name, email: `nightscout${++userCounter}@example.com`, timezone: 'Asia/Kolkata' });
  const importFrom = (user: SignedInUser, payload: Record<string, unknown>) =>
    user.request({ method: 'POST', url: '/api/imports/nightscout', payload });
  const count = async (userId: string) => {
    const result = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM sensor_readings WHERE user_id = ${userId}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW), env: { NIGHTSCOUT_ALLOW_PRIVATE: 'true' } });
    // 2,500 sgv entries (3 pages of 1,000), a meter reading and a calibration in between.
    site = await startNightscoutStandIn({
      token: TOKEN,
      entries: [
        ...sgvEntries(2500, NEWEST),
        { type: 'mbg', date: NEWEST - 1000, mbg: 140 },
        { type: 'cal', date: NEWEST - 2000 },
      ],
    });
  });
  afterAll(async () => {
    await site.close();
    await t.close();
  });

  it('reads every page, stores nothing before commit, adds nothing twice and undoes', async () => {
    const asha = await newUser();
    site.requests.length = 0;
    const preview = await importFrom(asha, { url: site.url, token: TOKEN });
    expect(preview.statusCode, preview.body).toBe(201);
    expect(preview.json()).toMatchObject({
      format: 'nightscout',
      status: 'preview',
      readings: 2500,
      duplicates: 0,
      from: new Date(NEWEST - 2499 * 300_000).toISOString(),
      to: new Date(NEWEST).toISOString(),
    });
    expect(site.requests.length).toBeGreaterThanOrEqual(3);
    expect(site.requests[0]!.get('count')).toBe('1000');
    expect(Number(site.requests[0]!.get('find[date][$gte]'))).toBe(NOW.getTime() - 90 * 86_400_000);
    expect(await count(asha.user.id)).toBe(0);

    const committed = await asha.request({ method: 'POST', url: `/api/imports/${preview.json().id}/commit` });
    expect(committed.json()).toMatchObject({ status: 'committed', readings: 2500 });
    const newest = await t.database.db.execute(
      sql`SELECT source, device_serial, date::text, time, value, kind FROM sensor_readings
          WHERE user_id = ${asha.user.id} ORDER BY measured_at DESC LIMIT 1`,
    );
    expect((newest as unknown as { rows: unknown[] }).rows).toEqual([
      {
        source: 'nightscout',
        device_serial: 'xDrip-DexcomG6',
        date: '2026-11-20',
        time: '23:10',
        value: 80,
        kind: 'cgm',
      },
    ]);

    const again = await importFrom(asha, { url: site.url, token: TOKEN });
    expect(again.json()).toMatchObject({ readings: 0, duplicates: 2500 });
    site.entries = [...sgvEntries(3, NEWEST + 900_000), ...site.entries];
    const newer = await importFrom(asha, { url: `${site.url}/`, token: TOKEN });
    expect(newer.json()).toMatchObject({ readings: 3, duplicates: 2500 });
    await asha.request({ method: 'POST', url: `/api/imports/${newer.json().id}/commit` });
    expect(await count(asha.user.id)).toBe(2503);

    const undone = await asha.request({ method: 'DELETE', url: `/api/imports/${newer.json().id}` });
    expect(undone.statusCode).toBe(200);
    expect(await count(asha.user.id)).toBe(2500);
    // Another user cannot commit or undo Asha's import.
    const ben = await newUser('Ben');
    expect((await ben.request({ method: 'DELETE', url: `/api/imports/${preview.json().id}` })).statusCode).toBe(404);
  });

  it('pages a site that sends the oldest entries first as well', async () => {
    const ascending = await startNightscoutStandIn({
      token: TOKEN,
      entries: sgvEntries(2100, NEWEST, 'share2'),
      order: 'oldest-first',
    });
    try {
      const ravi = await newUser('Ravi');
      const preview = await importFrom(ravi, { url: ascending.url, token: TOKEN, days: 30 });
      expect(preview.json()).toMatchObject({ readings: 2100, duplicates: 0 });
      expect(ascending.requests.length).toBeGreaterThanOrEqual(3);
    } finally {
      await ascending.close();
    }
  });

  it('a refused token, a bad address or an unreachable site answers clearly and stores nothing', async () => {
    const asha = await newUser();
    const before = await dumpDatabase(t.database.db);
    const refused = await importFrom(asha, { url: site.url, token: 'wrong-token' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('token: the token was refused; use a token with the readable role');
    for (const url of ['not a url', 'ftp://127.0.0.1/', 'javascript:alert(1)', '']) {
      const bad = await importFrom(asha, { url, token: TOKEN });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().detail, url).toMatch(/^url: /);
    }
    const credentials = await importFrom(asha, { url: site.url.replace('//', '//me:pw@'), token: TOKEN });
    expect(credentials.json().detail).toBe('url: must not carry credentials');
    expect((await importFrom(asha, { url: site.url, token: 'has space' })).statusCode).toBe(400);
    const notNightscout = await importFrom(asha, { url: `${site.url}/elsewhere`, token: TOKEN });
    expect(notNightscout.statusCode).toBe(400);
    expect(notNightscout.json().detail).toBe('url: no Nightscout site answered at this address');

    const gone = await startNightscoutStandIn({ token: TOKEN, entries: [] });
    await gone.close();
    const unreachable = await importFrom(asha, { url: gone.url, token: TOKEN });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().detail).toMatch(/could not be reached/);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });
});

describe('Nightscout address rule (SSRF)', () => {
  it('refuses http and private, loopback or link-local targets unless allowed', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1']) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    expect(isNonPublicAddress('8.8.8.8')).toBe(false);
    expect(isNonPublicAddress('2606:4700::1111')).toBe(false);
    expect(isNonPublicAddress('::ffff:8.8.8.8')).toBe(false);
    await expect(checkSiteUrl('http://8.8.8.8/', false)).rejects.toThrow('url: must be an https URL');
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/',
      'https://localhost/',
      'https://0x7f000001/',
      'https://[::ffff:7f00:1]/',
      // IPv4-compatible, 6to4, Teredo and NAT64 forms that carry a loopback or private IPv4 address.
      'https://[::127.0.0.1]/',
      'https://[2002:7f00:1::1]/',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
      'https://[64:ff9b::a00:1]/',
      'https://[2001:db8::1]/',
    ]) {
      await expect(checkSiteUrl(url, false), url).rejects.toThrow(/must be a public address/);
    }
    expect((await checkSiteUrl('https://8.8.8.8/ns?x=1#y', false)).href).toBe('https://8.8.8.8/ns/');
    expect((await checkSiteUrl('http://127.0.0.1:9/', true)).href).toBe('http://127.0.0.1:9/');
  });
});

describe('Nightscout connections (DNS rebinding)', () => {
  it('connects only to public addresses, whatever the name resolved to when the address was checked', async () => {
    const site = await startNightscoutStandIn({ token: TOKEN, entries: sgvEntries(3, NEWEST) });
    try {
      // 'localhost' stands for a name that resolved to a public address for checkSiteUrl and to
      // a loopback one now: the connection itself is refused, and the site hears nothing.
      const rebound = new URL(site.url.replace('127.0.0.1', 'localhost'));
      const refused = nightscoutReadings(rebound, TOKEN, NEWEST - 86_400_000, NOW.getTime(), false);
      await expect(refused.next()).rejects.toMatchObject({
        statusCode: 502,
        i18n: { id: 'error.nightscout_unreachable' },
      });
      expect(site.requests).toHaveLength(0);
      const lookedUp = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
        publicOnlyLookup('localhost', {}, (error) => resolve(error)),
      );
      expect(lookedUp?.code).toBe('ENOTPUBLIC');

      // Where private addresses are allowed (a local site), the same name is read.
      const allowed = nightscoutReadings(rebound, TOKEN, NEWEST - 86_400_000, NOW.getTime(), true);
      expect((await allowed.next()).value).toHaveLength(3);
      expect(site.requests).toHaveLength(1);
    } finally {
      await site.close();
    }
  });
});
