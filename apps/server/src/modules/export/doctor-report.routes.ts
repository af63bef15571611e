/**
 * GET /api/reports/doctor?days=14|30|90: the signed-in user's doctor
 * report as a PDF attachment named with the period's dates in their zone. The data load
 * first (a failure is a normal JSON error), then the PDF streams to the reply.
 */
import { errorSchema } from '@diacare/contract/common';
import { DEFAULT_REPORT_PERIOD, REPORT_PERIODS } from '@diacare/contract/doctor-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/session.ts';
import { userLanguage } from '../../i18n/index.ts';
import { vmsg } from '@diacare/contract/i18n/validation-messages';
import type { AppDeps } from '../../types.ts';
import { buildReportModel, loadReportInput } from './doctor-report-data.ts';
import { renderDoctorReport, reportFileName } from './doctor-report.ts';

const PERIOD_ERROR = vmsg('validation.one_of_or', {
  values: REPORT_PERIODS.slice(0, -1).join(', '),
  last: String(REPORT_PERIODS.at(-1)),
});

export const doctorReportQuerySchema = z.object({
  days: z
    .enum(REPORT_PERIODS.map(String) as [string, ...string[]], { error: PERIOD_ERROR })
    .default(String(DEFAULT_REPORT_PERIOD))
    .transform((value) => Number(value) as (typeof REPORT_PERIODS)[number]),
});

export const doctorReportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/reports/doctor',
    {
      schema: {
        tags: ['reports'],
        summary: 'The doctor report (PDF, A4) for the last 14, 30 or 90 days including today',
        querystring: doctorReportQuerySchema,
        produces: ['application/pdf', 'application/json'], // JSON: the {detail} errors
        // The 200 is a PDF stream, sent as is (Fastify never serializes a stream).
        response: { 200: z.any().describe('The PDF (application/pdf)'), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = await loadReportInput(deps.db, user, deps.clock(), request.query.days);
      const model = buildReportModel(input);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${reportFileName(model.period)}"`)
        .header('Cache-Control', 'no-store')
        .send(renderDoctorReport(model, userLanguage(user.language)));
    },
  );
};
