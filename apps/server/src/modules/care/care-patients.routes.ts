/**
 * The member's side of the care circle: GET /api/care/patients and …/{patient_id}/<resource>,
 * with the patient's own shapes; stranger → 404, outside the scopes → 403; the one write is a
 * dose marked taken, when granted, and its Undo by the same member. Decisions 048, 078.
 */
import { CARE_RESOURCES, patientParamsSchema, type CarePatient, type CareResource } from '@diacare/contract/care';
import {
  carePatientsQuerySchema,
  carePatientWithSummarySchema,
  reviewedSchema,
} from '@diacare/contract/care-patient-list';
import { appointmentSchema } from '@diacare/contract/appointments';
import { insulinDoseSchema, insulinQuerySchema } from '@diacare/contract/insulin';
import { labResultQuerySchema, labResultSchema } from '@diacare/contract/labs';
import { mealSchema, mealsQuerySchema, mealsReportQuerySchema, mealsReportSchema } from '@diacare/contract/meals';
import {
  adherenceOutcomesQuerySchema,
  adherenceOutcomesSchema,
  glucoseProfileQuerySchema,
  glucoseProfileSchema,
  glucoseReportQuerySchema,
  glucoseReportSchema,
} from '@diacare/contract/reports';
import { errorSchema, listQuerySchema } from '@diacare/contract/common';
import {
  bloodPressureReadingSchema,
  bodyMetricsSchema,
  glucoseReadingSchema,
  readingRangeQuerySchema,
} from '@diacare/contract/health';
import {
  adherenceInputSchema,
  adherenceRecordSchema,
  dateRangeQuerySchema,
  medicationSchema,
} from '@diacare/contract/medications';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpError, notFound } from '../../plugins/errors.ts';
import { requestLanguage } from '../../i18n/index.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createAppointmentRepository } from '../appointments/appointment.repository.ts';
import { createHealthRepository } from '../health/health.repository.ts';
import { createInsulinRepository } from '../health/insulin.repository.ts';
import { createLabRepository } from '../health/lab.repository.ts';
import { createMealsRepository, toMeal } from '../meals/meals.repository.ts';
import { loadMealsReport } from '../meals/meals.service.ts';
import { labResultOf } from '../health/labs.routes.ts';
import { createMedicationRepository } from '../medications/medication.repository.ts';
import { createMedicationService } from '../medications/medication.service.ts';
import { loadAdherenceOutcomes } from '../reports/adherence-outcomes.ts';
import { loadGlucoseProfile } from '../reports/glucose-profile.service.ts';
import { loadGlucoseReport } from '../reports/glucose-report.ts';
import { createUserRepository } from '../users/user.repository.ts';
import { createCareRepository } from './care.repository.ts';
import { createCarePatientSummaryRepository } from './care-patient-summary.repository.ts';
import { arrange, summarise } from './care-patient-summary.service.ts';
import { vmsg } from '@diacare/contract/i18n/validation-messages';

/** A member may mark a dose taken on the patient's behalf, nothing else. */
const markTakenSchema = adherenceInputSchema.extend({
  status: z.literal('taken', { error: vmsg('validation.exact_value', { value: 'taken' }) }),
});

/** The Undo of a member's Mark taken: the dose goes back to pending, nothing else. */
const unmarkQuerySchema = z.object({
  status: z.literal('pending', { error: vmsg('validation.exact_value', { value: 'pending' }) }),
});

export const carePatientsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const care = createCareRepository(deps.db);
  const medications = createMedicationRepository(deps.db);
  const health = createHealthRepository(deps.db);
  const appointments = createAppointmentRepository(deps.db);
  const medicationService = createMedicationService(deps);
  const labs = createLabRepository(deps.db);
  const insulin = createInsulinRepository(deps.db);
  const users = createUserRepository(deps.db);
  const summaries = createCarePatientSummaryRepository(deps.db);
  const tags = ['care'];
  const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

  /**
   * The signed-in member's membership in the patient's circle, checked on every request (so a
   * removal ends access at once), and the view written to the patient's audit.
   * @throws HttpError 404 when not a member; 403 when `resource` is outside the scopes
   */
  const authorize = async (memberId: string, patientId: string, resource: CareResource) => {
    const membership = await care.findMembership(patientId, memberId);
    if (!membership) throw notFound('error.care_patient_not_found');
    if (!membership.scopes.includes(CARE_RESOURCES[resource])) throw httpError(403, 'error.care_scope_not_granted');
    return membership;
  };
  const viewing = async (request: { user: unknown }, patientId: string, resource: CareResource) => {
    const memberId = currentUser(request as Parameters<typeof currentUser>[0]).id;
    const membership = await authorize(memberId, patientId, resource);
    await care.recordView(patientId, memberId, resource, deps.clock());
    return membership;
  };

  app.get(
    '/api/care/patients',
    {
      schema: {
        tags,
        summary:
          'The people I care for, with the role and scopes each granted me; with summary_days, each person’s summary within those scopes, needing attention first, paged (decision 086)',
        querystring: carePatientsQuerySchema,
        response: { 200: z.array(carePatientWithSummarySchema), 400: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const query = request.query;
      const strip = ({ reviewed_at: _reviewed, ...patient }: { reviewed_at: Date | null } & CarePatient) => patient;
      if (query.summary_days === undefined) {
        const page = await care.listPatients(user.id, query.limit, (query.page - 1) * query.limit);
        return page.map(strip);
      }
      // Ordering by need spans everyone followed, so every summary is made before the page is cut.
      const everyone = await care.listPatients(user.id, null);
      const summarised = await summarise(deps.db, everyone, query.summary_days, deps.clock());
      return arrange(summarised, query, user.language ?? 'en');
    },
  );

  app.post(
    '/api/care/patients/:patient_id/reviewed',
    {
      schema: {
        tags,
        summary: 'Mark the patient reviewed by me now; written to the patient’s audit (decision 086)',
        params: patientParamsSchema,
        response: { 200: reviewedSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const at = await summaries.markReviewed(request.params.patient_id, currentUser(request).id, deps.clock());
      if (!at) throw notFound('error.care_patient_not_found');
      return { last_reviewed_at: at.toISOString() };
    },
  );

  const read = <Q extends z.ZodType, R extends z.ZodType>(
    resource: CareResource,
    querystring: Q,
    item: R,
    list: (patientId: string, query: z.infer<Q>, request: FastifyRequest) => Promise<z.infer<R>[]>,
  ) =>
    app.get(
      `/api/care/patients/:patient_id/${resource}`,
      {
        schema: {
          tags,
          summary: `The patient’s ${resource}, as GET of their own route answers it (needs the ${CARE_RESOURCES[resource]} scope)`,
          params: patientParamsSchema,
          querystring,
          response: { 200: z.array(item), ...errors },
        },
      },
      async (request) => {
        await viewing(request, request.params.patient_id, resource);
        return (await list(request.params.patient_id, request.query as z.infer<Q>, request)) as z.input<R>[];
      },
    );

  read('medications', listQuerySchema, medicationSchema, (id, query) => medications.list(id, query.limit));
  read('adherence', dateRangeQuerySchema, adherenceRecordSchema, (id, query) => medications.listAdherence(id, query));
  read('glucose', readingRangeQuerySchema, glucoseReadingSchema, (id, query) => health.listGlucose(id, query));
  read('bp', readingRangeQuerySchema, bloodPressureReadingSchema, (id, query) => health.listBloodPressure(id, query));
  read('metrics', readingRangeQuerySchema, bodyMetricsSchema, (id, query) => health.listBodyMetrics(id, query));
  read('appointments', listQuerySchema, appointmentSchema, (id, query) => appointments.list(id, query.limit));
  read('labs', labResultQuerySchema, labResultSchema, async (id, query) => {
    const patient = await users.findById(id);
    if (!patient) throw notFound('error.care_patient_not_found');
    return (await labs.list(id, query)).map((row) => labResultOf(row, patient));
  });
  read('insulin', insulinQuerySchema, insulinDoseSchema, (id, query) => insulin.list(id, query));
  // Meals (decision 088): their photos and responses are read at /api/meals/{id}/… with the same scope.
  read('meals', mealsQuerySchema, mealSchema, async (id, query, request) => {
    const patient = await users.findById(id);
    if (!patient) throw notFound('error.care_patient_not_found');
    const rows = await createMealsRepository(deps.db).list(id, query);
    // Foods named in the reader's language.
    return rows.map(({ row, hasPhoto }) => toMeal(row, hasPhoto, patient.timezone, requestLanguage(request)));
  });

  /** The patient, for figures read in their zone; 404 as for a stranger when the account is gone. */
  const patientOf = async (id: string) => {
    const patient = await users.findById(id);
    if (!patient) throw notFound('error.care_patient_not_found');
    return patient;
  };

  // History's server-made figures, as the patient's own /api/reports/* answer them, in the
  // patient's zone: the glucose period and profile (glucose scope) and the dose lane (glucose and medicines).
  app.get(
    '/api/care/patients/:patient_id/reports/glucose',
    {
      schema: {
        tags,
        summary: 'The patient’s glucose figures of a period, as GET /api/reports/glucose answers them (glucose scope)',
        params: patientParamsSchema,
        querystring: glucoseReportQuerySchema,
        response: { 200: glucoseReportSchema, ...errors },
      },
    },
    async (request) => {
      await viewing(request, request.params.patient_id, 'glucose');
      return loadGlucoseReport(deps.db, await patientOf(request.params.patient_id), deps.clock(), request.query.days);
    },
  );
  app.get(
    '/api/care/patients/:patient_id/reports/glucose-profile',
    {
      schema: {
        tags,
        summary: 'The patient’s glucose profile, as GET /api/reports/glucose-profile answers it (glucose scope)',
        params: patientParamsSchema,
        querystring: glucoseProfileQuerySchema,
        response: { 200: glucoseProfileSchema, ...errors },
      },
    },
    async (request) => {
      await viewing(request, request.params.patient_id, 'glucose');
      return loadGlucoseProfile(deps.db, await patientOf(request.params.patient_id), deps.clock(), request.query.days);
    },
  );
  app.get(
    '/api/care/patients/:patient_id/reports/adherence-outcomes',
    {
      schema: {
        tags,
        summary:
          'The patient’s doses set against their glucose, as GET /api/reports/adherence-outcomes answers it (glucose and medications scopes)',
        params: patientParamsSchema,
        querystring: adherenceOutcomesQuerySchema,
        response: { 200: adherenceOutcomesSchema, ...errors },
      },
    },
    async (request) => {
      const memberId = currentUser(request).id;
      const patientId = request.params.patient_id;
      await authorize(memberId, patientId, 'glucose');
      await authorize(memberId, patientId, 'adherence');
      await care.recordView(patientId, memberId, 'glucose', deps.clock());
      await care.recordView(patientId, memberId, 'adherence', deps.clock());
      return loadAdherenceOutcomes(deps.db, await patientOf(patientId), deps.clock(), request.query.days);
    },
  );

  app.get(
    '/api/care/patients/:patient_id/reports/meals',
    {
      schema: {
        tags,
        summary:
          'Which of the patient’s meals and foods go with the largest rises, as GET /api/reports/meals answers it, in the patient’s zone and the reader’s language (meals scope)',
        params: patientParamsSchema,
        querystring: mealsReportQuerySchema,
        response: { 200: mealsReportSchema, ...errors },
      },
    },
    async (request) => {
      await viewing(request, request.params.patient_id, 'meals');
      const patient = await patientOf(request.params.patient_id);
      return loadMealsReport(deps.db, patient, deps.clock(), request.query.days, requestLanguage(request));
    },
  );

  app.post(
    '/api/care/patients/:patient_id/adherence',
    {
      schema: {
        tags,
        summary:
          'Mark one of the patient’s doses as taken on their behalf (needs that right and the medications scope)',
        params: patientParamsSchema,
        body: markTakenSchema,
        response: { 200: adherenceRecordSchema, ...errors },
      },
    },
    async (request) => {
      const memberId = currentUser(request).id;
      const patientId = request.params.patient_id;
      const membership = await authorize(memberId, patientId, 'adherence');
      if (!membership.can_mark_taken) throw httpError(403, 'error.care_cannot_mark_taken');
      const patient = await users.findById(patientId);
      if (!patient) throw notFound('error.care_patient_not_found');
      // The patient's schedule and zone decide which doses exist, not the member's.
      const recorded = await medicationService.recordDose(patient, request.body, memberId);
      if (!recorded) throw notFound('error.medication_not_found');
      const { unchanged, ...record } = recorded;
      // Only a mark that changed the dose is in the patient's audit.
      if (!unchanged) await care.recordMarkTaken(patientId, memberId, deps.clock());
      return record;
    },
  );

  app.put(
    '/api/care/patients/:patient_id/adherence/:id',
    {
      schema: {
        tags,
        summary:
          'Undo my own Mark taken of one of the patient’s doses: it is pending again (query status=pending; needs the right and the medications scope)',
        params: patientParamsSchema.extend({ id: z.uuid({ error: vmsg('validation.uuid') }) }),
        querystring: unmarkQuerySchema,
        response: { 200: adherenceRecordSchema, ...errors },
      },
    },
    async (request) => {
      const memberId = currentUser(request).id;
      const { patient_id: patientId, id } = request.params;
      const membership = await authorize(memberId, patientId, 'adherence');
      if (!membership.can_mark_taken) throw httpError(403, 'error.care_cannot_mark_taken');
      // Only a dose this member marked taken: never the patient's own Take, nor another member's.
      const record = await medicationService.updateDoseStatus(patientId, id, 'pending', undefined, memberId);
      if (!record) throw notFound('error.care_mark_not_found');
      await care.recordUnmarkTaken(patientId, memberId, deps.clock());
      return record;
    },
  );
};
