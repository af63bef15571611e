/**
 * /api/health/insulin: GET lists the user's insulin doses newest first
 * (optionally a date range and a count); POST records one (201); PUT /{id} replaces one;
 * DELETE /{id} removes one and answers it, for Undo. A medication_id or dose id that is not
 * the user's → 404; a dose later than now in the user's zone → 400; nothing changes.
 */
import { errorSchema, idParamsSchema } from '@diacare/contract/common';
import { insulinDoseSchema, insulinInputSchema, insulinQuerySchema } from '@diacare/contract/insulin';
import type { User } from '@diacare/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createInsulinRepository, type NewInsulinDose } from './insulin.repository.ts';
import { refuseImpossibleReadingTime } from './reading-time.ts';

export const insulinRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createInsulinRepository(deps.db);
  const tags = ['health'];
  const recordErrors = { 400: errorSchema, 404: errorSchema };

  /**
   * Checks a dose before it is stored: not after now in the user's zone (the rule for
   * every reading) and, when it names a medicine, one of the user's.
   * @throws HttpError 400 naming date or time; 404 when the medicine is not the user's
   */
  const checked = async (body: z.output<typeof insulinInputSchema>, user: User): Promise<NewInsulinDose> => {
    refuseImpossibleReadingTime(body.date, body.time, deps.clock(), user.timezone);
    if (body.medication_id && !(await repository.ownsMedication(user.id, body.medication_id)))
      throw notFound('error.medication_not_found');
    return body;
  };

  app.get(
    '/api/health/insulin',
    {
      schema: {
        tags,
        summary: 'Insulin doses (units), newest first; dates inclusive; limit keeps the newest',
        querystring: insulinQuerySchema,
        response: { 200: z.array(insulinDoseSchema), 400: errorSchema },
      },
    },
    async (request) => repository.list(currentUser(request).id, request.query),
  );

  app.post(
    '/api/health/insulin',
    {
      schema: {
        tags,
        summary: 'Record an insulin dose in units (0.5–100 U, steps of 0.5)',
        body: insulinInputSchema,
        response: { 201: insulinDoseSchema, ...recordErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const dose = await repository.create(user.id, await checked(request.body, user));
      return reply.code(201).send(dose);
    },
  );

  app.put(
    '/api/health/insulin/:id',
    {
      schema: {
        tags,
        summary: 'Correct an insulin dose; same rules as recording one',
        params: idParamsSchema,
        body: insulinInputSchema,
        response: { 200: insulinDoseSchema, ...recordErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const dose = await repository.update(user.id, request.params.id, await checked(request.body, user));
      if (!dose) throw notFound('error.reading_not_found');
      return dose;
    },
  );

  app.delete(
    '/api/health/insulin/:id',
    {
      schema: {
        tags,
        summary: 'Delete an insulin dose; answers the deleted dose',
        params: idParamsSchema,
        response: { 200: insulinDoseSchema, ...recordErrors },
      },
    },
    async (request) => {
      const dose = await repository.remove(currentUser(request).id, request.params.id);
      if (!dose) throw notFound('error.reading_not_found');
      return dose;
    },
  );
};
