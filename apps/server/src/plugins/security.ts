/**
 * Browser-facing protections: security headers with a strict CSP (frame-src only the chat agent),
 * state-changing requests only from the app's own origin (CSRF), and /api bodies only as JSON, so
 * a cross-site form post cannot change anything (but the one-click unsubscribe, config.anyOrigin).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../config/env.ts';
import { httpError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, env: Env): Promise<void> {
  const chatOrigin = env.CHAT_AGENT_URL ? new URL(env.CHAT_AGENT_URL).origin : null;
  // helmet's headers are the same for every request: its middleware runs once, here, and each
  // request gets the headers it set (decision 016: @fastify/helmet rebuilt the middleware per
  // request; decision 079: running helmet's chain of 13 middlewares per request was still a
  // measurable share of the API's CPU under load).
  const securityHeaders = headersOf(
    helmet({
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
    }),
  );
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done(refusal(request, env));
  });
  const permissionsPolicy = `camera=(self${chatOrigin ? ` "${chatOrigin}"` : ''}), microphone=(self${chatOrigin ? ` "${chatOrigin}"` : ''}), geolocation=()`;
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('Permissions-Policy', permissionsPolicy);
    // Every /api answer may carry a person's data: no browser or proxy cache keeps it, unless the
    // route said otherwise for a public, static answer.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

/**
 * The headers helmet's `middleware` sets, as [name, value] pairs: it is run once on a response
 * that only records them. helmet's headers depend on its options, never on the request.
 */
function headersOf(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The CSRF rule: a state-changing request only from an allowed origin, and an /api body only as
 * JSON (or text/csv, or an image, where the route takes it). Returns the HttpError to refuse it with, else undefined.
 */
function refusal(request: FastifyRequest, env: Env): Error | undefined {
  if (!STATE_CHANGING.has(request.method)) return undefined;
  const { config, url } = request.routeOptions;
  // The one route mail providers post to from their own servers (RFC 8058 one-click
  // unsubscribe, decision 078): no Origin, no cookie, a form body; its signed token is its authority.
  if (config?.anyOrigin === true) return undefined;
  const origin = request.headers.origin;
  if (!origin || !env.allowedOrigins.has(origin)) return httpError(403, 'error.cross_site');
  const path = url ?? request.url;
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in request.headers;
  if (path.startsWith('/api/') && hasBody) {
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    const csv = config?.csvBody === true && type.startsWith('text/csv');
    const image = config?.imageBody === true && type.startsWith('image/');
    if (!type.startsWith('application/json') && !csv && !image) return httpError(415, 'error.json_only');
  }
  return undefined;
}
