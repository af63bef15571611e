/**
 * /api/push/*: the VAPID public key (no session), subscribe and unsubscribe. An endpoint must be
 * https on a host in PUSH_SERVICE_HOSTS (no SSRF), and belongs to the user who subscribed it
 * first: another user's subscribe is a 409 that changes nothing.
 * Decision 013.
 */
import { okSchema } from '@diacare/contract/auth';
import { errorSchema } from '@diacare/contract/common';
import { pushSubscriptionSchema, pushUnsubscribeSchema, vapidPublicKeySchema } from '@diacare/contract/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, httpError } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createPushRepository } from './push.repository.ts';
import { loadVapidKeys } from './vapid.ts';

/** One PUSH_SERVICE_HOSTS entry: a host ('*.' for subdomains) and the port it is reached on. */
function parseHostEntry(entry: string): { host: string; port: string } {
  const withPort = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(entry);
  const host = (withPort ? withPort[1]! : entry).toLowerCase().replace(/^\[|\]$/g, '');
  return { host, port: withPort ? withPort[2]! : '443' };
}

function hostMatches(host: string, pattern: string): boolean {
  return pattern.startsWith('*.')
    ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1
    : host === pattern;
}

/**
 * Checks an https endpoint against the allowlist: an exact host, or a subdomain of a `*.`
 * entry ('*.push.apple.com' allows 'web.push.apple.com'), case-insensitive. An entry without
 * a port allows port 443 only, as every public push service listens there;
 * 'host:port' allows that one port (the tests' local push service).
 * @returns 'ok', 'host' when no entry names the host, or 'port' when the host is allowed
 *   on another port only.
 */
export function checkPushEndpoint(endpoint: URL, allowlist: readonly string[]): 'ok' | 'host' | 'port' {
  const host = endpoint.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = endpoint.port || '443';
  const entries = allowlist.map(parseHostEntry).filter((entry) => hostMatches(host, entry.host));
  if (entries.length === 0) return 'host';
  return entries.some((entry) => entry.port === port) ? 'ok' : 'port';
}

/** Decodes a key the schema already limited to the base64/base64url alphabet. */
const decodeKey = (value: string) => Buffer.from(value, 'base64');

export const pushRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createPushRepository(deps.db);

  app.get(
    '/api/push/vapid-public-key',
    {
      config: { public: true },
      // GET only: the auth-coverage test lists exactly the public routes.
      exposeHeadRoute: false,
      schema: {
        tags: ['push'],
        summary: 'The server’s VAPID public key (base64url, uncompressed P-256)',
        security: [],
        response: { 200: vapidPublicKeySchema },
      },
    },
    // Public and the same for everyone: the one /api answer a cache may keep (an hour).
    async (_request, reply) =>
      reply
        .header('Cache-Control', 'public, max-age=3600')
        .send({ publicKey: (await loadVapidKeys(deps.db, deps.env)).publicKey }),
  );

  app.post(
    '/api/push/subscribe',
    {
      schema: {
        tags: ['push'],
        summary: 'Register this browser’s push subscription for the signed-in user',
        body: pushSubscriptionSchema,
        response: { 201: okSchema, 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const url = new URL(endpoint);
      if (url.username || url.password) throw badRequest('endpoint', 'error.push_credentials');
      const allowed = checkPushEndpoint(url, deps.env.pushServiceHosts);
      if (allowed === 'host') throw badRequest('endpoint', 'error.push_unknown_service');
      if (allowed === 'port') throw badRequest('endpoint', 'error.push_port');
      const p256dh = decodeKey(keys.p256dh);
      if (p256dh.length !== 65 || p256dh[0] !== 0x04) {
        throw badRequest('keys.p256dh', 'error.push_p256dh');
      }
      const auth = decodeKey(keys.auth);
      if (auth.length !== 16) throw badRequest('keys.auth', 'error.push_auth');
      const stored = await repository.upsert(
        currentUser(request).id,
        { endpoint, keys: { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') } },
        deps.clock(),
      );
      if (!stored) {
        throw httpError(409, 'error.push_endpoint_taken');
      }
      return reply.code(201).send({ ok: true as const });
    },
  );

  app.post(
    '/api/push/unsubscribe',
    {
      schema: {
        tags: ['push'],
        summary: 'Remove this browser’s push subscription (succeeds when already gone)',
        body: pushUnsubscribeSchema,
        response: { 200: okSchema, 400: errorSchema },
      },
    },
    async (request) => {
      await repository.remove(currentUser(request).id, request.body.endpoint);
      return { ok: true as const };
    },
  );
};
