/**
 * GET /api/export/csv and GET /api/export/fhir: the signed-in user's data (GDPR Art. 15 and 20,
 * DPDP Act 2023), streamed as it is read; only the session's user, no id to pass. The file name
 * carries today's date in the user's zone.
 * Decision 020.
 */
import { errorSchema } from '@diacare/contract/common';
import { localDate } from '@diacare/contract/dates';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../i18n/index.ts';
import { httpError } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { csvZipStream } from './csv.ts';
import { createExportRepository } from './export.repository.ts';
import { fhirBundleChunks } from './fhir.ts';

export const exportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createExportRepository(deps.db);
  const tags = ['export'];

  const attachment = (name: string) => `attachment; filename="${name}"`;

  app.get(
    '/api/export/csv',
    {
      schema: {
        tags,
        summary:
          'All my data as a ZIP of CSV files (medications, adherence, glucose, blood pressure, body metrics, appointments, lab results, insulin, meals with their photos)',
        produces: ['application/zip', 'application/json'], // JSON: the {detail} errors
        response: { 200: z.any().describe('application/zip: one CSV per kind'), 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = deps.clock();
      const stream = await csvZipStream(repository, user.id, user.timezone, now, requestLanguage(request));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(`diacare-export-${localDate(now, user.timezone)}.zip`))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/export/fhir',
    {
      schema: {
        tags,
        summary: 'All my data as a FHIR R4 Bundle (type collection)',
        produces: ['application/fhir+json', 'application/json'], // JSON: the {detail} errors
        response: { 200: z.any().describe('application/fhir+json: a FHIR R4 Bundle'), 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = deps.clock();
      const row = await repository.user(user.id);
      if (!row) throw httpError(401, 'error.session_expired');
      const chunks = fhirBundleChunks({
        user: row,
        zone: user.timezone,
        language: requestLanguage(request),
        now,
        medications: repository.medications(user.id),
        adherence: repository.adherence(user.id),
        glucose: repository.glucose(user.id),
        bloodPressure: repository.bloodPressure(user.id),
        bodyMetrics: repository.bodyMetrics(user.id),
        appointments: repository.appointments(user.id),
        labs: repository.labs(user.id),
        insulin: repository.insulin(user.id),
        meals: repository.meals(user.id),
        careCircle: repository.careCircle(user.id),
        sensorReadings: repository.sensorReadings(user.id),
      });
      return reply
        .header('content-type', 'application/fhir+json; charset=utf-8')
        .header('content-disposition', attachment(`diacare-export-${localDate(now, user.timezone)}.json`))
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  );
};
