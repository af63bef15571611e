/** GET/PUT /api/users/me (spec §3 User, §5, §7). */
import { errorSchema } from '@diacare/contract/common';
import { userSchema, userUpdateSchema } from '@diacare/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { rewriteUserDoseReminders } from '../reminders/materialise.ts';
import { createUserRepository } from './user.repository.ts';

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const users = createUserRepository(deps.db);

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
      if (!user) throw notFound('User not found');
      // Dose times follow the user's zone: a new zone moves every unsent dose at once (issue 15).
      if (user.timezone !== before.timezone) await rewriteUserDoseReminders(deps.db, deps.clock, user.id);
      return user;
    },
  );
};
