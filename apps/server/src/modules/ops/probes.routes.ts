/**
 * GET /healthz, GET /readyz and GET /metrics. Public (no session), no personal
 * data, logged only at warn and above. /metrics exists only when METRICS_TOKEN is set and
 * then needs `Authorization: Bearer <METRICS_TOKEN>`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { REPLAYED_HEADER } from '../../plugins/idempotency.ts';
import type { AppDeps } from '../../types.ts';
import type { Metrics } from './metrics.ts';
import { checkReadiness } from './readiness.ts';

/**
 * Outside /api, so the session hook never applies (no `public` flag needed); hidden from the
 * API document, which describes the app's API, not the operator's probes.
 */
const PROBE = { logLevel: 'warn', schema: { hide: true } } as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Times every response by route template (or 'unmatched'), method and status (the histogram's
 * counts are the requests total, metrics.ts), and counts replays.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: String(reply.statusCode),
    };
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (reply.getHeader(REPLAYED_HEADER) === 'true') metrics.idempotencyReplays.inc();
    done();
  });
}

export async function probeRoutes(app: FastifyInstance, options: AppDeps & { metrics: Metrics }): Promise<void> {
  const { env, db, clock, metrics } = options;
  app.get('/healthz', PROBE, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', PROBE, async (_request, reply) => {
    const { ready, body } = await checkReadiness(db, clock, env.READY_MAX_REMINDER_LAG_SECONDS);
    return reply
      .code(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(body);
  });

  const token = env.METRICS_TOKEN;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', PROBE, async (request, reply) => {
    const given = request.headers.authorization;
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ detail: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>' });
    }
    return reply.header('Content-Type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
