/**
 * GET/PUT /api/settings/notifications: the five
 * preferences, stored per user. PUT takes any subset; an unknown key is a 400.
 */
import { errorSchema } from '@diacare/contract/common';
import { notificationSettingsSchema, notificationSettingsUpdateSchema } from '@diacare/contract/reminders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createSettingsRepository } from './settings.repository.ts';

export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createSettingsRepository(deps.db);

  app.get(
    '/api/settings/notifications',
    {
      schema: {
        tags: ['settings'],
        summary: 'The user’s notification preferences (spec defaults until changed)',
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => repository.get(currentUser(request).id),
  );

  app.put(
    '/api/settings/notifications',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change some or all notification preferences',
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsSchema, 400: errorSchema },
      },
    },
    async (request) => repository.update(currentUser(request).id, request.body, deps.clock()),
  );
};
