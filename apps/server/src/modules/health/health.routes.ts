/**
 * /api/health/glucose, /bp and /metrics: list (newest first, dates inclusive, optional limit),
 * create, replace, delete (answers the deleted reading, for Undo). Bounds are the contract's;
 * here the user's-zone date rule and BMI. Decisions 008, 021.
 */
import { bodyMassIndex } from '@diacare/contract/clinical';
import { errorSchema, idParamsSchema } from '@diacare/contract/common';
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
import { notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createCareAlertService } from '../care/care-alert.service.ts';
import { createHealthRepository } from './health.repository.ts';
import { refuseImpossibleReadingTime } from './reading-time.ts';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createHealthRepository(deps.db);
  const careAlerts = createCareAlertService(deps);
  const tags = ['health'];
  const READING_NOT_FOUND = 'error.reading_not_found' as const;
  const found = <T>(reading: T | null): T => {
    if (!reading) throw notFound(READING_NOT_FOUND);
    return reading;
  };
  const recordErrors = { 400: errorSchema, 404: errorSchema };

  /**
   * A reading records something that happened: not after now in the user's zone (a weight,
   * dated only, not after today), nor before the plausible floor.
   * @throws HttpError 400 naming date or time
   */
  const refuseImpossibleTime = ({ date, time }: { date: string; time?: string }, user: User) =>
    refuseImpossibleReadingTime(date, time ?? null, deps.clock(), user.timezone);

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
      refuseImpossibleTime(request.body, user);
      const reading = await repository.createGlucose(user.id, request.body);
      // A low reading may alert the care circle (decision 051).
      await careAlerts.glucoseRecorded(user, reading);
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
      refuseImpossibleTime(request.body, user);
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
      refuseImpossibleTime({ date }, user);
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

  app.put(
    '/api/health/glucose/:id',
    {
      schema: {
        tags,
        summary: 'Correct a blood glucose reading (mg/dL); same rules as logging one',
        params: idParamsSchema,
        body: glucoseInputSchema,
        response: { 200: glucoseReadingSchema, ...recordErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      refuseImpossibleTime(request.body, user);
      return found(await repository.updateGlucose(user.id, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/health/glucose/:id',
    {
      schema: {
        tags,
        summary: 'Delete a blood glucose reading; answers the deleted reading',
        params: idParamsSchema,
        response: { 200: glucoseReadingSchema, ...recordErrors },
      },
    },
    async (request) => found(await repository.deleteGlucose(currentUser(request).id, request.params.id)),
  );

  app.put(
    '/api/health/bp/:id',
    {
      schema: {
        tags,
        summary: 'Correct a blood pressure reading (mmHg); same rules as logging one',
        params: idParamsSchema,
        body: bloodPressureInputSchema,
        response: { 200: bloodPressureReadingSchema, ...recordErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      refuseImpossibleTime(request.body, user);
      return found(await repository.updateBloodPressure(user.id, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/health/bp/:id',
    {
      schema: {
        tags,
        summary: 'Delete a blood pressure reading; answers the deleted reading',
        params: idParamsSchema,
        response: { 200: bloodPressureReadingSchema, ...recordErrors },
      },
    },
    async (request) => found(await repository.deleteBloodPressure(currentUser(request).id, request.params.id)),
  );

  app.put(
    '/api/health/metrics/:id',
    {
      schema: {
        tags,
        summary: 'Correct weight (kg) and height (cm); the server recomputes the BMI',
        params: idParamsSchema,
        body: bodyMetricsInputSchema,
        response: { 200: bodyMetricsSchema, ...recordErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { weight, height, date } = request.body;
      refuseImpossibleTime({ date }, user);
      return found(
        await repository.updateBodyMetrics(user.id, request.params.id, {
          weight,
          height,
          bmi: bodyMassIndex(weight, height),
          date,
        }),
      );
    },
  );

  app.delete(
    '/api/health/metrics/:id',
    {
      schema: {
        tags,
        summary: 'Delete a body metrics entry; answers the deleted entry',
        params: idParamsSchema,
        response: { 200: bodyMetricsSchema, ...recordErrors },
      },
    },
    async (request) => found(await repository.deleteBodyMetrics(currentUser(request).id, request.params.id)),
  );
};
