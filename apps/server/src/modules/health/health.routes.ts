/**
 * /api/health/glucose, /api/health/bp and /api/health/metrics (spec §3 readings, §5, §7;
 * issue 4). GET lists the user's readings newest first, optionally within an inclusive
 * start_date/end_date range and cut to the newest `limit`; POST stores one reading and answers 201 with it. The bounds
 * live in the contract's schemas; the one rule that needs the user's zone (a reading may
 * not be dated after today) and the BMI the server computes live here.
 */
import { bodyMassIndex } from '@diacare/contract/clinical';
import { errorSchema } from '@diacare/contract/common';
import { localDate } from '@diacare/contract/dates';
import {
  bloodPressureInputSchema,
  bloodPressureReadingSchema,
  bodyMetricsInputSchema,
  bodyMetricsSchema,
  glucoseInputSchema,
  glucoseReadingSchema,
  readingRangeQuerySchema,
} from '@diacare/contract/health';
import type { User } from '@diacare/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createHealthRepository } from './health.repository.ts';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createHealthRepository(deps.db);
  const tags = ['health'];

  /**
   * A reading records something that happened: its date may not be after today in the
   * user's zone (issue 4). A Kolkata user just past midnight may log the new day while
   * UTC is still on the old one.
   * @throws HttpError 400 'date: must not be in the future'
   */
  const refuseFutureDate = (date: string, user: User) => {
    if (date > localDate(deps.clock(), user.timezone)) throw badRequest('date: must not be in the future');
  };

  app.get(
    '/api/health/glucose',
    {
      schema: {
        tags,
        summary: 'Blood glucose readings, newest first; dates inclusive; limit keeps the newest',
        querystring: readingRangeQuerySchema,
        response: { 200: z.array(glucoseReadingSchema), 400: errorSchema },
      },
    },
    async (request) => repository.listGlucose(currentUser(request).id, request.query),
  );

  app.post(
    '/api/health/glucose',
    {
      schema: {
        tags,
        summary: 'Log a blood glucose reading (mg/dL)',
        body: glucoseInputSchema,
        response: { 201: glucoseReadingSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      refuseFutureDate(request.body.date, user);
      const reading = await repository.createGlucose(user.id, request.body);
      return reply.code(201).send(reading);
    },
  );

  app.get(
    '/api/health/bp',
    {
      schema: {
        tags,
        summary: 'Blood pressure readings, newest first; dates inclusive; limit keeps the newest',
        querystring: readingRangeQuerySchema,
        response: { 200: z.array(bloodPressureReadingSchema), 400: errorSchema },
      },
    },
    async (request) => repository.listBloodPressure(currentUser(request).id, request.query),
  );

  app.post(
    '/api/health/bp',
    {
      schema: {
        tags,
        summary: 'Log a blood pressure reading (mmHg, pulse in beats/min)',
        body: bloodPressureInputSchema,
        response: { 201: bloodPressureReadingSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      refuseFutureDate(request.body.date, user);
      const reading = await repository.createBloodPressure(user.id, request.body);
      return reply.code(201).send(reading);
    },
  );

  app.get(
    '/api/health/metrics',
    {
      schema: {
        tags,
        summary: 'Body metrics (weight, height, BMI), newest first; dates inclusive; limit keeps the newest',
        querystring: readingRangeQuerySchema,
        response: { 200: z.array(bodyMetricsSchema), 400: errorSchema },
      },
    },
    async (request) => repository.listBodyMetrics(currentUser(request).id, request.query),
  );

  app.post(
    '/api/health/metrics',
    {
      schema: {
        tags,
        summary: 'Log weight (kg) and height (cm); the server computes the BMI',
        body: bodyMetricsInputSchema,
        response: { 201: bodyMetricsSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { weight, height, date } = request.body;
      refuseFutureDate(date, user);
      // Any bmi the client sent was dropped by the schema: the stored one is always computed.
      const metrics = await repository.createBodyMetrics(user.id, {
        weight,
        height,
        bmi: bodyMassIndex(weight, height),
        date,
      });
      return reply.code(201).send(metrics);
    },
  );
};
