/**
 * Doctors' clinic codes (decision 087): the doctor makes, lists and withdraws them; a patient
 * who opens one sees who asks and for what (public, like an invitation's preview, decision 076)
 * and chooses; accepting puts the doctor in their circle, which they change or end as any other
 * member (PATCH/DELETE /api/care/members/{id}).
 */
import {
  careRequestAcceptSchema,
  careRequestInputSchema,
  careRequestPreviewSchema,
  careRequestSchema,
  codeParamsSchema,
  MAX_LIVE_CLINIC_CODES,
} from '@diacare/contract/care-requests';
import type { CareScope } from '@diacare/contract/care';
import { okSchema } from '@diacare/contract/auth';
import { errorSchema, idParamsSchema, listQuerySchema } from '@diacare/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '../../i18n/index.ts';
import { newToken } from '../../lib/tokens.ts';
import { badRequest, httpError, notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import { sessionUserLookup } from '../auth/session-user.ts';
import type { AppDeps } from '../../types.ts';
import { createRateLimit } from '../auth/sign-in-rate-limit.ts';
import { createCareRequestRepository, type ClinicCodeRefusal } from './care-request.repository.ts';

const DAY_MS = 86_400_000;

const REFUSALS: Record<ClinicCodeRefusal, () => Error> = {
  not_found: () => httpError(404, 'error.care_request_not_found'),
  revoked: () => httpError(410, 'error.care_request_revoked'),
  expired: () => httpError(410, 'error.care_request_expired'),
  own: () => httpError(400, 'error.care_request_own'),
  already_member: () => httpError(409, 'error.care_request_already_shared'),
  scopes_not_asked: () => badRequest('scopes', 'error.care_request_scopes_not_asked'),
};

export const careRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const requests = createCareRequestRepository(deps.db);
  const tags = ['care'];
  const toApi = (row: { id: string; code: string; scopes: string[]; created_at: Date; expires_at: Date }) => ({
    id: row.id,
    code: row.code,
    url: `${deps.env.appOrigin}/care/share/${row.code}`,
    scopes: row.scopes as CareScope[],
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  });
  // Made as often as invitations are (decision 072), in the store all instances share.
  const createLimit = await createRateLimit(deps.env, deps.db, {
    points: deps.env.CARE_INVITATION_RATE_LIMIT_PER_MINUTE,
    keyPrefix: 'care-request',
    key: (request) => currentUser(request).id,
    message: (seconds) => msg('error.too_many_invitations', { seconds }),
  });
  app.addHook('onClose', () => createLimit.close());
  const previewLimit = await createRateLimit(deps.env, deps.db, {
    points: deps.env.AUTH_RATE_LIMIT_PER_MINUTE,
    keyPrefix: 'care-request-preview',
    key: (request) => request.ip,
    message: () => msg('error.too_many_requests'),
  });
  app.addHook('onClose', () => previewLimit.close());
  const sessionUser = sessionUserLookup(deps);

  app.post(
    '/api/care/requests',
    {
      onRequest: createLimit.hook('create'),
      schema: {
        tags,
        summary: `Make a clinic code: a link patients open to share with me (1–90 days; at most ${MAX_LIVE_CLINIC_CODES} live)`,
        body: careRequestInputSchema,
        response: { 201: careRequestSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const now = deps.clock();
      const row = await requests.create(
        currentUser(request).id,
        {
          code: newToken(),
          scopes: request.body.scopes,
          expiresAt: new Date(now.getTime() + request.body.expires_in_days * DAY_MS),
        },
        now,
      );
      if (!row) throw httpError(409, 'error.care_too_many_clinic_codes', { max: MAX_LIVE_CLINIC_CODES });
      return reply.code(201).send(toApi(row));
    },
  );

  app.get(
    '/api/care/requests',
    {
      schema: {
        tags,
        summary: 'My clinic codes that still work, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(careRequestSchema), 400: errorSchema },
      },
    },
    async (request) => (await requests.listLive(currentUser(request).id, deps.clock(), request.query.limit)).map(toApi),
  );

  app.delete(
    '/api/care/requests/:id',
    {
      schema: {
        tags,
        summary: 'Withdraw one of my clinic codes: its link then answers 410 (those who shared stay)',
        params: idParamsSchema,
        response: { 204: z.null(), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      if (!(await requests.revoke(currentUser(request).id, request.params.id, deps.clock()))) {
        throw notFound('error.care_request_not_found');
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/care/requests/:code',
    {
      config: { public: true },
      onRequest: previewLimit.hook('preview'),
      schema: {
        tags,
        summary: 'What a clinic code asks, for the patient’s consent screen, with or without a session',
        params: codeParamsSchema,
        response: {
          200: careRequestPreviewSchema,
          400: errorSchema,
          404: errorSchema,
          410: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const reader = await sessionUser(request);
      if (reader) request.user = reader;
      const found = await requests.preview(request.params.code, reader?.id ?? null, deps.clock());
      if ('refusal' in found) throw REFUSALS[found.refusal]();
      return {
        requester_name: found.requesterName,
        role: found.request.role,
        scopes: found.request.scopes as CareScope[],
        expires_at: found.request.expires_at.toISOString(),
      };
    },
  );

  app.post(
    '/api/care/requests/:code/accept',
    {
      schema: {
        tags,
        summary: 'Share with the doctor of a clinic code: all the scopes asked, or the ones named',
        params: codeParamsSchema,
        body: careRequestAcceptSchema,
        response: { 200: okSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 410: errorSchema },
      },
    },
    async (request) => {
      const accepted = await requests.accept(
        request.params.code,
        currentUser(request).id,
        request.body.scopes,
        deps.clock(),
      );
      if ('refusal' in accepted) throw REFUSALS[accepted.refusal]();
      return { ok: true as const };
    },
  );
};
