/**
 * /api/reminders: the user's reminders, the next 24 hours, the user's own
 * reminders (and the service worker's 'Snooze 10 min'), and deleting one.
 */
import { okSchema } from '@diacare/contract/auth';
import { errorSchema, idParamsSchema, listQuerySchema } from '@diacare/contract/common';
import {
  MAX_REMINDER_LEAD_DAYS,
  reminderInputSchema,
  reminderListQuerySchema,
  reminderSchema,
} from '@diacare/contract/reminders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createReminderRepository } from './reminder.repository.ts';

const REMINDER_NOT_FOUND = 'error.reminder_not_found' as const;

export const remindersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createReminderRepository(deps.db);

  app.get(
    '/api/reminders',
    {
      schema: {
        tags: ['reminders'],
        summary:
          'The user’s reminders still to be sent, soonest first; include_sent=true lists all; limit keeps the soonest',
        querystring: reminderListQuerySchema,
        response: { 200: z.array(reminderSchema), 400: errorSchema },
      },
    },
    async (request) =>
      repository.list(currentUser(request).id, request.query.include_sent === 'true', request.query.limit),
  );

  app.get(
    '/api/reminders/upcoming',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Reminders due in the next 24 hours, dose reminders included; limit keeps the soonest',
        querystring: listQuerySchema,
        response: { 200: z.array(reminderSchema) },
      },
    },
    async (request) => repository.upcoming(currentUser(request).id, deps.clock(), request.query.limit),
  );

  app.post(
    '/api/reminders',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Add a reminder of the user’s own, or snooze one (snoozed_from)',
        body: reminderInputSchema,
        response: { 201: reminderSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const now = deps.clock();
      const due = new Date(request.body.due_at);
      if (due.getTime() > now.getTime() + MAX_REMINDER_LEAD_DAYS * 24 * 3_600_000) {
        throw badRequest('due_at', 'error.due_at_too_far', { days: MAX_REMINDER_LEAD_DAYS });
      }
      const result = await repository.create(currentUser(request).id, request.body, now);
      if ('error' in result) {
        if (result.error === 'past') throw badRequest('due_at', 'error.due_at_past');
        throw notFound(REMINDER_NOT_FOUND);
      }
      return reply.code(201).send(result.reminder);
    },
  );

  app.delete(
    '/api/reminders/:id',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Delete one of the user’s reminders',
        params: idParamsSchema,
        response: { 200: okSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const removed = await repository.remove(currentUser(request).id, request.params.id, deps.clock());
      if (!removed) throw notFound(REMINDER_NOT_FOUND);
      return { ok: true as const };
    },
  );
};
