/**
 * One input rule over the whole route table (plugins/strict-input.ts, decision 074): every write
 * route's valid body plus one unknown key, top level or nested, is a 400 naming the key that
 * changes nothing; every query string the same; a body nested too deep is a 400 before anything
 * walks it; and every personal /api answer says `Cache-Control: no-store`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, ORIGIN, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { fingerprintDatabase } from './support/db-dump.ts';
import { WRITE_METHODS, writeRecipes } from './support/idempotency-recipes.ts';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The path of the first object nested in `payload` ('schedule'), or null when it has none. */
function firstNestedObject(payload: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(payload)) if (isPlainObject(value)) return key;
  return null;
}

/** `/api/x/:id/y` with every parameter a fresh UUID. */
const withIds = (url: string) => url.replace(/:[A-Za-z_]+/g, () => randomUUID());

describe.each(DRIVERS)('every input held to one rule on %s', (driver) => {
  let t: TestApp;
  const routes: Array<{ method: string; url: string }> = [];
  let users = 0;
  const newUser = (name = 'Asha Rao') =>
    signIn(t.app, { name, email: `rules${++users}@example.com`, timezone: 'Asia/Kolkata' });
  const { RECIPES } = writeRecipes(newUser);

  beforeAll(async () => {
    t = await createTestApp(driver, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD' && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
            routes.push({ method, url: route.url });
        }
      },
    });
  });
  afterAll(() => t.close());

  it('every write route refuses an unknown key, top level or nested, naming it, and changes nothing', async () => {
    const user = await newUser();
    const checked: string[] = [];
    for (const { method, url } of routes.filter((route) => WRITE_METHODS.has(route.method))) {
      const recipe = await RECIPES[`${method} ${url}`]?.(user);
      if (!recipe || !isPlainObject(recipe.payload)) continue;
      const nested = firstNestedObject(recipe.payload);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...recipe.payload, days_of_week: [1, 3, 5] }, 'days_of_week: unknown field'],
      ];
      if (nested) {
        const inner = recipe.payload[nested] as Record<string, unknown>;
        cases.push([
          { ...recipe.payload, [nested]: { ...inner, days_of_week: [1] } },
          `${nested}.days_of_week: unknown field`,
        ]);
      }
      for (const [payload, detail] of cases) {
        const before = await fingerprintDatabase(t.database.db);
        const response = await user.request({ method, url: recipe.url, payload });
        expect({ route: `${method} ${url}`, status: response.statusCode, body: response.json() }).toEqual({
          route: `${method} ${url}`,
          status: 400,
          body: { detail },
        });
        expect(await fingerprintDatabase(t.database.db), `${method} ${url}`).toEqual(before);
      }
      checked.push(`${method} ${url}`);
    }
    // The routes the issue named, among others.
    expect(checked).toEqual(
      expect.arrayContaining([
        'POST /api/medications',
        'POST /api/health/glucose',
        'PATCH /api/appointments/:id',
        'PUT /api/users/me',
      ]),
    );
    expect(checked.length).toBeGreaterThanOrEqual(20);
  });

  it('a write that takes no body refuses any field in one, and does nothing', async () => {
    const user = await newUser();
    const checked: string[] = [];
    for (const { method, url } of routes.filter((route) => WRITE_METHODS.has(route.method))) {
      const recipe = await RECIPES[`${method} ${url}`]?.(user);
      if (!recipe || recipe.payload !== undefined) continue;
      const before = await fingerprintDatabase(t.database.db);
      const response = await user.request({ method, url: recipe.url, payload: { keep_readings: true } });
      expect({ route: `${method} ${url}`, status: response.statusCode, body: response.json() }).toEqual({
        route: `${method} ${url}`,
        status: 400,
        body: { detail: 'keep_readings: unknown field' },
      });
      expect(await fingerprintDatabase(t.database.db), `${method} ${url}`).toEqual(before);
      checked.push(`${method} ${url}`);
    }
    expect(checked).toEqual(expect.arrayContaining(['DELETE /api/health/glucose/:id', 'POST /api/imports/:id/commit']));
  });

  it('a prototype key is named like any unknown key; a path the router cannot read is a {detail} 400', async () => {
    const user = await newUser();
    for (const [body, detail] of [
      ['{"name":"Asha","__proto__":{"admin":true}}', '__proto__: unknown field'],
      ['{"name":"Asha","constructor":{"prototype":{"admin":true}}}', 'constructor: unknown field'],
    ]) {
      const response = await user.request({
        method: 'PUT',
        url: '/api/users/me',
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.json()).toEqual({ detail });
    }
    const bad = await user.request({ url: '/api/users/%zz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'The address /api/users/%zz cannot be read' });
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('the cases the issue found: a misspelled field is refused, never read as another meaning', async () => {
    const user = await newUser();
    const invitation = await user.request({
      method: 'POST',
      url: '/api/care/invitations',
      payload: { role: 'doctor', scope: ['glucose'] },
    });
    expect(invitation.json()).toEqual({ detail: 'scope: unknown field' });
    const reading = await user.request({
      method: 'POST',
      url: '/api/health/glucose',
      payload: { value: 120, date: '2026-11-01', time: '08:00', mealContext: 'After Lunch' },
    });
    expect(reading.json()).toEqual({ detail: 'mealContext: unknown field' });
    const hindi = await user.request({
      method: 'POST',
      url: '/api/health/glucose',
      payload: { value: 120, date: '2026-11-01', time: '08:00', mealContext: 'After Lunch' },
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.json()).toEqual({ detail: 'mealContext: अनजान फ़ील्ड है' });
  });

  it('every /api route refuses a query parameter it does not take, naming it', async () => {
    const user = await newUser();
    const wrong: string[] = [];
    for (const { method, url } of routes) {
      const response = await user.request({ method, url: `${withIds(url)}?utm_source=x` });
      // A state-changing route may refuse first for its body; the query is still never read.
      const detail = response.json<{ detail?: string }>().detail ?? '';
      if (method === 'GET' && (response.statusCode !== 400 || detail !== 'utm_source: unknown field'))
        wrong.push(`${method} ${url}: ${response.statusCode} ${detail}`);
      if (response.statusCode < 300) wrong.push(`${method} ${url}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the API document says additionalProperties: false for every body', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    const open: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content['application/json']?.schema as
          { type?: string; additionalProperties?: unknown } | undefined;
        if (schema?.type === 'object' && schema.additionalProperties !== false) open.push(`${method} ${path}`);
      }
    }
    expect(open).toEqual([]);
  });

  describe('bodies nested too deep', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const send = (user: SignedInUser | null, url: string, body: string) =>
      user
        ? user.request({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json' } })
        : t.app.inject({
            method: 'POST',
            url,
            payload: body,
            headers: { origin: ORIGIN, 'content-type': 'application/json' },
          });

    it.each([33, 3_600, 30_000])('%i levels: 400 naming the body, signed in or not, nothing changes', async (depth) => {
      const user = await newUser();
      const before = await fingerprintDatabase(t.database.db);
      for (const response of [
        await send(user, '/api/health/glucose', nested(depth)),
        await send(null, '/api/auth/session', nested(depth)),
        // Brackets inside a string do not count; the object around them does.
        await send(user, '/api/medications', `{"name":"${'['.repeat(100)}","schedule":${nested(depth)}}`),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'body: must not nest objects or lists more than 32 levels deep' });
      }
      expect(await fingerprintDatabase(t.database.db)).toEqual(before);
    });

    it('32 levels parse, and the schema answers', async () => {
      const user = await newUser();
      const response = await send(user, '/api/health/glucose', nested(32));
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).not.toContain('levels deep');
      // A string full of brackets is not nesting.
      const text = await send(user, '/api/health/glucose', JSON.stringify({ value: '[{'.repeat(500) }));
      expect(text.json().detail).toBe('value: must be a whole number');
    });
  });

  it('every /api answer is no-store, but the public VAPID key', async () => {
    const user = await newUser();
    const cached: string[] = [];
    let ok = 0;
    for (const { url } of routes.filter((route) => route.method === 'GET')) {
      const response = await user.request({ url: withIds(url) });
      if (response.statusCode === 200) ok++;
      const header = response.headers['cache-control'];
      if (url === '/api/push/vapid-public-key') expect(header).toBe('public, max-age=3600');
      else if (header !== 'no-store') cached.push(`${url}: ${response.statusCode} ${String(header)}`);
    }
    expect(cached).toEqual([]);
    expect(ok).toBeGreaterThanOrEqual(25);
    // Errors too, and signed out.
    expect((await t.app.inject({ url: '/api/users/me' })).headers['cache-control']).toBe('no-store');
  });

  it('/api/docs keeps the app’s framing rule and does not upgrade a plain-http origin', async () => {
    const response = await t.app.inject({ url: '/api/docs/static/index.html' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('names others read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('a name of only invisible characters is refused; bidirectional controls are stripped', async () => {
    const asha = await signIn(t.app, { name: 'Asha', email: 'names@example.com' });
    const medicine = {
      dosage: '500 mg',
      form: 'Tablet',
      color: '#FF6B6B',
      schedule: { frequency: 'daily', times: ['08:00'], start_date: '2026-01-01' },
      refill_reminder: { enabled: false, pills_remaining: null, threshold: 7 },
    };
    const invisible = await asha.request({
      method: 'POST',
      url: '/api/medications',
      payload: { ...medicine, name: '\u200B\u200B' },
    });
    expect(invisible.json()).toEqual({ detail: 'name: must have a visible character' });
    const profile = await asha.request({ method: 'PUT', url: '/api/users/me', payload: { name: '\u202Eahsa\u202C ' } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().name).toBe('ahsa');
    const blank = await asha.request({ method: 'PUT', url: '/api/users/me', payload: { name: '\u2066\u200D\uFEFF' } });
    expect(blank.statusCode).toBe(400);
    for (const name of ['\u2800', '\u3164', 'Ravi \u0007 Verma', '\uD800']) {
      const refused = await asha.request({ method: 'PUT', url: '/api/users/me', payload: { name } });
      expect(refused.statusCode, JSON.stringify(name)).toBe(400);
    }
    // What a member reads of a medicine or a visit loses its bidirectional controls too.
    const visit = await asha.request({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        type: 'doctor',
        title: 'Review',
        doctor: '\u2067Dr. Rao\u2069',
        location: 'Apollo\u202C',
        notes: 'x\u202Ey',
        date: '2099-01-01',
        time: '10:00',
      },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    expect(visit.json()).toMatchObject({ doctor: 'Dr. Rao', location: 'Apollo', notes: 'xy' });
    const blankPlace = await asha.request({
      method: 'POST',
      url: '/api/appointments',
      payload: { type: 'lab', title: 'HbA1c', location: '\u200B', date: '2099-01-01', time: '10:00' },
    });
    expect(blankPlace.json()).toEqual({ detail: 'location: must have a visible character' });
    // Devanagari with its joiners is visible text and stays as typed.
    const hindi = await asha.request({ method: 'PUT', url: '/api/users/me', payload: { name: 'आशा राव' } });
    expect(hindi.json().name).toBe('आशा राव');
  });
});
