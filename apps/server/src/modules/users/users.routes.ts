/**
 * GET/PUT /api/users/me; DELETE /api/users/me deletes the account
 * and everything in it, ends every session and clears the cookie
 * (decision 021).
 */
import { errorSchema } from '@diacare/contract/common';
import { okSchema } from '@diacare/contract/auth';
import { accountDeletionSchema, userSchema, userUpdateSchema } from '@diacare/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/errors.ts';
import { clearSessionCookie, currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createUserService } from './user.service.ts';
import { createUserRepository } from './user.repository.ts';

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const users = createUserRepository(deps.db);
  const service = createUserService(deps);

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
      // A new zone or language rewrites the unsent reminders at once.
      const user = await service.updateProfile(before, patch);
      if (!user) throw notFound('error.user_not_found');
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
