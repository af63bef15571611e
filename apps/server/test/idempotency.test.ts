/**
 * Exactly-once writes for every write route in the route table: the same Idempotency-Key twice
 * answers the first answer again and changes no row; a route without a recipe or an exemption
 * fails here (support/idempotency-recipes.ts). Decision 022.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SQL_DRIVERS } from './helpers.ts';
import { fingerprintDatabase } from './support/db-dump.ts';
import { EXEMPT, WRITE_METHODS, idempotencyApp } from './support/idempotency-recipes.ts';

describe.each(SQL_DRIVERS)('Idempotency-Key on every write route on %s', (driver) => {
  const writeRoutes: string[] = [];
  const idem = idempotencyApp(driver, {
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (WRITE_METHODS.has(method) && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
          writeRoutes.push(`${method} ${route.url}`);
      }
    },
  });
  const { newUser, RECIPES, send } = idem;

  it('every write route of the route table has a recipe here or a stated exemption', () => {
    expect(writeRoutes.length).toBeGreaterThanOrEqual(25);
    expect(writeRoutes.filter((route) => !RECIPES[route] && !EXEMPT[route])).toEqual([]);
  });

  it('for every write route, the same key twice: the first answer again, and no row changes', async () => {
    const user = await newUser();
    for (const route of writeRoutes.filter((name) => RECIPES[name])) {
      const method = route.split(' ')[0]!;
      const recipe = await RECIPES[route]!(user);
      const key = randomUUID();
      const before = await fingerprintDatabase(idem.t.database.db);
      const first = await send(user, method, recipe, key);
      expect(first.statusCode, `${route}: ${first.body}`).toBeLessThan(300);
      expect(first.headers['idempotent-replayed'], route).toBeUndefined();
      const afterFirst = await fingerprintDatabase(idem.t.database.db);
      expect(afterFirst, route).not.toEqual(before);

      const second = await send(user, method, recipe, key);
      expect({ route, status: second.statusCode, body: second.body }).toEqual({
        route,
        status: first.statusCode,
        body: first.body,
      });
      expect(second.headers['content-type'], route).toBe(first.headers['content-type']);
      expect(second.headers['idempotent-replayed'], route).toBe('true');
      expect(await fingerprintDatabase(idem.t.database.db), route).toEqual(afterFirst);
    }
  });

  it('the API document lists the header on every write that honours it, with 409 and 422', async () => {
    const doc = (await idem.t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { $ref?: string }[]; responses: Record<string, unknown> }>>;
      components: { parameters: Record<string, { name: string; in: string }> };
    };
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    const missing: string[] = [];
    for (const route of writeRoutes.filter((name) => RECIPES[name])) {
      const [method, url] = route.split(' ') as [string, string];
      const operation = doc.paths[url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
      const ok =
        operation?.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey') &&
        operation.responses['409'] &&
        operation.responses['422'];
      if (!ok) missing.push(route);
    }
    expect(missing).toEqual([]);
    expect(doc.paths['/api/auth/session']!.post!.parameters ?? []).toEqual([]);
  });
});
