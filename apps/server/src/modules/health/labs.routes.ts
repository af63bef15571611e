/**
 * /api/health/labs: GET lists the user's lab results newest first
 * (optionally one test, a date range, a count); POST stores one (201); PUT /{id} replaces one;
 * DELETE /{id} removes one and answers it, so the app can offer Undo. Another user's id → 404.
 */
import { errorSchema, idParamsSchema } from '@diacare/contract/common';
import { LAB_TEST_RULES, egfrCkdEpi2021, storedLabValue } from '@diacare/contract/lab-rules';
import { labResultInputSchema, labResultQuerySchema, labResultSchema, type LabResult } from '@diacare/contract/labs';
import type { User } from '@diacare/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createLabRepository, type LabRow, type NewLabResult } from './lab.repository.ts';
import { refuseImpossibleReadingTime } from './reading-time.ts';

/**
 * A stored row as the API answers it: with its LOINC code and stored unit, and for
 * creatinine the eGFR from the profile's current age and sex (null when either is missing).
 */
export function labResultOf(row: LabRow, user: Pick<User, 'age' | 'sex'>): LabResult {
  const rule = LAB_TEST_RULES[row.test];
  return {
    ...row,
    loinc: rule.loinc,
    unit: rule.units[0].unit,
    egfr: row.test === 'creatinine' ? egfrCkdEpi2021(row.value, user.age, user.sex) : null,
  };
}

export const labsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createLabRepository(deps.db);
  const tags = ['health'];
  const recordErrors = { 400: errorSchema, 404: errorSchema };
  const found = (row: LabRow | null, user: User): LabResult => {
    if (!row) throw notFound('error.reading_not_found');
    return labResultOf(row, user);
  };

  /**
   * The row to store: the value in the test's stored unit; a result is dated no later
   * than today in the user's zone (like every reading).
   * @throws HttpError 400 'date: must not be in the future' (or before the floor)
   */
  const toStore = (body: z.output<typeof labResultInputSchema>, user: User): NewLabResult => {
    refuseImpossibleReadingTime(body.date, null, deps.clock(), user.timezone);
    const { value } = storedLabValue(body.test, body.value, body.unit);
    return { test: body.test, value, date: body.date, notes: body.notes };
  };

  app.get(
    '/api/health/labs',
    {
      schema: {
        tags,
        summary: 'Lab results, newest first; optionally one test; dates inclusive; limit keeps the newest',
        querystring: labResultQuerySchema,
        response: { 200: z.array(labResultSchema), 400: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return (await repository.list(user.id, request.query)).map((row) => labResultOf(row, user));
    },
  );

  app.post(
    '/api/health/labs',
    {
      schema: {
        tags,
        summary: 'Record a lab result (HbA1c in % or mmol/mol, stored in %)',
        body: labResultInputSchema,
        response: { 201: labResultSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await repository.create(user.id, toStore(request.body, user));
      return reply.code(201).send(labResultOf(row, user));
    },
  );

  app.put(
    '/api/health/labs/:id',
    {
      schema: {
        tags,
        summary: 'Correct a lab result; same rules as recording one',
        params: idParamsSchema,
        body: labResultInputSchema,
        response: { 200: labResultSchema, ...recordErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return found(await repository.update(user.id, request.params.id, toStore(request.body, user)), user);
    },
  );

  app.delete(
    '/api/health/labs/:id',
    {
      schema: {
        tags,
        summary: 'Delete a lab result; answers the deleted result',
        params: idParamsSchema,
        response: { 200: labResultSchema, ...recordErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return found(await repository.remove(user.id, request.params.id), user);
    },
  );
};
