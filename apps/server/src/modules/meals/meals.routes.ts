/**
 * /api/foods (the food list, searched) and /api/meals: GET lists the user's meals newest first,
 * POST logs one (201), PUT /{id} replaces one, DELETE /{id} removes one (its photo with it) and
 * answers it for Undo; /recent-items lists what the person eats most; /{id}/response is the
 * meal's rise from their readings (decisions 088, 089). Another user's id → 404.
 */
import { errorSchema, idParamsSchema } from '@diacare/contract/common';
import { MEAL_LIMITS } from '@diacare/contract/meal-constants';
import {
  foodSchema,
  foodsQuerySchema,
  mealInputSchema,
  mealResponseSchema,
  mealSchema,
  mealsQuerySchema,
  recentMealItemSchema,
  recentMealItemsQuerySchema,
} from '@diacare/contract/meals';
import { shiftDate, localDate } from '@diacare/contract/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../i18n/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { refuseImpossibleReadingTime } from '../health/reading-time.ts';
import { FOODS, toFood } from './foods/index.ts';
import { foodSearch } from './foods/search.ts';
import { mealAccess } from './meal-access.ts';
import { createReminderService } from '../reminders/reminder.service.ts';
import { createMealsRepository, itemsIn, toMeal } from './meals.repository.ts';
import { loadMealResponse, mealToStore } from './meals.service.ts';
import { recentItems } from './recent-items.ts';

export const mealsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createMealsRepository(deps.db);
  const reminders = createReminderService(deps);
  const tags = ['meals'];
  const recordErrors = { 400: errorSchema, 404: errorSchema };

  app.get(
    '/api/foods',
    {
      schema: {
        tags,
        summary:
          'The food list (Indian dishes and foods, a household portion each, carbohydrate per portion in g, an estimate with its source); q searches English, Hindi and common spellings',
        querystring: foodsQuerySchema,
        response: { 200: z.array(foodSchema), 400: errorSchema },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const q = request.query.q?.trim();
      const foods = q
        ? foodSearch().search(q, request.query.limit)
        : [...FOODS].sort((a, b) => a.en.localeCompare(b.en)).slice(0, request.query.limit);
      return foods.map((food) => toFood(food, language));
    },
  );

  app.get(
    '/api/meals',
    {
      schema: {
        tags,
        summary: 'Meals, newest first; dates inclusive; limit keeps the newest',
        querystring: mealsQuerySchema,
        response: { 200: z.array(mealSchema), 400: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rows = await repository.list(user.id, request.query);
      return rows.map(({ row, hasPhoto }) => toMeal(row, hasPhoto, user.timezone, requestLanguage(request)));
    },
  );

  app.get(
    '/api/meals/recent-items',
    {
      schema: {
        tags,
        summary: `Items of the last ${MEAL_LIMITS.recent_days} days' meals, most often eaten first, then most recent, each as last logged`,
        querystring: recentMealItemsQuerySchema,
        response: { 200: z.array(recentMealItemSchema), 400: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const today = localDate(deps.clock(), user.timezone);
      const rows = await repository.list(user.id, {
        start_date: shiftDate(today, -MEAL_LIMITS.recent_days),
        limit: 1000,
      });
      return itemsIn(
        recentItems(
          rows.map(({ row }) => row),
          request.query.limit,
        ),
        requestLanguage(request),
      );
    },
  );

  app.post(
    '/api/meals',
    {
      schema: {
        tags,
        summary:
          'Log a meal: its items with portions; carbs_g is summed from the items that have one (from the food list for a food_id)',
        body: mealInputSchema,
        response: { 201: mealSchema, ...recordErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      refuseImpossibleReadingTime(request.body.date, request.body.time, deps.clock(), user.timezone);
      const row = await repository.create(user.id, mealToStore(request.body), deps.clock());
      await reminders.mealSaved(user.id, row);
      return reply.code(201).send(toMeal(row, false, user.timezone, requestLanguage(request)));
    },
  );

  app.put(
    '/api/meals/:id',
    {
      schema: {
        tags,
        summary: 'Correct a meal; same rules as logging one; its photo stays',
        params: idParamsSchema,
        body: mealInputSchema,
        response: { 200: mealSchema, ...recordErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      refuseImpossibleReadingTime(request.body.date, request.body.time, deps.clock(), user.timezone);
      const found = await repository.update(user.id, request.params.id, mealToStore(request.body));
      if (!found) throw notFound('error.meal_not_found');
      await reminders.mealSaved(user.id, found.row);
      return toMeal(found.row, found.hasPhoto, user.timezone, requestLanguage(request));
    },
  );

  app.delete(
    '/api/meals/:id',
    {
      schema: {
        tags,
        summary: 'Delete a meal and its photo; answers the deleted meal',
        params: idParamsSchema,
        response: { 200: mealSchema, ...recordErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const found = await repository.remove(user.id, request.params.id);
      if (!found) throw notFound('error.meal_not_found');
      await reminders.mealDeleted(user.id, found.row.id);
      return toMeal(found.row, false, user.timezone, requestLanguage(request));
    },
  );

  app.get(
    '/api/meals/:id/response',
    {
      schema: {
        tags,
        summary:
          "The meal's rise from the person's readings: sensor, else finger-stick, else none (mg/dL; the owner, or a member with the meals scope)",
        params: idParamsSchema,
        response: { 200: mealResponseSchema, 403: errorSchema, ...recordErrors },
      },
    },
    async (request) => {
      const { owner, row } = await mealAccess(deps, currentUser(request).id, request.params.id);
      return loadMealResponse(deps.db, owner, row);
    },
  );
};
