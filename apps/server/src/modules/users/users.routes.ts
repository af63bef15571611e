/**
 * GET/PUT /api/users/me; DELETE /api/users/me deletes the account
 * and everything in it, ends every session and clears the cookie (issue 13, item 4;
 * decision 021).
 */
import { errorSchema } from '@diacare/contract/common';
import { okSchema } from '@diacare/contract/auth';
import { accountDeletionSchema, userSchema, userUpdateSchema } from '@diacare/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/errors.ts';
import { clearSessionCookie, currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { rewriteUserDoseReminders } from '../reminders/materialise.ts';
import { createReminderRepository } from '../reminders/reminder.repository.ts';
import { createUserRepository } from './user.repository.ts';

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const users = createUserRepository(deps.db);
  const reminderTexts = createReminderRepository(deps.db);

  app.get(
    '/api/users/me',
    { schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: userSchema } } },
    async (request) => currentUser(request),
  );

  app.put(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Update the profile; fields not sent keep their values',
        body: userUpdateSchema,
        response: { 200: userSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { email: _email, ...patch } = request.body;
      const before = currentUser(request);
      const user = await users.update(before.id, patch);
      if (!user) throw notFound('error.user_not_found');
      // Dose times follow the user's zone: a new zone moves every unsent dose at once.
      // Notification texts follow the user's language: unsent ones are written again.
      if (user.timezone !== before.timezone || user.language !== before.language) {
        await rewriteUserDoseReminders(deps.db, deps.clock, user.id);
      }
      if (user.language !== before.language) await reminderTexts.onLanguageChanged(user.id, deps.clock());
      return user;
    },
  );

  app.delete(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete the account and all its data; body { confirm: "DELETE" }; ends every session',
        body: accountDeletionSchema,
        response: { 200: okSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      // Sessions are rows of the user: the cascade ends every one of them, on every device.
      const deleted = await users.deleteAccount(currentUser(request).id);
      if (!deleted) throw notFound('error.user_not_found');
      clearSessionCookie(reply, deps.env.secureCookies);
      return { ok: true as const };
    },
  );
};
