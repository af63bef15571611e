/**
 * Builds the DiaCare Fastify app as a plugin tree (fastify/demo layout): external plugins
 * (cookies, security, OpenAPI), the session hook, the API routes and the
 * web app. `server.ts` listens; tests call buildApp() and use app.inject().
 */
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { assistantRoutes, type AssistantRoutesOptions } from './modules/assistant/assistant.routes.ts';
import { appointmentsRoutes } from './modules/appointments/appointments.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { careRoutes } from './modules/care/care.routes.ts';
import { channelsRoutes } from './modules/channels/channels.routes.ts';
import { unsubscribeRoutes } from './modules/channels/unsubscribe.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { exportRoutes } from './modules/export/export.routes.ts';
import { faqRoutes } from './modules/faq/faq.routes.ts';
import { doctorReportRoutes } from './modules/export/doctor-report.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { insulinRoutes } from './modules/health/insulin.routes.ts';
import { labsRoutes } from './modules/health/labs.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { createMetrics, type Metrics, type PoolStats } from './modules/ops/metrics.ts';
import { probeRoutes, registerHttpMetrics } from './modules/ops/probes.routes.ts';
import { medicationsRoutes } from './modules/medications/medications.routes.ts';
import { mealPhotoRoutes } from './modules/meals/meal-photo.routes.ts';
import { mealsReportRoutes } from './modules/meals/meals-report.routes.ts';
import { mealsRoutes } from './modules/meals/meals.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { remindersRoutes } from './modules/reminders/reminders.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { requestLanguage, t } from './i18n/index.ts';
import { defaultWebDistDir } from './paths.ts';
import { documentIdempotencyKey, registerApiDocConventions } from './plugins/api-docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerJsonDepthLimit, registerNulGuard } from './plugins/nul-guard.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStrictInput } from './plugins/strict-input.ts';
import { readSessionToken, registerSessionHook } from './plugins/session.ts';
import { sessionUserLookup } from './modules/auth/session-user.ts';
import { registerWebApp, wantsSpaFallback } from './plugins/web-app.ts';
import type { AppDeps } from './types.ts';

/** Largest accepted request body; every DiaCare payload is far smaller. */
const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions extends AppDeps {
  /** Tests: a mock language model for the assistant. */
  assistantLlm?: AssistantRoutesOptions['assistantLlm'];
  logger?: FastifyServerOptions['logger'];
  /** The server's metrics (server.ts shares them with the reminder engine); made here when absent. */
  metrics?: Metrics;
  /** The database pool's connections, for the metrics (PostgreSQL only). */
  poolStats?: PoolStats;
  /** Called for each route as it is registered (the auth-coverage test lists them). */
  onRoute?: (route: { method: string | string[]; url: string; public: boolean; anyOrigin: boolean }) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Paths whose next segment is a secret link's token, whatever it looks like (a record's UUID excepted). */
const SECRET_PATH_PREFIXES = ['/care/join/', '/api/care/invitations/', '/unsubscribe/', '/api/unsubscribe/'];
/** A segment shaped like a token (lib/tokens.ts: 43 base64url characters) anywhere else. */
const TOKEN_LIKE = /^(?=.*[A-Z0-9])[A-Za-z0-9_-]{32,}$/;
const REDACTED = ':redacted';
/** A path that starts with a secret prefix or holds a run as long as a token may hold a secret. */
const MAY_HOLD_SECRET = new RegExp(
  `^(?:${SECRET_PATH_PREFIXES.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})|[A-Za-z0-9_-]{32}`,
  'i',
);

/**
 * `path` ('/care/join/Zx…') as a log may hold it: an invitation's, an unsubscribe link's or any
 * other token-shaped segment becomes ':redacted'; UUIDs (record ids) and words stay.
 */
export function redactPath(path: string): string {
  // Most paths hold nothing to redact: one test instead of a walk per segment (decision 105).
  if (!MAY_HOLD_SECRET.test(path)) return path;
  const segments = path.split('/');
  let afterSecretPrefix = false;
  for (let index = 1; index < segments.length; index++) {
    const segment = segments[index]!;
    const secret: boolean =
      (afterSecretPrefix && !UUID.test(segment)) || (TOKEN_LIKE.test(segment) && !UUID.test(segment));
    if (secret) segments[index] = REDACTED;
    const prefix = `${segments.slice(0, index + 1).join('/')}/`.toLowerCase();
    afterSecretPrefix = !secret && SECRET_PATH_PREFIXES.includes(prefix);
  }
  return segments.join('/');
}

/**
 * Log lines carry method, path and status, never query strings, bodies, cookies or tokens: the
 * one request serializer, which also redacts secret path segments (redactPath).
 */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  serializers: {
    req: (request: { method: string; url: string; id: string }) => ({
      id: request.id,
      method: request.method,
      path: redactPath(request.url.split('?')[0] ?? ''),
    }),
    res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  },
});

/**
 * One log line per request, when it completes (method, path, status, time), instead of
 * Fastify's two: under load the second line was a measurable share of the API's CPU
 * (bench/README.md, API load). Errors are still logged with the request.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(options: BuildAppOptions) {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.NODE_ENV === 'production',
    routerOptions: { ignoreTrailingSlash: true },
    logController: new OneLinePerRequest(),
    // A path the router cannot read (`/api/%zz`) is refused before any hook: the same `{detail}`
    // body and never-cached answer as every other 400.
    frameworkErrors: (error, request, reply) => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      (reply as FastifyReply)
        .code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send({ detail: t(requestLanguage(request as FastifyRequest), 'error.bad_path', { path: redactPath(path) }) });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // The docs are public: mark swagger-ui's routes so the session hook lets them through.
  // Added before the onRoute reporter below so that it reports the docs as public.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
  });
  if (options.onRoute) {
    const onRoute = options.onRoute;
    app.addHook('onRoute', (route) =>
      onRoute({
        method: route.method,
        url: route.url,
        public: Boolean(route.config?.public),
        anyOrigin: Boolean(route.config?.anyOrigin),
      }),
    );
  }
  registerErrorHandling(app);
  // Strict inputs first: the document's conventions then see every route's query and body rule.
  registerStrictInput(app);
  const optedOutOfIdempotency = registerApiDocConventions(app);
  registerJsonDepthLimit(app);
  registerNulGuard(app);

  await app.register(cookie);
  await registerSecurity(app, env);
  await app.register(swagger, {
    openapi: {
      info: { title: 'DiaCare API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'diacare_session' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      documentIdempotencyKey('openapiObject' in document ? document.openapiObject : {}, optedOutOfIdempotency),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // swagger-ui's own CSP, with the app's framing rule kept and no upgrade on a plain-http origin.
    transformStaticCSP: (header) => {
      const csp = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
      return env.secureCookies ? csp : csp.replace(/\s*upgrade-insecure-requests;?/, '');
    },
  });

  const metrics =
    options.metrics ??
    createMetrics({
      db: options.db,
      clock: options.clock,
      poolStats: options.poolStats,
      processDefaults: Boolean(env.METRICS_TOKEN),
    });
  registerHttpMetrics(app, metrics);
  await app.register(probeRoutes, { ...options, metrics });
  registerSessionHook(app, sessionUserLookup(options));
  registerIdempotency(app, options);
  await app.register(authRoutes, options);
  await app.register(usersRoutes, options);
  await app.register(configRoutes, options);
  await app.register(medicationsRoutes, options);
  await app.register(appointmentsRoutes, options);
  await app.register(healthRoutes, options);
  await app.register(labsRoutes, options);
  await app.register(insulinRoutes, options);
  await app.register(mealsRoutes, options);
  await app.register(mealPhotoRoutes, options);
  await app.register(mealsReportRoutes, options);
  await app.register(importsRoutes, options);
  await app.register(pushRoutes, options);
  await app.register(remindersRoutes, options);
  await app.register(settingsRoutes, options);
  await app.register(channelsRoutes, options);
  await app.register(unsubscribeRoutes, options);
  await app.register(assistantRoutes, options);
  await app.register(faqRoutes, options);
  await app.register(exportRoutes, options);
  await app.register(doctorReportRoutes, options);
  await app.register(reportsRoutes, options);
  await app.register(careRoutes, options);

  const webDistDir = env.WEB_DIST_DIR ?? defaultWebDistDir;
  const pageFor = await registerWebApp(app, webDistDir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (pageFor && wantsSpaFallback(request.method, request.url)) {
      const signedIn = readSessionToken(request, env.secureCookies) !== undefined;
      return reply.header('Cache-Control', 'no-cache').sendFile(pageFor(path, signedIn));
    }
    return reply
      .code(404)
      .send({ detail: t(requestLanguage(request), 'error.no_route', { method: request.method, path }) });
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
