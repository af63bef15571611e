/**
 * GET /api/reports/adherence-outcomes?days=14|30|90 (doses set against sugar) and
 * GET /api/reports/glucose?days=7|14|30|90 (a period's glucose figures, imported sensor
 * readings counted) and GET /api/reports/glucose-profile?days=7|14|30|90 (the percentile
 * profile, decision 084). All read only the signed-in user's data (decision 052).
 */
import { errorSchema } from '@diacare/contract/common';
import {
  adherenceOutcomesQuerySchema,
  adherenceOutcomesSchema,
  glucoseProfileQuerySchema,
  glucoseProfileSchema,
  glucoseReportQuerySchema,
  glucoseReportSchema,
} from '@diacare/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { loadAdherenceOutcomes } from './adherence-outcomes.service.ts';
import { loadGlucoseProfile } from './glucose-profile.service.ts';
import { loadGlucoseReport } from './glucose-report.service.ts';

export const reportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const tags = ['reports'];

  app.get(
    '/api/reports/adherence-outcomes',
    {
      schema: {
        tags,
        summary:
          "Each day of the last 14, 30 or 90 days before today: all doses taken or not, with the two groups' glucose (mg/dL)",
        querystring: adherenceOutcomesQuerySchema,
        response: { 200: adherenceOutcomesSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return loadAdherenceOutcomes(deps.db, user, deps.clock(), request.query.days);
    },
  );

  app.get(
    '/api/reports/glucose',
    {
      schema: {
        tags,
        summary:
          'Glucose figures of the last 7, 14, 30 or 90 days including today, manual and imported readings (mg/dL)',
        querystring: glucoseReportQuerySchema,
        response: { 200: glucoseReportSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return loadGlucoseReport(deps.db, user, deps.clock(), request.query.days);
    },
  );

  app.get(
    '/api/reports/glucose-profile',
    {
      schema: {
        tags,
        summary:
          'The glucose profile of the last 7, 14 (default), 30 or 90 days including today: five ranges, hourly percentiles, mean, SD, CV, GMI, sensor wear, sufficiency; per meal context for a meter (mg/dL)',
        querystring: glucoseProfileQuerySchema,
        response: { 200: glucoseProfileSchema, 400: errorSchema },
      },
    },
    async (request) => loadGlucoseProfile(deps.db, currentUser(request), deps.clock(), request.query.days),
  );
};
