/**
 * fast-check requests for each write route (decision 015): built from the contract's own
 * vocabularies and bounds, then mutated with the hostile values of fuzz-values.ts.
 */
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '@diacare/contract/appointments';
import { CARE_ROLES, CARE_SCOPES } from '@diacare/contract/care';
import { BODY_BOUNDS, BP_BOUNDS, GLUCOSE_BOUNDS, MEAL_CONTEXTS } from '@diacare/contract/health-constants';
import {
  ADHERENCE_STATUSES,
  COLOR_TAGS,
  FREQUENCIES,
  MAX_TIMES_PER_DAY,
  MEDICATION_FORMS,
  WHEN_TO_TAKE,
} from '@diacare/contract/medications';
import { INSULIN_TYPES } from '@diacare/contract/insulin-rules';
import { LAB_TESTS, LAB_TEST_RULES } from '@diacare/contract/lab-rules';
import { DIABETES_TYPES, INDIAN_STATES, SEX_OPTIONS } from '@diacare/contract/users';
import fc from 'fast-check';
import {
  type Pool,
  type IdChoice,
  type FuzzRequest,
  DAY_MS,
  hostileString,
  hostileNumber,
  hostileValue,
  dateString,
  futureDate,
  timeString,
  zone,
  around,
  aroundDecimal,
  text,
  optional,
  idChoice,
  mutated,
} from './fuzz-values.ts';

export type { FuzzRequest, IdChoice, Pool } from './fuzz-values.ts';
export { hostileValue, mutated } from './fuzz-values.ts';

const medicationBody = fc.record({
  name: text(100),
  dosage: text(50),
  form: fc.constantFrom(...MEDICATION_FORMS),
  insulin_type: optional(fc.option(fc.constantFrom(...INSULIN_TYPES), { nil: null })),
  instructions: optional(text(500)),
  color: fc.constantFrom(...COLOR_TAGS.map((tag) => tag.hex)),
  when_to_take: optional(fc.option(fc.constantFrom(...WHEN_TO_TAKE), { nil: null })),
  schedule: fc.record({
    frequency: fc.constantFrom(...FREQUENCIES),
    times: fc.array(timeString, { maxLength: MAX_TIMES_PER_DAY + 1 }),
    weekdays: optional(fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 8 })),
    start_date: dateString,
    end_date: optional(fc.constant(null)),
  }),
  refill_reminder: fc.record({
    enabled: fc.boolean(),
    pills_remaining: around([0, 100_000]),
    threshold: around([1, 100_000]),
  }),
});

const glucoseBody = fc.record({
  value: around(GLUCOSE_BOUNDS.value),
  meal_context: optional(fc.constantFrom(...MEAL_CONTEXTS)),
  date: dateString,
  time: timeString,
});

const bloodPressureBody = fc.record({
  systolic: around(BP_BOUNDS.systolic),
  diastolic: around(BP_BOUNDS.diastolic),
  pulse: optional(fc.option(around(BP_BOUNDS.pulse), { nil: null })),
  date: dateString,
  time: timeString,
});

// A test with one of its units, or (rarely) another test's unit; values around each unit's bounds.
const labBody = fc
  .constantFrom(...LAB_TESTS.flatMap((test) => LAB_TEST_RULES[test].units.map((rule) => [test, rule] as const)))
  .chain(([test, rule]) =>
    fc.record({
      test: fc.constant(test),
      // In hundredths, so bounds like creatinine's 0.1 stay whole for fc.integer.
      value: fc.oneof(
        fc
          .integer({ min: Math.round(rule.bounds[0] * 100) - 50, max: Math.round(rule.bounds[1] * 100) + 50 })
          .map((hundredths) => hundredths / 100),
        fc.integer({ min: Math.floor(rule.bounds[0]) - 3, max: Math.ceil(rule.bounds[1]) + 3 }),
        fc.double({ min: rule.bounds[0] - 1, max: rule.bounds[1] + 1, noNaN: true }),
      ),
      unit: fc.oneof(
        { weight: 9, arbitrary: fc.constant(rule.unit) },
        { weight: 1, arbitrary: fc.constantFrom('%', 'mg/dL', 'mmol/mol', 'mg/g') },
      ),
      date: dateString,
      notes: optional(fc.option(text(500), { nil: null })),
    }),
  );

const insulinBody = fc.record({
  units: fc.oneof(
    fc.integer({ min: -2, max: 202 }).map((halves) => halves / 2),
    fc.double({ min: -1, max: 101, noNaN: true }),
  ),
  insulin_type: fc.constantFrom(...INSULIN_TYPES),
  date: dateString,
  time: timeString,
  meal_context: optional(fc.option(fc.constantFrom(...MEAL_CONTEXTS), { nil: null })),
});

const bodyMetricsBody = fc.record({
  weight: aroundDecimal(BODY_BOUNDS.weight),
  height: aroundDecimal(BODY_BOUNDS.height),
  bmi: optional(hostileNumber),
  date: dateString,
});

const reminderBody = fc.record({
  title: text(120),
  body: optional(text(500)),
  due_at: fc.oneof(
    fc.integer({ min: -2 * DAY_MS, max: 400 * DAY_MS }).map((ms) => new Date(Date.now() + ms).toISOString()),
    fc.constantFrom('2026-02-30T10:00:00Z', '2026-11-21T10:00:00', '+275760-09-13T00:00:00.000Z', 'tomorrow'),
  ),
});

const careScopes = fc.subarray([...CARE_SCOPES, 'assistant', 'labs']);
const invitationBody = fc.record(
  {
    role: fc.constantFrom(...CARE_ROLES, 'friend'),
    scopes: careScopes,
    expires_in_days: fc.integer({ min: -1, max: 32 }),
  },
  { requiredKeys: ['role'] },
);
const memberUpdateBody = fc.record(
  {
    role: fc.constantFrom(...CARE_ROLES, 'nurse'),
    scopes: careScopes,
    can_mark_taken: fc.boolean(),
    alerts: fc.boolean(),
  },
  { requiredKeys: [] },
);
const careSettingsBody = fc.record({
  missed_dose_alert_minutes: fc.integer({ min: 0, max: 300 }),
  low_glucose_alerts: fc.boolean(),
  quiet_hours: fc.option(fc.record({ start: timeString, end: timeString })),
});
/** An invitation token: well-formed but unknown, or hostile. */
const tokenChoice: fc.Arbitrary<IdChoice> = fc.oneof(
  fc.base64String({ minLength: 43, maxLength: 44 }).map((value) => ({ literal: value.replace(/[+/=]/g, '_') })),
  hostileString.map((literal) => ({ literal })),
);

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
          date: dateString,
          scheduled_time: timeString,
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
  // The assistant (branch h7, issue 11): here ahead of its merge, so its write routes are
  // fuzzed the moment they are registered.
  'POST /api/assistant/messages': mutated(fc.record({ content: text(2_000) })).map((payload) => ({ payload })),
  'DELETE /api/assistant/messages': fc.oneof(
    fc.constant({}),
    hostileValue.map((payload) => ({ payload })),
  ),
  'POST /api/care/invitations': mutated(invitationBody).map((payload) => ({ payload })),
  'POST /api/care/invitations/:token/accept': tokenChoice.map((id) => ({ id })),
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
          date: dateString,
          scheduled_time: timeString,
          status: fc.constantFrom(...ADHERENCE_STATUSES),
        }),
      ),
    )
    .map(([id, medication, payload]) => ({ id, payload, bodyIds: { medication_id: medication } })),
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
};
