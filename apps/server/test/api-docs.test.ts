/**
 * The OpenAPI document at /api/docs/json, checked rule by rule over every
 * operation it holds, and against the route table so a route cannot be left out: an
 * operationId each, the {detail} error answers (401 / 400 / 403 / 404) documented, no
 * routes outside /api, and every list capped by a documented `limit`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdFor } from '../src/plugins/api-docs.ts';
import { DRIVERS, createTestApp, signIn, type TestApp } from './helpers.ts';

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; schema: { type?: string; default?: number; maximum?: number } }[];
  requestBody?: unknown;
  responses: Record<
    string,
    {
      description: string;
      content?: { 'application/json': { schema: { type?: string; properties?: Record<string, unknown> } } };
    }
  >;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

describe('operation ids', () => {
  it('come from the method and path, camelCase, a path parameter as By<Name>', () => {
    expect(operationIdFor('GET', '/api/health/glucose')).toBe('getHealthGlucose');
    expect(operationIdFor('PUT', '/api/adherence/:id')).toBe('putAdherenceById');
    expect(operationIdFor('GET', '/api/push/vapid-public-key')).toBe('getPushVapidPublicKey');
    expect(operationIdFor('DELETE', '/api/reminders/:reminder_id/snooze')).toBe('deleteRemindersByReminderIdSnooze');
  });
});

describe.each(DRIVERS)('the API document on %s', (driver) => {
  let t: TestApp;
  let doc: OpenApi;
  const routes: { method: string; url: string; public: boolean }[] = [];
  const operations: { method: string; path: string; operation: Operation }[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url, public: route.public });
      },
    });
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json();
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(byMethod)) {
        operations.push({ method: method.toUpperCase(), path, operation });
      }
    }
  });
  afterAll(() => t.close());

  /** Operations that break `rule`, as 'METHOD /path'. */
  const breaking = (rule: (entry: (typeof operations)[number]) => boolean) =>
    operations.filter((entry) => !rule(entry)).map(({ method, path }) => `${method} ${path}`);

  const documentsError = (operation: Operation, status: string) => {
    const answer = operation.responses[status];
    const schema = answer?.content?.['application/json']?.schema;
    return Boolean(answer && answer.description !== 'Default Response' && schema?.properties?.detail);
  };

  it('holds every API route of the route table (HEAD and the docs themselves aside), and nothing else', () => {
    const fromRoutes = routes
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    expect(fromRoutes.length).toBeGreaterThan(25);
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([...new Set(fromRoutes)].sort());
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(doc.paths['/auth/login.css']).toBeUndefined();
  });

  it('every operation documents its success answer', () => {
    expect(
      breaking(({ operation }) => Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status))),
    ).toEqual([]);
  });

  it('every operation has a unique camelCase operationId', () => {
    expect(breaking(({ operation }) => /^[a-z][A-Za-z0-9]*$/.test(operation.operationId ?? ''))).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('public operations say so, and are exactly the public routes', () => {
    const publicInDoc = operations
      .filter(({ operation }) => Array.isArray(operation.security) && operation.security.length === 0)
      .map(({ method, path }) => `${method} ${path}`);
    const publicRoutes = routes
      .filter((route) => route.public && !route.url.startsWith('/api/docs') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    expect(publicInDoc.sort()).toEqual(publicRoutes.sort());
  });

  it('every operation that needs a session documents 401 with {detail}', () => {
    expect(breaking(({ operation }) => operation.security?.length === 0 || documentsError(operation, '401'))).toEqual(
      [],
    );
  });

  it('every operation that takes parameters or a body documents 400 with {detail}', () => {
    expect(
      breaking(
        ({ operation }) => !(operation.parameters?.length || operation.requestBody) || documentsError(operation, '400'),
      ),
    ).toEqual([]);
  });

  it('every operation on a record ({id} in the path) documents 404, and every write 403, with {detail}', () => {
    expect(breaking(({ path, operation }) => !path.includes('{') || documentsError(operation, '404'))).toEqual([]);
    expect(
      breaking(
        ({ method, operation }) =>
          !['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) || documentsError(operation, '403'),
      ),
    ).toEqual([]);
  });

  it('the invitation routes document their refusals: the pending cap (409), the rate limit (429), a revoked link (410)', () => {
    const answers = (method: string, path: string) => Object.keys(doc.paths[path]![method]!.responses);
    expect(answers('post', '/api/care/invitations')).toEqual(expect.arrayContaining(['201', '409', '429']));
    expect(answers('get', '/api/care/invitations')).toContain('200');
    expect(answers('delete', '/api/care/invitations/{id}')).toEqual(expect.arrayContaining(['204', '404']));
    expect(answers('post', '/api/care/invitations/{token}/accept')).toContain('410');
  });

  it('every list is capped: a documented `limit` with a default and a maximum of at most 1000', () => {
    const lists = operations.filter(
      ({ method, operation }) =>
        method === 'GET' && operation.responses['200']?.content?.['application/json']?.schema.type === 'array',
    );
    expect(lists.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        '/api/health/glucose',
        '/api/adherence',
        '/api/appointments',
        '/api/reminders',
        '/api/care/invitations',
      ]),
    );
    const uncapped = lists.filter(({ operation }) => {
      const limit = operation.parameters?.find((parameter) => parameter.in === 'query' && parameter.name === 'limit');
      return !limit || limit.schema.type !== 'integer' || !(limit.schema.maximum! <= 1000) || !limit.schema.default;
    });
    expect(uncapped.map(({ path }) => path)).toEqual([]);
  });

  describe('the caps hold', () => {
    it('a glucose list with no range answers the newest 1000 of 1005 readings; limit=1001 is refused', async () => {
      const asha = await signIn(t.app, { name: 'Asha Rao', email: 'docs-cap@example.com', timezone: 'Asia/Kolkata' });
      await t.database.db.execute(sql`
        INSERT INTO glucose_readings (user_id, value, meal_context, date, time)
        SELECT ${asha.user.id}::uuid, 100, 'Fasting', date '2020-01-01' + g, '08:00'
        FROM generate_series(0, 1004) AS g`);
      const all = await asha.request({ url: '/api/health/glucose' });
      expect(all.statusCode).toBe(200);
      const readings: { date: string }[] = all.json();
      expect(readings).toHaveLength(1000);
      expect(readings[0]!.date).toBe('2022-10-01'); // 2020-01-01 + 1004 days
      expect(readings.at(-1)!.date).toBe('2020-01-06');

      const tooMany = await asha.request({ url: '/api/health/glucose?limit=1001' });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ detail: 'limit: must be at most 1000' });
      expect((await asha.request({ url: '/api/health/glucose?limit=1' })).json()).toHaveLength(1);
    });

    it('an appointment list over the cap keeps the latest (the upcoming ones), soonest first', async () => {
      const ben = await signIn(t.app, { name: 'Ben', email: 'docs-cap-appointments@example.com' });
      await t.database.db.execute(sql`
        INSERT INTO appointments (user_id, type, title, location, date, time, starts_at)
        SELECT ${ben.user.id}::uuid, 'doctor', 'Visit ' || g, 'Clinic', date '2020-01-01' + g, '10:00',
               timestamptz '2020-01-01 10:00+00' + g * interval '1 day'
        FROM generate_series(0, 1002) AS g`);
      const response = await ben.request({ url: '/api/appointments' });
      expect(response.statusCode).toBe(200);
      const titles = response.json().map((appointment: { title: string }) => appointment.title);
      expect(titles).toHaveLength(1000);
      expect(titles[0]).toBe('Visit 3');
      expect(titles.at(-1)).toBe('Visit 1002');
      const two = await ben.request({ url: '/api/appointments?limit=2' });
      expect(two.json().map((appointment: { title: string }) => appointment.title)).toEqual([
        'Visit 1001',
        'Visit 1002',
      ]);
    });
  });
});
