/**
 * Every /api route needs a session unless it is deliberately public. The routes are
 * listed from the app itself (the `onRoute` option), so a new route is covered the day
 * it is added, and a new public route makes the first test fail until it is listed here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, ORIGIN, createTestApp, signIn, type TestApp } from './helpers.ts';

/** Routes reachable without a session, besides the API docs under /api/docs. */
const PUBLIC_API_ROUTES = [
  'POST /api/auth/session',
  'GET /api/push/vapid-public-key',
  // The invitation preview a person opens before signing in (decision 076).
  'GET /api/care/invitations/:token',
  'HEAD /api/care/invitations/:token',
  // The clinic code's preview: who asks and for what, before signing in (decision 087).
  'GET /api/care/requests/:code',
  'HEAD /api/care/requests/:code',
];

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
}

describe.each(DRIVERS)('API routes on %s', (driver) => {
  let t: TestApp;
  const routes: ApiRoute[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver, {
      onRoute: (route) => {
        if (!route.url.startsWith('/api/')) return;
        for (const method of [route.method].flat()) routes.push({ method, url: route.url, public: route.public });
      },
    });
  });
  afterAll(() => t.close());

  it('the only public API routes are the sign-in code exchange, the VAPID public key, the invitation and clinic-code previews and the API docs', () => {
    const publicRoutes = routes.filter((route) => route.public).map((route) => `${route.method} ${route.url}`);
    const docs = publicRoutes.filter((route) => / \/api\/docs(\/|$)/.test(route));
    expect(docs).toEqual(expect.arrayContaining(['GET /api/docs', 'GET /api/docs/json']));
    expect(publicRoutes.filter((route) => !docs.includes(route)).sort()).toEqual([...PUBLIC_API_ROUTES].sort());
  });

  it('every other API route answers a request without a session with 401 and a detail', async () => {
    const protectedRoutes = routes.filter((route) => !route.public);
    // The list really comes from the app: the routes of this foundation are in it.
    expect(protectedRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/auth/me', 'POST /api/auth/logout', 'GET /api/users/me', 'PUT /api/users/me']),
    );

    const failures: string[] = [];
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:[A-Za-z_]+/g, randomUUID()).replace(/\*$/, 'anything');
      const changes = STATE_CHANGING.has(route.method);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { origin: ORIGIN },
        ...(changes ? { payload: {} } : {}),
      });
      const body = route.method === 'HEAD' ? { detail: 'HEAD has no body' } : response.json();
      if (response.statusCode !== 401 || typeof body.detail !== 'string') {
        failures.push(`${route.method} ${route.url} → ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a percent-encoded API path still goes through the session check', async () => {
    const asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha@example.com' });
    // '%61' is 'a': the router decodes it and matches GET /api/users/me.
    const signedIn = await asha.request({ url: '/%61pi/users/me' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().email).toBe('asha@example.com');

    const anonymous = await t.app.inject({ url: '/%61pi/users/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: expect.any(String) });
  });
});
