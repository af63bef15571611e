/**
 * PUT/GET/DELETE /api/meals/{id}/photo (decision 090): a JPEG or WebP of at most
 * MEAL_PHOTO_MAX_BYTES, cleaned (metadata removed, made small) before it is stored in the
 * database; read back privately by the owner or a member with the meals scope.
 */
import { errorSchema, idParamsSchema } from '@diacare/contract/common';
import { MEAL_PHOTO_MAX_BYTES } from '@diacare/contract/meal-constants';
import { mealSchema } from '@diacare/contract/meals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { requestLanguage } from '../../i18n/index.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { mealAccess } from './meal-access.ts';
import { createMealsRepository, toMeal } from './meals.repository.ts';
import { cleanPhoto, PhotoError } from './photo.ts';

const STORED_TYPE = 'image/webp';

export const mealPhotoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createMealsRepository(deps.db);
  const tags = ['meals'];
  // A declared size over the limit is refused before a byte of the body is read (400 naming the
  // limit); a body streamed without a size stops being read at the limit (413).
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: MEAL_PHOTO_MAX_BYTES }, (_r, body, done) =>
    done(null, body),
  );

  app.put(
    '/api/meals/:id/photo',
    {
      config: { imageBody: true },
      bodyLimit: MEAL_PHOTO_MAX_BYTES,
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > MEAL_PHOTO_MAX_BYTES) {
          throw badRequest('photo', 'error.meal_photo_too_large', { max: MEAL_PHOTO_MAX_BYTES });
        }
      },
      schema: {
        tags,
        summary: `Add or replace the meal's photo (Content-Type image/jpeg or image/webp, at most ${MEAL_PHOTO_MAX_BYTES} bytes); location and other metadata are removed`,
        params: idParamsSchema,
        response: { 200: mealSchema, 400: errorSchema, 404: errorSchema, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const found = await repository.find(user.id, request.params.id);
      if (!found) throw notFound('error.meal_not_found');
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw badRequest('photo', 'error.meal_photo_type');
      if (body.length > MEAL_PHOTO_MAX_BYTES) {
        throw badRequest('photo', 'error.meal_photo_too_large', { max: MEAL_PHOTO_MAX_BYTES });
      }
      let cleaned: Buffer;
      try {
        cleaned = await cleanPhoto(body);
      } catch (error) {
        if (error instanceof PhotoError) throw badRequest('photo', 'error.meal_photo_type');
        throw error;
      }
      await repository.putPhoto(user.id, found.row.id, cleaned, STORED_TYPE);
      return toMeal(found.row, true, user.timezone, requestLanguage(request));
    },
  );

  app.get(
    '/api/meals/:id/photo',
    {
      schema: {
        tags,
        summary:
          "The meal's photo (image/webp), for its owner or a member with the meals scope; never cached by others",
        params: idParamsSchema,
        response: { 200: z.any().describe('The photo (image/webp)'), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { owner, row } = await mealAccess(deps, currentUser(request).id, request.params.id);
      const photo = await repository.photo(owner.id, row.id);
      if (!photo) throw notFound('error.meal_photo_not_found');
      return reply
        .type(photo.content_type)
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', 'inline')
        .send(photo.bytes);
    },
  );

  app.delete(
    '/api/meals/:id/photo',
    {
      schema: {
        tags,
        summary: "Remove the meal's photo; answers the meal",
        params: idParamsSchema,
        response: { 200: mealSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const found = await repository.find(user.id, request.params.id);
      if (!found || !(await repository.removePhoto(user.id, found.row.id)))
        throw notFound('error.meal_photo_not_found');
      return toMeal(found.row, false, user.timezone, requestLanguage(request));
    },
  );
};
