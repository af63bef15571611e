/**
 * Care alerts as people read them (decision 051): the patient's own list, a member's list of a
 * patient they care for (audited like every member view), a member's open alerts across everyone
 * they care for (decision 075) and 'Seen', which acknowledges an alert for everyone. Not a
 * member, or an alert outside one's scopes → 404.
 */
import {
  CARE_ALERT_KINDS,
  CARE_ALERT_SCOPE,
  careAlertParamsSchema,
  careAlertQuerySchema,
  careAlertSchema,
  memberOpenAlertSchema,
  patientParamsSchema,
  type CareAlertKind,
  type CareScope,
} from '@diacare/contract/care';
import { errorSchema } from '@diacare/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpError, notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createCareAlertListRepository } from './care-alert-list.repository.ts';
import { createCareOpenAlertsRepository } from './care-open-alerts.repository.ts';
import { createCareRepository } from './care.repository.ts';

/** The kinds of alert a member with `scopes` may read. */
const kindsFor = (scopes: readonly CareScope[]): CareAlertKind[] =>
  CARE_ALERT_KINDS.filter((kind) => scopes.includes(CARE_ALERT_SCOPE[kind]));

export const careAlertRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const care = createCareRepository(deps.db);
  const alerts = createCareAlertListRepository(deps.db);
  const openAlerts = createCareOpenAlertsRepository(deps.db);
  const tags = ['care'];
  const ALERT_NOT_FOUND = 'error.care_alert_not_found' as const;

  app.get(
    '/api/care/alerts',
    {
      schema: {
        tags,
        summary: 'My recent care alerts, newest first: who was told and who saw each',
        querystring: careAlertQuerySchema,
        response: { 200: z.array(careAlertSchema), 400: errorSchema },
      },
    },
    async (request) =>
      alerts.listCareAlerts(currentUser(request).id, {
        limit: request.query.limit,
        kinds: CARE_ALERT_KINDS,
        toldOnly: false,
      }),
  );

  app.get(
    '/api/care/alerts/open',
    {
      schema: {
        tags,
        summary:
          'Alerts about the people I care for that I was told of and nobody has seen yet, newest first (my scopes, the last 7 days)',
        querystring: careAlertQuerySchema,
        response: { 200: z.array(memberOpenAlertSchema), 400: errorSchema },
      },
    },
    // Polled by every open app of a member (decision 075): not a view of the patient's data for
    // the audit, which records the member opening the patient's pages.
    async (request) =>
      openAlerts.listOpenAlertsForMember(currentUser(request).id, { limit: request.query.limit, now: deps.clock() }),
  );

  app.get(
    '/api/care/patients/:patient_id/alerts',
    {
      schema: {
        tags,
        summary: 'The alerts about a person I care for that went out, newest first (those my scopes cover)',
        params: patientParamsSchema,
        querystring: careAlertQuerySchema,
        response: { 200: z.array(careAlertSchema), 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const memberId = currentUser(request).id;
      const patientId = request.params.patient_id;
      const membership = await care.findMembership(patientId, memberId);
      if (!membership) throw notFound('error.care_patient_not_found');
      const kinds = kindsFor(membership.scopes);
      if (kinds.length === 0) throw httpError(403, 'error.care_scope_not_granted');
      await care.recordView(patientId, memberId, 'alerts', deps.clock());
      return alerts.listCareAlerts(patientId, { limit: request.query.limit, kinds, toldOnly: true });
    },
  );

  app.post(
    '/api/care/alerts/:id/seen',
    {
      schema: {
        tags,
        summary: 'Mark an alert about a person I care for as seen: acknowledged for everyone, shown to them',
        params: careAlertParamsSchema,
        response: { 200: careAlertSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const memberId = currentUser(request).id;
      const alert = await alerts.findToldAlert(request.params.id);
      const membership = alert ? await care.findMembership(alert.patient_id, memberId) : null;
      if (!alert || !membership || !kindsFor(membership.scopes).includes(alert.kind)) throw notFound(ALERT_NOT_FOUND);
      await alerts.markAlertSeen(request.params.id, memberId, deps.clock());
      const [seen] = (
        await alerts.listCareAlerts(alert.patient_id, { limit: 50, kinds: [alert.kind], toldOnly: true })
      ).filter((item) => item.id === request.params.id);
      if (!seen) throw notFound(ALERT_NOT_FOUND);
      return seen;
    },
  );
};
