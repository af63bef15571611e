/**
 * The patient's side of the care circle (decision 048): invitations (the token is shown once
 * and stored hashed; listed and revoked while pending), joining, the members and the audit.
 * The member's reading routes live in care-patients.routes.ts.
 */
import {
  careAuditEntrySchema,
  careMemberSchema,
  careMemberUpdateSchema,
  careSettingsSchema,
  invitationInputSchema,
  invitationPreviewSchema,
  invitationSchema,
  MAX_PENDING_INVITATIONS,
  pendingInvitationSchema,
  tokenParamsSchema,
} from '@diacare/contract/care';
import { errorSchema, idParamsSchema, listQuerySchema } from '@diacare/contract/common';
import { okSchema } from '@diacare/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg, type MessageId } from '../../i18n/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { httpError, notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import { sessionUserLookup } from '../auth/session-user.ts';
import type { AppDeps } from '../../types.ts';
import { createRateLimit } from '../auth/sign-in-rate-limit.ts';
import { createCareRepository } from './care.repository.ts';
import { createCareInvitationRepository, type InvitationRefusal } from './care-invitation.repository.ts';
import { careAlertRoutes } from './care-alerts.routes.ts';
import { carePatientsRoutes } from './care-patients.routes.ts';
import { careRequestRoutes } from './care-requests.routes.ts';
import { createCareSettingsRepository } from './care-settings.repository.ts';

const DAY_MS = 86_400_000;

/** The status and message of each refusal: a link that is wrong, spent, stale or one's own. */
const REFUSALS: Record<InvitationRefusal, [number, MessageId]> = {
  not_found: [404, 'error.care_invitation_not_found'],
  used: [410, 'error.care_invitation_used'],
  // Gone like an expired link: the patient withdrew it (DELETE /api/care/invitations/{id}).
  revoked: [410, 'error.care_invitation_revoked'],
  expired: [410, 'error.care_invitation_expired'],
  own: [400, 'error.care_invitation_own'],
  already_member: [409, 'error.care_already_member'],
};
const refused = (refusal: InvitationRefusal) => httpError(...REFUSALS[refusal]);

export const careRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createCareRepository(deps.db);
  const invitations = createCareInvitationRepository(deps.db);
  const careSettings = createCareSettingsRepository(deps.db);
  const tags = ['care'];
  const MEMBER_NOT_FOUND = 'error.care_member_not_found' as const;
  // Per patient, in the store all instances share (the session hook has set the user by then).
  const invitationLimit = await createRateLimit(deps.env, deps.db, {
    points: deps.env.CARE_INVITATION_RATE_LIMIT_PER_MINUTE,
    keyPrefix: 'care-invitation',
    key: (request) => currentUser(request).id,
    message: (seconds) => msg('error.too_many_invitations', { seconds }),
  });
  app.addHook('onClose', () => invitationLimit.close());

  app.post(
    '/api/care/invitations',
    {
      // The answer holds the one-time token: never stored under an Idempotency-Key (decision 048).
      config: { idempotency: false },
      onRequest: invitationLimit.hook('create'),
      schema: {
        tags,
        summary: `Invite a family member or a doctor: a single-use link (token shown once), 1–30 days; at most ${MAX_PENDING_INVITATIONS} pending`,
        body: invitationInputSchema,
        response: { 201: invitationSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { role, scopes, expires_in_days, can_mark_taken } = request.body;
      const now = deps.clock();
      const token = newToken();
      const expiresAt = new Date(now.getTime() + expires_in_days * DAY_MS);
      const row = await invitations.createInvitation(
        user.id,
        { tokenHash: hashToken(token), role, scopes, canMarkTaken: can_mark_taken, expiresAt },
        now,
      );
      if (!row) throw httpError(409, 'error.care_too_many_pending_invitations', { max: MAX_PENDING_INVITATIONS });
      return reply.code(201).send({
        id: row.id,
        token,
        url: `${deps.env.appOrigin}/care/join/${token}`,
        role,
        scopes,
        can_mark_taken,
        expires_at: expiresAt.toISOString(),
      });
    },
  );

  app.get(
    '/api/care/invitations',
    {
      schema: {
        tags,
        summary: 'My pending invitations (not used, revoked or expired), newest first: never their tokens',
        querystring: listQuerySchema,
        response: { 200: z.array(pendingInvitationSchema), 400: errorSchema },
      },
    },
    async (request) => invitations.listPendingInvitations(currentUser(request).id, deps.clock(), request.query.limit),
  );

  app.delete(
    '/api/care/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a pending invitation at once: its link then answers 410',
        params: idParamsSchema,
        response: { 204: z.null(), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const revoked = await invitations.revokeInvitation(currentUser(request).id, request.params.id, deps.clock());
      if (!revoked) throw notFound('error.care_pending_invitation_not_found');
      return reply.code(204).send(null);
    },
  );

  // The preview is public (decision 076): the link's token is the secret, and a person opening it
  // signed out must see who invites before signing in. Counted per client address like sign-in.
  const previewLimit = await createRateLimit(deps.env, deps.db, {
    points: deps.env.AUTH_RATE_LIMIT_PER_MINUTE,
    keyPrefix: 'care-preview',
    key: (request) => request.ip,
    message: () => msg('error.too_many_requests'),
  });
  app.addHook('onClose', () => previewLimit.close());
  const sessionUser = sessionUserLookup(deps);

  app.get(
    '/api/care/invitations/:token',
    {
      config: { public: true },
      onRequest: previewLimit.hook('preview'),
      schema: {
        tags,
        summary:
          'What an invitation shares, for the consent screen, with or without a session: only the inviter’s name, role, scopes and expiry',
        params: tokenParamsSchema,
        response: {
          200: invitationPreviewSchema,
          400: errorSchema,
          404: errorSchema,
          410: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const reader = await sessionUser(request);
      // A signed-in reader's refusal comes in their language, as on every guarded route.
      if (reader) request.user = reader;
      const found = await invitations.previewInvitation(
        hashToken(request.params.token),
        reader?.id ?? null,
        deps.clock(),
      );
      if ('refusal' in found) throw refused(found.refusal);
      const { invitation, inviterName } = found;
      return {
        inviter_name: inviterName,
        role: invitation.role,
        scopes: invitation.scopes as z.infer<typeof invitationPreviewSchema>['scopes'],
        can_mark_taken: invitation.can_mark_taken,
        expires_at: invitation.expires_at.toISOString(),
      };
    },
  );

  app.post(
    '/api/care/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Join the inviter’s care circle; a used, expired or one’s own link is refused',
        params: tokenParamsSchema,
        response: { 200: okSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 410: errorSchema },
      },
    },
    async (request) => {
      const accepted = await invitations.acceptInvitation(
        hashToken(request.params.token),
        currentUser(request).id,
        deps.clock(),
      );
      if ('refusal' in accepted) throw refused(accepted.refusal);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/care/members',
    {
      schema: {
        tags,
        summary: 'My care circle: who may read what, oldest member first',
        querystring: listQuerySchema,
        response: { 200: z.array(careMemberSchema), 400: errorSchema },
      },
    },
    async (request) => repository.listMembers(currentUser(request).id, request.query.limit),
  );

  app.patch(
    '/api/care/members/:id',
    {
      schema: {
        tags,
        summary: 'Change a member’s role, scopes, right to mark doses as taken, or whether they get alerts',
        params: idParamsSchema,
        body: careMemberUpdateSchema,
        response: { 200: careMemberSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const member = await repository.updateMember(
        currentUser(request).id,
        request.params.id,
        request.body,
        deps.clock(),
      );
      if (!member) throw notFound(MEMBER_NOT_FOUND);
      return member;
    },
  );

  app.delete(
    '/api/care/members/:id',
    {
      schema: {
        tags,
        summary: 'Remove a member: their access ends on their next request',
        params: idParamsSchema,
        response: { 200: okSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const removed = await repository.removeMember(currentUser(request).id, request.params.id, deps.clock());
      if (!removed) throw notFound(MEMBER_NOT_FOUND);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/care/audit',
    {
      schema: {
        tags,
        summary:
          'Who did what with my data, newest first: invites, joins, views (one per member, resource and hour), changes, removals',
        querystring: listQuerySchema,
        response: { 200: z.array(careAuditEntrySchema), 400: errorSchema },
      },
    },
    async (request) => repository.listAudit(currentUser(request).id, request.query.limit),
  );

  app.get(
    '/api/care/settings',
    {
      schema: {
        tags,
        summary: 'When my circle is alerted: missed-dose delay, low-glucose alerts, quiet hours (defaults until saved)',
        response: { 200: careSettingsSchema },
      },
    },
    async (request) => careSettings.getCareSettings(currentUser(request).id),
  );

  app.put(
    '/api/care/settings',
    {
      schema: {
        tags,
        summary: 'Save my care-alert settings whole: minutes 5–240, low-glucose alerts, quiet hours or null',
        body: careSettingsSchema,
        response: { 200: careSettingsSchema, 400: errorSchema },
      },
    },
    async (request) => careSettings.putCareSettings(currentUser(request).id, request.body, deps.clock()),
  );

  await app.register(carePatientsRoutes, deps);
  await app.register(careAlertRoutes, deps);
  await app.register(careRequestRoutes, deps);
};
