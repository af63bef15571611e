/**
 * Conventions of the OpenAPI document at /api/docs, applied to every route as it registers: a
 * camelCase `operationId`, its 400/401/403/404 answers, `security: []` for public routes, the
 * Idempotency-Key header on signed-in writes; routes outside /api are left out.
 * Decision 015.
 */
import { errorSchema } from '@diacare/contract/common';
import type { FastifyInstance, RouteOptions } from 'fastify';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What each documented error status means in DiaCare. */
const ERROR_ANSWERS = {
  400: 'The request is invalid: `detail` names the field and says what is wrong',
  401: 'Not signed in, or the session has expired',
  403: 'A state-changing request without the app’s own Origin',
  404: 'No such record of the signed-in user (another user’s id answers the same)',
  409: 'Conflict: `detail` says what (e.g. the request with this Idempotency-Key is still running)',
  422: 'This Idempotency-Key was already used for a different request (method, path or body)',
} as const;

/** Is this a write that honours `Idempotency-Key`? (the same test as plugins/idempotency.ts) */
const takesIdempotencyKey = (method: string, url: string, isPublic: boolean, optedOut = false) =>
  STATE_CHANGING.has(method) && url.startsWith('/api/') && !url.startsWith('/api/auth/') && !isPublic && !optedOut;
/** `METHOD /openapi/{path}` of the routes that opted out (`config.idempotency: false`). */
export type OptedOutRoutes = Set<string>;
const openapiKey = (method: string, url: string) => `${method} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/** The header's OpenAPI parameter, referenced by every write that honours it. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A UUID the client makes once per change. A repeat with the same key returns the first 2xx answer ' +
    '(header `Idempotent-Replayed: true`) and changes nothing; keys are kept 8 days per user. ' +
    'Refusals (4xx) are not stored. Malformed → 400.',
  schema: { type: 'string', format: 'uuid' },
} as const;

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/**
 * A stable camelCase operation id from a method and a route path: the method in lower case,
 * then each path segment after `/api` in PascalCase, a `:param` as `By<Param>`.
 * `GET /api/health/glucose` → `getHealthGlucose`; `DELETE /api/reminders/:id` → `deleteRemindersById`.
 */
export function operationIdFor(method: string, url: string): string {
  const segments = url
    .replace(/^\/api(\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return method.toLowerCase() + segments.join('');
}

/** The schema `route` should carry in the document (see the module comment). */
function documented(route: RouteOptions, optedOutRoutes: OptedOutRoutes): RouteOptions['schema'] {
  const schema = { ...route.schema };
  if (!route.url.startsWith('/api/')) return { ...schema, hide: true };
  if (schema.hide) return schema;
  const methods = [route.method].flat();
  const method = methods.find((name) => name !== 'HEAD') ?? methods[0]!;
  const config = route.config as { public?: boolean; idempotency?: boolean } | undefined;
  const isPublic = Boolean(config?.public);
  const optedOut = config?.idempotency === false;
  if (optedOut) optedOutRoutes.add(openapiKey(method, route.url));
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  const document = (status: keyof typeof ERROR_ANSWERS) => {
    // A route's own bare `errorSchema` gets the description too.
    if (!(status in response) || response[status] === errorSchema) {
      response[status] = errorSchema.describe(ERROR_ANSWERS[status]);
    }
  };
  if (schema.params || schema.querystring || schema.body) document(400);
  if (!isPublic) document(401);
  if (STATE_CHANGING.has(method)) document(403);
  if (route.url.includes('/:')) document(404);
  if (takesIdempotencyKey(method, route.url, isPublic, optedOut)) {
    document(400);
    document(409);
    document(422);
  }
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdFor(method, route.url),
    ...(isPublic ? { security: [] } : {}),
    response,
  };
}

/**
 * Adds the onRoute hook that applies the document's conventions. Call it before any route
 * is registered, and after hooks that mark routes public (it reads `config.public`).
 * @returns the routes that opted out of `Idempotency-Key`, filled as routes register.
 */
export function registerApiDocConventions(app: FastifyInstance): OptedOutRoutes {
  const optedOutRoutes: OptedOutRoutes = new Set();
  app.addHook('onRoute', (route) => {
    route.schema = documented(route, optedOutRoutes);
  });
  return optedOutRoutes;
}

type OpenApiDocument = {
  components?: { parameters?: Record<string, unknown> };
  paths?: Record<string, Record<string, { security?: unknown[]; parameters?: unknown[] }>>;
};

/**
 * @fastify/swagger's `transformObject`: adds the `Idempotency-Key` header parameter to every
 * write that honours it, not those in `optedOutRoutes` (a route-level header schema would make the validator rewrite the
 * request's headers, so the header is documented here instead).
 */
export function documentIdempotencyKey<T>(document: T, optedOutRoutes: OptedOutRoutes = new Set()): T {
  const openapi = document as OpenApiDocument;
  openapi.components = {
    ...openapi.components,
    parameters: { ...openapi.components?.parameters, IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
  };
  for (const [path, byMethod] of Object.entries(openapi.paths ?? {})) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      const optedOut = optedOutRoutes.has(openapiKey(method.toUpperCase(), path));
      if (!takesIdempotencyKey(method.toUpperCase(), path, isPublic, optedOut)) continue;
      operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
    }
  }
  return document;
}
