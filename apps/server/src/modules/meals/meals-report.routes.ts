/** GET /api/reports/meals?days=14|30|90: which meals and foods go with the largest rises (decision 089). */
import { errorSchema } from '@diacare/contract/common';
import { mealsReportQuerySchema, mealsReportSchema } from '@diacare/contract/meals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../i18n/index.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { loadMealsReport } from './meals.service.ts';

export const mealsReportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/reports/meals',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Meals of the last 14, 30 or 90 days including today: how many have a response, the median rise by meal type and of the foods in two or more meals (mg/dL), and one sentence in the person’s language and unit',
        querystring: mealsReportQuerySchema,
        response: { 200: mealsReportSchema, 400: errorSchema },
      },
    },
    async (request) =>
      loadMealsReport(deps.db, currentUser(request), deps.clock(), request.query.days, requestLanguage(request)),
  );
};
