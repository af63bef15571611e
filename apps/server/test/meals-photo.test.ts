/**
 * A meal's photo (decision 090): a JPEG or WebP up to 1 MB is stored as a small WebP with its
 * EXIF and GPS metadata removed; read by the owner or a member with the meals scope (audited),
 * 403 for a member without it, 404 for a stranger; a non-image or a file over the limit → 400
 * storing nothing; deleted with the meal and with the account.
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, ORIGIN, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const MEAL = {
  date: '2026-11-20',
  time: '13:00',
  meal_type: 'lunch',
  items: [{ food_id: 'rice', name: 'Rice', portions: 1 }],
};

/** A 2000×1500 JPEG carrying a camera make and a GPS position. */
const photoWithLocation = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' },
    })
    .toBuffer();

describe.each(DRIVERS)('meal photos on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const newUser = (name: string) =>
    signIn(t.app, { name, email: `photo${++counter}@example.com`, timezone: 'Asia/Kolkata' });
  const put = (user: SignedInUser, id: string, payload: Buffer | string, type = 'image/jpeg') =>
    user.request({ method: 'PUT', url: `/api/meals/${id}/photo`, headers: { 'content-type': type }, payload });
  const meal = async (user: SignedInUser) =>
    (await user.request({ method: 'POST', url: '/api/meals', payload: MEAL })).json();

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  it('stores a small WebP without metadata and returns it privately', async () => {
    const asha = await newUser('Asha Rao');
    const lunch = await meal(asha);
    const original = await photoWithLocation();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const stored = await put(asha, lunch.id, original);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().has_photo).toBe(true);
    const photo = await asha.request({ url: `/api/meals/${lunch.id}/photo` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(photo.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1280, height: 960 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(photo.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect((await asha.request({ url: '/api/meals' })).json()[0].has_photo).toBe(true);
  });

  it('refuses a non-image, a PNG and a file over 1 MB with 400, storing nothing', async () => {
    const asha = await newUser('Asha Rao');
    const lunch = await meal(asha);
    const before = await dumpDatabase(t.database.db);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    // Small on the wire but over 4096 × 4096 pixels: refused from its header, never decoded.
    const vast = await sharp({ create: { width: 4097, height: 4097, channels: 3, background: 'white' } })
      .jpeg({ quality: 10 })
      .toBuffer();
    const noise = Buffer.alloc(1_000_001, 1);
    noise.set([0xff, 0xd8, 0xff], 0);
    for (const [payload, type, detail] of [
      [Buffer.from('not a photo at all'), 'image/jpeg', 'photo: must be a JPEG or WebP photo'],
      [png, 'image/png', 'photo: must be a JPEG or WebP photo'],
      [Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]), 'image/jpeg', 'photo: must be a JPEG or WebP photo'],
      [vast, 'image/jpeg', 'photo: must be a JPEG or WebP photo'],
      [noise, 'image/jpeg', 'photo: must be at most 1000000 bytes'],
    ] as const) {
      const response = await put(asha, lunch.id, payload, type);
      expect(response.statusCode, detail).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    expect((await put(asha, lunch.id, 'text', 'text/plain')).statusCode).toBe(415);
    // A body streamed without a declared size stops being read at the limit: 413 with a detail.
    const streamed = await asha.request({
      method: 'PUT',
      url: `/api/meals/${lunch.id}/photo`,
      headers: { 'content-type': 'image/jpeg' },
      payload: Readable.from([noise]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(typeof streamed.json().detail).toBe('string');
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('refuses a declared size over 1 MB from the headers, before any of the body is sent', async () => {
    const asha = await newUser('Asha Rao');
    const lunch = await meal(asha);
    // The listener is closed with the app after the tests.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Only the headers go out; the answer comes without waiting for (or decoding) a body.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${address}/api/meals/${lunch.id}/photo`, {
        method: 'PUT',
        headers: {
          cookie: asha.cookie,
          origin: ORIGIN,
          'content-type': 'image/jpeg',
          'content-length': String(50 * 1024 * 1024),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
          request.destroy();
        });
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toBe('photo: must be at most 1000000 bytes');
  });

  it('a member with the meals scope sees it; without the scope 403; a stranger 404', async () => {
    const asha = await newUser('Asha Rao');
    const lunch = await meal(asha);
    await put(asha, lunch.id, await photoWithLocation());
    const join = async (scopes: string[]) => {
      const member = await newUser('Member');
      const { token } = (
        await asha.request({ method: 'POST', url: '/api/care/invitations', payload: { role: 'family', scopes } })
      ).json();
      await member.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
      return member;
    };
    const family = await join(['glucose', 'meals']);
    const doctor = await join(['glucose']);
    const stranger = await newUser('Stranger');
    expect((await family.request({ url: `/api/meals/${lunch.id}/photo` })).statusCode).toBe(200);
    expect((await family.request({ url: `/api/meals/${lunch.id}/response` })).statusCode).toBe(200);
    expect((await doctor.request({ url: `/api/meals/${lunch.id}/photo` })).statusCode).toBe(403);
    expect((await stranger.request({ url: `/api/meals/${lunch.id}/photo` })).statusCode).toBe(404);
    // The member's Reports card: the patient's meals report, with the same scope.
    const report = `/api/care/patients/${asha.user.id}/reports/meals?days=30`;
    const shared = await family.request({ url: report });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().meals).toBe(1);
    expect((await doctor.request({ url: report })).statusCode).toBe(403);
    expect((await stranger.request({ url: report })).statusCode).toBe(404);
    expect((await family.request({ url: `/api/care/patients/${asha.user.id}/reports/meals?days=7` })).statusCode).toBe(
      400,
    );
    expect((await stranger.request({ method: 'DELETE', url: `/api/meals/${lunch.id}/photo` })).statusCode).toBe(404);
    const audit = (await asha.request({ url: '/api/care/audit' })).json();
    expect(JSON.stringify(audit)).toContain('meals');
    const listed = await family.request({ url: `/api/care/patients/${asha.user.id}/meals` });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()[0].id).toBe(lunch.id);
    expect((await doctor.request({ url: `/api/care/patients/${asha.user.id}/meals` })).statusCode).toBe(403);
  });

  it('goes with its meal and with the account', async () => {
    const asha = await newUser('Asha Rao');
    const lunch = await meal(asha);
    await put(asha, lunch.id, await photoWithLocation());
    expect((await asha.request({ method: 'DELETE', url: `/api/meals/${lunch.id}/photo` })).json().has_photo).toBe(
      false,
    );
    await put(asha, lunch.id, await photoWithLocation());
    await asha.request({ method: 'DELETE', url: `/api/meals/${lunch.id}` });
    const rows = (await dumpDatabase(t.database.db)) as Record<string, unknown[]>;
    expect(JSON.stringify(rows.meal_photos ?? [])).not.toContain(lunch.id);
  });
});
