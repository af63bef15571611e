/**
 * /api/medications and /api/adherence: thin handlers over the repository.
 * Another user's id answers 404, the same as an id that does not exist.
 */
import { errorSchema, idParamsSchema, listQuerySchema } from '@diacare/contract/common';
import {
  adherenceInputSchema,
  adherenceRecordSchema,
  adherenceUpdateQuerySchema,
  dateRangeQuerySchema,
  medicationInputSchema,
  medicationSchema,
} from '@diacare/contract/medications';
import { okSchema } from '@diacare/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createMedicationRepository } from './medication.repository.ts';
import { createMedicationService } from './medication.service.ts';

const MEDICATION_NOT_FOUND = 'error.medication_not_found' as const;
const RECORD_NOT_FOUND = 'error.adherence_record_not_found' as const;
/**
 * A delete wins over a later edit of the same medication (from another phone, or an outbox
 * replaying late): the edit is refused with this, not the generic not-found (decision 022).
 */
export const MEDICATION_DELETED = 'error.medication_deleted' as const;

export const medicationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createMedicationRepository(deps.db);
  // Writes go through the service: reminders follow every change at once.
  const service = createMedicationService(deps);
  const errors = { 400: errorSchema, 404: errorSchema };
  /** The 404 for a medication that cannot be changed: deleted by its owner, or not the user's at all. */
  const medicationGone = async (userId: string, id: string) =>
    notFound((await repository.wasDeleted(userId, id)) ? MEDICATION_DELETED : MEDICATION_NOT_FOUND);

  app.get(
    '/api/medications',
    {
      schema: {
        tags: ['medications'],
        summary: 'Active medications, oldest first',
        querystring: listQuerySchema,
        response: { 200: z.array(medicationSchema) },
      },
    },
    async (request) => repository.list(currentUser(request).id, request.query.limit),
  );

  app.post(
    '/api/medications',
    {
      schema: {
        tags: ['medications'],
        summary: 'Add a medication',
        body: medicationInputSchema,
        response: { 201: medicationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const medication = await service.create(userId, request.body);
      return reply.code(201).send(medication);
    },
  );

  app.put(
    '/api/medications/:id',
    {
      schema: {
        tags: ['medications'],
        summary: 'Replace a medication',
        params: idParamsSchema,
        body: medicationInputSchema,
        response: { 200: medicationSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const medication = await service.update(userId, request.params.id, request.body);
      if (!medication) throw await medicationGone(userId, request.params.id);
      return medication;
    },
  );

  app.delete(
    '/api/medications/:id',
    {
      schema: {
        tags: ['medications'],
        summary: 'Delete a medication (its adherence history stays for reports)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const archived = await service.archive(userId, request.params.id);
      if (!archived) throw await medicationGone(userId, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/adherence',
    {
      schema: {
        tags: ['adherence'],
        summary: 'Record a dose the medication’s schedule has (taking a dose twice counts once)',
        body: adherenceInputSchema,
        response: { 200: adherenceRecordSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const record = await service.recordDose(user, request.body);
      if (!record) throw await medicationGone(user.id, request.body.medication_id);
      return record;
    },
  );

  app.get(
    '/api/adherence',
    {
      schema: {
        tags: ['adherence'],
        summary: 'Adherence records, newest first; dates inclusive; limit keeps the newest',
        querystring: dateRangeQuerySchema,
        response: { 200: z.array(adherenceRecordSchema), 400: errorSchema },
      },
    },
    async (request) => repository.listAdherence(currentUser(request).id, request.query),
  );

  app.put(
    '/api/adherence/:id',
    {
      schema: {
        tags: ['adherence'],
        summary: 'Change a dose record’s status (query only, no body)',
        params: idParamsSchema,
        querystring: adherenceUpdateQuerySchema,
        response: { 200: adherenceRecordSchema, ...errors },
      },
    },
    async (request) => {
      const { status, taken_time } = request.query;
      const userId = currentUser(request).id;
      const record = await service.updateDoseStatus(userId, request.params.id, status, taken_time);
      if (!record) throw notFound(RECORD_NOT_FOUND);
      return record;
    },
  );
};
