/**
 * Browser-facing protections: security headers with a strict CSP (frame-src only the chat agent),
 * state-changing requests only from the app's own origin (CSRF), and /api bodies only as JSON, so
 * a cross-site form post cannot change anything (but the one-click unsubscribe, config.anyOrigin).
 */
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.ts';
import { httpError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, env: Env): Promise<void> {
  const chatOrigin = env.CHAT_AGENT_URL ? new URL(env.CHAT_AGENT_URL).origin : null;
  // helmet's middleware is built once here and run on every request; @fastify/helmet rebuilt
  // it (and re-parsed the CSP) on every request, which showed in the API's CPU profile under
  // load (decision 016).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameSrc: chatOrigin ? [chatOrigin] : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(env.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The chat frame needs the microphone and camera; Permissions-Policy is set below.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    // 'no-referrer' would make browsers send `Origin: null` on our own form posts.
    referrerPolicy: { policy: 'same-origin' },
    hsts: env.secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  const permissionsPolicy = `camera=(self${chatOrigin ? ` "${chatOrigin}"` : ''}), microphone=(self${chatOrigin ? ` "${chatOrigin}"` : ''}), geolocation=()`;
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', permissionsPolicy);
    // Every /api answer may carry a person's data: no browser or proxy cache keeps it, unless the
    // route said otherwise for a public, static answer.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // The one route mail providers post to from their own servers (RFC 8058 one-click
    // unsubscribe, decision 078): no Origin, no cookie, a form body; its signed token is its authority.
    if (request.routeOptions.config?.anyOrigin === true) return;
    const origin = request.headers.origin;
    if (!origin || !env.allowedOrigins.has(origin)) {
      throw httpError(403, 'error.cross_site');
    }
    const path = request.routeOptions.url ?? request.url;
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in request.headers;
    if (path.startsWith('/api/') && hasBody) {
      const type = (request.headers['content-type'] ?? '').toLowerCase();
      const csv = request.routeOptions.config?.csvBody === true && type.startsWith('text/csv');
      const image = request.routeOptions.config?.imageBody === true && type.startsWith('image/');
      if (!type.startsWith('application/json') && !csv && !image) {
        throw httpError(415, 'error.json_only');
      }
    }
  });
}
