/**
 * fast-check arbitraries for fuzzing the write routes (issue 15, prove 2): for each route,
 * requests built from the contract's own vocabularies and bounds (valid, at the bounds and
 * just past them), then mutated with hostile values: huge and tiny numbers, NaN-like and
 * numeric strings, unicode (lone surrogates, RTL marks, emoji), long strings, wrong types,
 * impossible dates (2026-02-30), times like 24:00, unknown IANA zones, SQL and path tricks.
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

/** Record kinds whose ids the fuzzer keeps, to aim requests at real rows. */
export type Pool =
  | 'medications'
  | 'adherence'
  | 'appointments'
  | 'reminders'
  | 'glucose'
  | 'bp'
  | 'metrics'
  | 'labs'
  | 'insulin'
  | 'imports'
  /** Members of the user's care circle. */
  | 'care_members'
  /** People the user cares for. */
  | 'care_patients';

/** Which id a path or body names: one of the user's records, another user's, or a literal. */
export type IdChoice = { pool: Pool; index: number; owner: 'self' | 'other' } | { literal: string };

/** One generated request: `id` fills the path parameter; `form` is an urlencoded body. */
export interface FuzzRequest {
  id?: IdChoice;
  query?: string;
  payload?: unknown;
  form?: string;
  /** Ids inside the payload to fill at run time: payload key → id choice. */
  bodyIds?: Record<string, IdChoice>;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string;
}

const DAY_MS = 86_400_000;
const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** Strings that have broken parsers somewhere. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '1_000',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Egnp.exe',
  '\uFEFF09:00',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '👩🏽‍⚕️💉',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '2026-02-30',
  '2026-02-29',
  '2028-02-29',
  '2026-13-01',
  '2026-00-10',
  '0000-00-00',
  '0001-01-01',
  '9999-12-31',
  '+275760-09-13',
  '2026-2-3',
  '2026/02/03',
  '20260203',
  '24:00',
  '23:60',
  '9:00',
  '12:00:00',
  '-01:00',
  '١٢:٠٠',
  '2026-02-30T10:00:00Z',
  '2026-11-21T25:00:00+05:30',
  '2026-11-21T10:00:00+25:00',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  'Mars/Olympus',
  'America/New_Yrok',
  'Etc/GMT+99',
  'UTC',
  'utc',
  'Asia/Kolkata ',
  'x'.repeat(201),
  'é'.repeat(5_000),
  'x'.repeat(70_000),
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 120 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 90, maxLength: 600 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 63,
    -1,
    0,
    -0,
    0.5,
    1e-320,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  // NaN and ±Infinity become null in JSON: the server sees null.
  fc.double(),
);

/** Any wrong-typed or hostile JSON value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A date around today: the past (valid), today, the future (refused), far away, impossible. */
const dateString = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: -3_650, max: 0 }).map(isoDate) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 800 }).map(isoDate) },
  { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '2024-02-29', '1900-01-01', '9999-12-31', '2026-2-3') },
);
/** A future date, for bookings. */
const futureDate = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 1, max: 700 }).map(isoDate) },
  { weight: 1, arbitrary: fc.integer({ min: -30, max: 0 }).map(isoDate) },
);
const timeString = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('24:00', '23:60', '9:00', '00:00', '23:59', '12:00:00') },
);
const zone = fc.constantFrom(
  'Asia/Kolkata',
  'America/New_York',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
  'UTC',
  'Mars/Olympus',
  'Asia/Calcutta',
  '',
);
/** Whole numbers inside, at and just past `[min, max]`. */
const around = ([min, max]: readonly [number, number]) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.integer({ min: min - 3, max: min + 1 }) },
    { weight: 1, arbitrary: fc.integer({ min: max - 1, max: max + 3 }) },
  );
/** Like `around`, with decimals (one, or more than one). */
const aroundDecimal = ([min, max]: readonly [number, number]) =>
  fc.oneof(
    around([min, max]),
    fc.integer({ min: min * 10 - 5, max: max * 10 + 5 }).map((tenths) => tenths / 10),
    fc.double({ min: min - 1, max: max + 1, noNaN: true }),
  );
const text = (max: number) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.string({ minLength: 1, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ minLength: max, maxLength: max + 2 }) },
    { weight: 1, arbitrary: fc.constantFrom('', '   ') },
  );
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const idChoice = (pool: Pool): fc.Arbitrary<IdChoice> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ pool: fc.constant(pool), index: fc.nat(), owner: fc.constant('self' as const) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ pool: fc.constant(pool), index: fc.nat(), owner: fc.constant('other' as const) }),
    },
    { weight: 1, arbitrary: fc.uuid().map((literal) => ({ literal })) },
    { weight: 1, arbitrary: hostileString.map((literal) => ({ literal })) },
  );

/**
 * Replaces, deletes or adds up to three fields anywhere in `value` (which must be plain
 * JSON), or the whole value, with hostile values; about 40 % of requests stay as built.
 */
export function mutated<T>(base: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  const edit = fc.record({ at: fc.nat(), kind: fc.constantFrom('replace', 'delete', 'add'), value: hostileValue });
  return fc.oneof(
    { weight: 4, arbitrary: base as fc.Arbitrary<unknown> },
    {
      weight: 5,
      arbitrary: fc.tuple(base, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([value, edits]) => {
        const copy = structuredClone(value) as unknown;
        // Clone what goes in too: constants like `[]` are shared between cases.
        for (const { at, kind, value: hostile } of edits) applyEdit(copy, at, kind, structuredClone(hostile));
        return copy;
      }),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Every object or array inside `value`, with the keys it holds. */
function containers(value: unknown, found: { node: Record<string, unknown>; keys: string[] }[] = []) {
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    found.push({ node, keys: Object.keys(node) });
    for (const key of Object.keys(node)) containers(node[key], found);
  }
  return found;
}

function applyEdit(value: unknown, at: number, kind: string, hostile: unknown) {
  const all = containers(value);
  if (all.length === 0) return;
  const { node, keys } = all[at % all.length]!;
  if (kind === 'add' || keys.length === 0) {
    node[Array.isArray(node) ? String(keys.length) : `unexpected_${at % 7}`] = hostile;
    return;
  }
  const key = keys[Math.floor(at / all.length) % keys.length]!;
  if (kind === 'delete') delete node[key];
  else node[key] = hostile;
}

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
