/** /api/appointments and PATCH /api/appointments/{id} (cancel or mark done). */
import { appointmentInputSchema, appointmentSchema, appointmentStatusSchema } from '@diacare/contract/appointments';
import { errorSchema, idParamsSchema, listQuerySchema } from '@diacare/contract/common';
import { localDate, zonedInstant } from '@diacare/contract/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createAppointmentRepository } from './appointment.repository.ts';
import { createReminderService } from '../reminders/reminder.service.ts';

export const appointmentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createAppointmentRepository(deps.db);
  // Reminders 24 h and 1 h before an upcoming visit, removed when it is cancelled or done.
  const reminders = createReminderService(deps);

  app.get(
    '/api/appointments',
    {
      schema: {
        tags: ['appointments'],
        summary: 'The user’s appointments, soonest first; limit keeps the latest',
        querystring: listQuerySchema,
        response: { 200: z.array(appointmentSchema) },
      },
    },
    async (request) => repository.list(currentUser(request).id, request.query.limit),
  );

  app.post(
    '/api/appointments',
    {
      schema: {
        tags: ['appointments'],
        summary: 'Book a doctor visit or a lab test',
        body: appointmentInputSchema,
        response: { 201: appointmentSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      // docs/product.md: the date may not be earlier than today — today in the user's zone.
      if (body.date < localDate(deps.clock(), user.timezone)) throw badRequest('date', 'error.date_before_today');
      const appointment = await repository.create(user.id, {
        type: body.type,
        title: body.title,
        doctor: body.type === 'doctor' && body.doctor ? body.doctor : null,
        location: body.location,
        date: body.date,
        time: body.time,
        notes: body.notes,
        starts_at: zonedInstant(body.date, body.time, user.timezone),
      });
      await reminders.appointmentChanged(user.id, appointment);
      return reply.code(201).send(appointment);
    },
  );

  app.patch(
    '/api/appointments/:id',
    {
      schema: {
        tags: ['appointments'],
        summary: 'Cancel an appointment, mark it done, or restore it',
        params: idParamsSchema,
        body: appointmentStatusSchema,
        response: { 200: appointmentSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const appointment = await repository.setStatus(userId, request.params.id, request.body.status);
      if (!appointment) throw notFound('error.appointment_not_found');
      await reminders.appointmentChanged(userId, appointment);
      return appointment;
    },
  );
};
