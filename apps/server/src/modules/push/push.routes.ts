/**
 * /api/push/* (spec §7; design.md §Reminders and push): the VAPID public key (public, no
 * session), subscribe and unsubscribe. A subscription's endpoint must be https on a host in
 * PUSH_SERVICE_HOSTS, so the server only ever posts to a known push service (no SSRF).
 */
import { okSchema } from '@diacare/contract/auth';
import { errorSchema } from '@diacare/contract/common';
import { pushSubscriptionSchema, pushUnsubscribeSchema, vapidPublicKeySchema } from '@diacare/contract/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createPushRepository } from './push.repository.ts';
import { loadVapidKeys } from './vapid.ts';

/**
 * True when `hostname` is on the allowlist: an exact name, or a subdomain of a `*.` entry
 * ('*.push.apple.com' allows 'web.push.apple.com'). Case-insensitive; ports are not compared.
 */
export function isAllowedPushHost(hostname: string, allowlist: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return allowlist.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
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
    async () => ({ publicKey: (await loadVapidKeys(deps.db, deps.env)).publicKey }),
  );

  app.post(
    '/api/push/subscribe',
    {
      schema: {
        tags: ['push'],
        summary: 'Register this browser’s push subscription for the signed-in user',
        body: pushSubscriptionSchema,
        response: { 201: okSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const url = new URL(endpoint);
      if (url.username || url.password) throw badRequest('endpoint: must not carry credentials');
      if (!isAllowedPushHost(url.hostname, deps.env.pushServiceHosts)) {
        throw badRequest('endpoint: is not on a known push service');
      }
      const p256dh = decodeKey(keys.p256dh);
      if (p256dh.length !== 65 || p256dh[0] !== 0x04) {
        throw badRequest('keys.p256dh: must be an uncompressed P-256 public key (65 bytes)');
      }
      const auth = decodeKey(keys.auth);
      if (auth.length !== 16) throw badRequest('keys.auth: must be a 16-byte secret');
      await repository.upsert(
        currentUser(request).id,
        { endpoint, keys: { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') } },
        deps.clock(),
      );
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
