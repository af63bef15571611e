/**
 * fast-check requests for each write route (decision 015): built from the contract's own
 * vocabularies and bounds, then mutated with the hostile values of fuzz-values.ts.
 */
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '@diacare/contract/appointments';
import { ADHERENCE_STATUSES } from '@diacare/contract/medications';
import { DIABETES_TYPES, INDIAN_STATES, SEX_OPTIONS } from '@diacare/contract/users';
import fc from 'fast-check';
import {
  type Pool,
  type FuzzRequest,
  hostileString,
  hostileNumber,
  hostileValue,
  dateString,
  futureDate,
  isoDate,
  timeString,
  zone,
  around,
  text,
  optional,
  idChoice,
  mutated,
} from './fuzz-values.ts';

import {
  medicationBody,
  glucoseBody,
  bloodPressureBody,
  labBody,
  insulinBody,
  mealBody,
  bodyMetricsBody,
  reminderBody,
  invitationBody,
  clinicCodeAcceptBody,
  clinicCodeBody,
  memberUpdateBody,
  careSettingsBody,
  tokenChoice,
} from './fuzz-bodies.ts';

export type { FuzzRequest, IdChoice, Pool } from './fuzz-values.ts';
export { hostileValue, mutated } from './fuzz-values.ts';

/**
 * A dose's date and time: mostly one the seeded medicines (daily at 08:00 since 2026-01-01)
 * have, so valid doses get through the schedule rule; else any date and time.
 */
const doseDate = fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: -30, max: 1 }).map(isoDate) },
  { weight: 1, arbitrary: dateString },
);
const doseTime = fc.oneof({ weight: 2, arbitrary: fc.constant('08:00') }, { weight: 1, arbitrary: timeString });

/** The generated requests of each write route, keyed 'METHOD /route'. */
const ROUTE_REQUESTS: Record<string, fc.Arbitrary<FuzzRequest>> = {
  'POST /auth/login': fc
    .record({ name: text(100), email: fc.oneof(fc.emailAddress(), hostileString), redirect: optional(hostileString) })
    .chain((fields) =>
      fc.oneof(
        fc.constant(fields),
        fc.constant({ ...fields, redirect: 'http://localhost:3000/' }),
        hostileValue.map((value) => ({ name: value })),
      ),
    )
    .map((fields) => ({
      form: new URLSearchParams(
        Object.entries(fields)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]): [string, string] => [key, String(value)]),
      ).toString(),
    })),
  'POST /api/auth/session': mutated(
    fc.record({
      session_id: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), text(200)),
      timezone: optional(zone),
    }),
  ).map((payload) => ({ payload })),
  'POST /api/auth/logout': hostileValue.map((payload) => ({ payload })),
  'PUT /api/users/me': mutated(
    fc.record(
      {
        name: text(100),
        phone: fc.option(fc.stringMatching(/^\d{9,16}$/), { nil: null }),
        sex: fc.option(fc.constantFrom(...SEX_OPTIONS), { nil: null }),
        age: fc.option(around([1, 120]), { nil: null }),
        address: fc.option(text(500), { nil: null }),
        state: fc.option(fc.constantFrom(...INDIAN_STATES), { nil: null }),
        country: fc.constantFrom('India', 'india', 'Bharat'),
        pincode: fc.option(fc.stringMatching(/^\d{5,7}$/), { nil: null }),
        diabetes_type: fc.constantFrom(...DIABETES_TYPES),
        timezone: zone,
        language: fc.constantFrom('en', 'hi', 'HI', 'fr'),
        glucose_unit: fc.constantFrom('mg/dL', 'mmol/L', 'mmol'),
      },
      { requiredKeys: [] },
    ),
  ).map((payload) => ({ payload })),
  'POST /api/medications': mutated(medicationBody).map((payload) => ({ payload })),
  'PUT /api/medications/:id': fc
    .tuple(idChoice('medications'), mutated(medicationBody))
    .map(([id, payload]) => ({ id, payload })),
  'DELETE /api/medications/:id': idChoice('medications').map((id) => ({ id })),
  'POST /api/adherence': fc
    .tuple(
      idChoice('medications'),
      mutated(
        fc.record({
          date: doseDate,
          scheduled_time: doseTime,
          taken_time: optional(fc.option(timeString, { nil: null })),
          status: fc.constantFrom(...ADHERENCE_STATUSES),
        }),
      ),
    )
    .map(([id, payload]) => ({ payload, bodyIds: { medication_id: id } })),
  'PUT /api/adherence/:id': fc
    .tuple(
      idChoice('adherence'),
      fc.oneof(fc.constantFrom(...ADHERENCE_STATUSES), hostileString),
      optional(fc.oneof(timeString, hostileString)),
      fc.boolean(),
    )
    .map(([id, status, takenTime, twice]) => {
      const query = new URLSearchParams({ status });
      if (takenTime !== undefined) query.set('taken_time', takenTime);
      if (twice) query.append('status', 'taken');
      return { id, query: query.toString() };
    }),
  'POST /api/appointments': mutated(
    fc.record({
      type: fc.constantFrom(...APPOINTMENT_TYPES),
      title: text(200),
      doctor: optional(fc.option(text(100), { nil: null })),
      location: text(200),
      date: futureDate,
      time: timeString,
      notes: optional(text(600)),
      status: optional(fc.constantFrom(...APPOINTMENT_STATUSES)),
    }),
  ).map((payload) => ({ payload })),
  'PATCH /api/appointments/:id': fc
    .tuple(idChoice('appointments'), mutated(fc.record({ status: fc.constantFrom(...APPOINTMENT_STATUSES) })))
    .map(([id, payload]) => ({ id, payload })),
  'POST /api/health/glucose': mutated(glucoseBody).map((payload) => ({ payload })),
  'POST /api/health/bp': mutated(bloodPressureBody).map((payload) => ({ payload })),
  'POST /api/health/metrics': mutated(bodyMetricsBody).map((payload) => ({ payload })),
  // Corrections: the same bodies, aimed at the user's, another user's or no reading.
  'PUT /api/health/glucose/:id': fc
    .tuple(idChoice('glucose'), mutated(glucoseBody))
    .map(([id, payload]) => ({ id, payload })),
  'DELETE /api/health/glucose/:id': idChoice('glucose').map((id) => ({ id })),
  'PUT /api/health/bp/:id': fc
    .tuple(idChoice('bp'), mutated(bloodPressureBody))
    .map(([id, payload]) => ({ id, payload })),
  'DELETE /api/health/bp/:id': idChoice('bp').map((id) => ({ id })),
  'PUT /api/health/metrics/:id': fc
    .tuple(idChoice('metrics'), mutated(bodyMetricsBody))
    .map(([id, payload]) => ({ id, payload })),
  'DELETE /api/health/metrics/:id': idChoice('metrics').map((id) => ({ id })),
  'POST /api/health/labs': mutated(labBody).map((payload) => ({ payload })),
  'PUT /api/health/labs/:id': fc.tuple(idChoice('labs'), mutated(labBody)).map(([id, payload]) => ({ id, payload })),
  'DELETE /api/health/labs/:id': idChoice('labs').map((id) => ({ id })),
  'POST /api/health/insulin': fc
    .tuple(mutated(insulinBody), fc.option(idChoice('medications'), { nil: undefined }))
    .map(([payload, medication]) => ({ payload, ...(medication ? { bodyIds: { medication_id: medication } } : {}) })),
  'PUT /api/health/insulin/:id': fc
    .tuple(idChoice('insulin'), mutated(insulinBody))
    .map(([id, payload]) => ({ id, payload })),
  'DELETE /api/health/insulin/:id': idChoice('insulin').map((id) => ({ id })),
  'POST /api/meals': mutated(mealBody).map((payload) => ({ payload })),
  'PUT /api/meals/:id': fc.tuple(idChoice('meals'), mutated(mealBody)).map(([id, payload]) => ({ id, payload })),
  'DELETE /api/meals/:id': idChoice('meals').map((id) => ({ id })),
  // A photo is an image body; the fuzzer's JSON and hostile bodies must all be refused with 400 or 404.
  'PUT /api/meals/:id/photo': fc.tuple(idChoice('meals'), hostileValue).map(([id, payload]) => ({ id, payload })),
  'DELETE /api/meals/:id/photo': idChoice('meals').map((id) => ({ id })),
  // Imports take text/csv; the fuzzer's JSON and hostile bodies must all be refused with 400.
  'POST /api/imports': hostileValue.map((payload) => ({ payload })),
  // Nightscout: only private, loopback or malformed addresses (never the internet); the
  // fuzz app does not allow private targets, so each is refused with 400 before any request.
  'POST /api/imports/nightscout': mutated(
    fc.record({
      url: fc.constantFrom(
        'https://127.0.0.1/',
        'http://127.0.0.1:9/',
        'https://10.0.0.1/',
        'https://[::1]/',
        'https://169.254.169.254/latest',
        'ftp://127.0.0.1/',
        'not a url',
      ),
      token: fc.constantFrom('readable-0123456789abcdef', '', 'has space'),
      days: fc.constantFrom(1, 90, 0, 3651),
    }),
  ).map((payload) => ({ payload })),
  'POST /api/imports/:id/commit': idChoice('imports').map((id) => ({ id })),
  'DELETE /api/imports/:id': idChoice('imports').map((id) => ({ id })),
  // Account deletion: mostly hostile bodies; the rare valid one deletes
  // the fuzz user, and the test signs in again.
  'DELETE /api/users/me': fc
    .oneof(
      { weight: 12, arbitrary: mutated(fc.record({ confirm: fc.constantFrom('DELETE', 'delete', 'DELETE ', '') })) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    )
    .map((payload) => (payload === undefined ? {} : { payload })),
  'POST /api/push/subscribe': mutated(
    fc.record({
      endpoint: fc.oneof(
        fc
          .string({ minLength: 1, maxLength: 40 })
          .map((path) => `https://fcm.googleapis.com/fcm/send/${encodeURIComponent(path)}`),
        fc.constantFrom(
          'https://fcm.googleapis.com:8443/fcm/send/x',
          'https://web.push.apple.com/x',
          'https://evil.example/x',
          'http://fcm.googleapis.com/x',
          'https://127.0.0.1/x',
          'https://[::1]/x',
          'https://fcm.googleapis.com.evil.example/x',
          'https://user:pass@fcm.googleapis.com/x',
          'file:///etc/passwd',
        ),
      ),
      keys: fc.record({
        p256dh: fc
          .base64String({ minLength: 84, maxLength: 92 })
          .map((key) => key.replace(/\+/g, '-').replace(/\//g, '_')),
        auth: fc.base64String({ minLength: 20, maxLength: 28 }),
      }),
      expirationTime: optional(fc.option(hostileNumber, { nil: null })),
    }),
  ).map((payload) => ({ payload })),
  'POST /api/push/unsubscribe': mutated(fc.record({ endpoint: fc.oneof(fc.webUrl(), hostileString) })).map(
    (payload) => ({ payload }),
  ),
  'POST /api/reminders': fc
    .tuple(mutated(reminderBody), fc.option(idChoice('reminders'), { nil: undefined }))
    .map(([payload, snoozed]) => ({ payload, ...(snoozed ? { bodyIds: { snoozed_from: snoozed } } : {}) })),
  'DELETE /api/reminders/:id': idChoice('reminders').map((id) => ({ id })),
  // The assistant's write routes.
  'POST /api/assistant/messages': mutated(fc.record({ content: text(2_000) })).map((payload) => ({ payload })),
  'DELETE /api/assistant/messages': fc.oneof(
    fc.constant({}),
    hostileValue.map((payload) => ({ payload })),
  ),
  'POST /api/care/invitations': mutated(invitationBody).map((payload) => ({ payload })),
  'POST /api/care/invitations/:token/accept': tokenChoice.map((id) => ({ id })),
  'DELETE /api/care/invitations/:id': idChoice('care_invitations').map((id) => ({ id })),
  // Clinic codes (decision 087): no pool of codes, so any id or code is someone else's or none (404);
  // care-clinic-codes.test.ts sends real ones.
  'POST /api/care/requests': mutated(clinicCodeBody).map((payload) => ({ payload })),
  'DELETE /api/care/requests/:id': idChoice('care_invitations').map((id) => ({ id })),
  'POST /api/care/requests/:code/accept': fc
    .tuple(tokenChoice, mutated(clinicCodeAcceptBody))
    .map(([id, payload]) => ({ id, payload })),
  'POST /api/care/patients/:patient_id/reviewed': idChoice('care_patients').map((id) => ({ id })),
  'PATCH /api/care/members/:id': fc
    .tuple(idChoice('care_members'), mutated(memberUpdateBody))
    .map(([id, payload]) => ({ id, payload })),
  'DELETE /api/care/members/:id': idChoice('care_members').map((id) => ({ id })),
  'PUT /api/care/settings': mutated(careSettingsBody).map((payload) => ({ payload })),
  // No alert pool: any id is someone else's record or none (404); care-glucose-alerts.test.ts sends real ones.
  'POST /api/care/alerts/:id/seen': idChoice('care_members').map((id) => ({ id })),
  'POST /api/care/patients/:patient_id/adherence': fc
    .tuple(
      idChoice('care_patients'),
      idChoice('medications'),
      mutated(
        fc.record({
          date: doseDate,
          scheduled_time: doseTime,
          status: fc.constantFrom(...ADHERENCE_STATUSES),
        }),
      ),
    )
    .map(([id, medication, payload]) => ({ id, payload, bodyIds: { medication_id: medication } })),
  // The member's Undo: both path parameters get one id, so it is someone else's dose or none (404);
  // care-mark-taken-right.test.ts sends real ones.
  'PUT /api/care/patients/:patient_id/adherence/:id': fc
    .tuple(idChoice('care_patients'), fc.oneof(fc.constant('pending'), hostileString))
    .map(([id, status]) => ({ id, query: new URLSearchParams({ status }).toString() })),
  // One-click unsubscribe: the fuzzer holds no signed token (unsubscribe.test.ts sends real ones).
  'POST /unsubscribe/:token': fc
    .tuple(tokenChoice, fc.oneof(fc.constant('List-Unsubscribe=One-Click'), hostileString))
    .map(([id, form]) => ({ id, form })),
  'PUT /api/settings/notifications': mutated(
    fc.record(
      {
        medicationReminders: fc.boolean(),
        appointmentReminders: fc.boolean(),
        healthTips: fc.boolean(),
        emailNotifications: fc.boolean(),
        pushNotifications: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  ).map((payload) => ({ payload })),
  'PUT /api/notifications/channels': mutated(
    fc.dictionary(
      fc.constantFrom('dose', 'refill', 'appointment', 'care_alert', 'weekly_summary'),
      fc.record({ push: fc.boolean(), email: fc.boolean(), whatsapp: fc.boolean() }, { requiredKeys: [] }),
    ),
  ).map((payload) => ({ payload })),
};

/**
 * `Idempotency-Key` headers: mostly none, else a fresh UUID, one of two keys every
 * route shares (so repeats replay and other requests with a used key meet 422), or a
 * malformed one (400). Header values stay printable ASCII, as HTTP carries them.
 */
const SHARED_KEYS = ['6f1d3c52-4b7a-4e59-9c1d-2a8b7e0f4d31', '0b9e5a14-7c2d-4f83-a6e1-5d4c3b2a1f09'];
const idempotencyKey: fc.Arbitrary<string | null> = fc.option(
  fc.oneof(
    fc.uuid(),
    fc.constantFrom(...SHARED_KEYS),
    fc.constantFrom('', 'not-a-uuid', `${SHARED_KEYS[0]}x`, '00000000-0000-0000-0000-00000000000g', "' OR 1=1 --"),
    fc.stringMatching(/^[ -~]{0,40}$/),
  ),
  { freq: 2 },
);

/** Each route's requests, with or without an `Idempotency-Key`. */
export const WRITE_ROUTE_REQUESTS: Record<string, fc.Arbitrary<FuzzRequest>> = Object.fromEntries(
  Object.entries(ROUTE_REQUESTS).map(([route, requests]) => [
    route,
    fc
      .tuple(requests, idempotencyKey)
      .map(([request, key]) => (key === null ? request : { ...request, idempotencyKey: key })),
  ]),
);

/** Which pool a successful answer of a create route adds its `id` to. */
export const CREATES: Record<string, Pool> = {
  'POST /api/medications': 'medications',
  'POST /api/adherence': 'adherence',
  'POST /api/appointments': 'appointments',
  'POST /api/reminders': 'reminders',
  'POST /api/health/glucose': 'glucose',
  'POST /api/health/bp': 'bp',
  'POST /api/health/metrics': 'metrics',
  'POST /api/health/labs': 'labs',
  'POST /api/health/insulin': 'insulin',
  'POST /api/meals': 'meals',
  'POST /api/care/invitations': 'care_invitations',
};
