/**
 * The well-formed bodies of the write routes, before mutation (decision 015): the contract's
 * vocabularies and bounds, with values around each bound.
 */
import { CARE_ROLES, CARE_SCOPES } from '@diacare/contract/care';
import { BODY_BOUNDS, BP_BOUNDS, GLUCOSE_BOUNDS, MEAL_CONTEXTS } from '@diacare/contract/health-constants';
import {
  COLOR_TAGS,
  FREQUENCIES,
  MAX_TIMES_PER_DAY,
  MEDICATION_FORMS,
  WHEN_TO_TAKE,
} from '@diacare/contract/medications';
import { INSULIN_TYPES } from '@diacare/contract/insulin-rules';
import { LAB_TESTS, LAB_TEST_RULES } from '@diacare/contract/lab-rules';
import fc from 'fast-check';
import {
  type IdChoice,
  DAY_MS,
  hostileString,
  hostileNumber,
  dateString,
  timeString,
  around,
  aroundDecimal,
  text,
  optional,
} from './fuzz-values.ts';

export const medicationBody = fc.record({
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

export const glucoseBody = fc.record({
  value: around(GLUCOSE_BOUNDS.value),
  meal_context: optional(fc.constantFrom(...MEAL_CONTEXTS)),
  date: dateString,
  time: timeString,
});

export const bloodPressureBody = fc.record({
  systolic: around(BP_BOUNDS.systolic),
  diastolic: around(BP_BOUNDS.diastolic),
  pulse: optional(fc.option(around(BP_BOUNDS.pulse), { nil: null })),
  date: dateString,
  time: timeString,
});

// A test with one of its units, or (rarely) another test's unit; values around each unit's bounds.
export const labBody = fc
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

/** A meal: listed foods, free text and unknown ids, portions around the stepper's range (decision 088). */
export const mealBody = fc.record({
  date: dateString,
  time: timeString,
  meal_type: fc.constantFrom('breakfast', 'lunch', 'dinner', 'snack'),
  items: fc.array(
    fc.record({
      food_id: optional(fc.option(fc.constantFrom('rice', 'roti', 'dal', 'chole-bhature', 'pizza', ''), { nil: null })),
      name: text(100),
      portions: fc.oneof(
        fc.integer({ min: -1, max: 44 }).map((quarters) => quarters / 4),
        fc.double({ min: -1, max: 11, noNaN: true }),
      ),
      carbs_g: optional(fc.option(fc.double({ min: -1, max: 600, noNaN: true }), { nil: null })),
    }),
    { minLength: 0, maxLength: 22 },
  ),
  note: optional(text(500)),
});

export const insulinBody = fc.record({
  units: fc.oneof(
    fc.integer({ min: -2, max: 202 }).map((halves) => halves / 2),
    fc.double({ min: -1, max: 101, noNaN: true }),
  ),
  insulin_type: fc.constantFrom(...INSULIN_TYPES),
  date: dateString,
  time: timeString,
  meal_context: optional(fc.option(fc.constantFrom(...MEAL_CONTEXTS), { nil: null })),
});

export const bodyMetricsBody = fc.record({
  weight: aroundDecimal(BODY_BOUNDS.weight),
  height: aroundDecimal(BODY_BOUNDS.height),
  bmi: optional(hostileNumber),
  date: dateString,
});

export const reminderBody = fc.record({
  title: text(120),
  body: optional(text(500)),
  due_at: fc.oneof(
    fc.integer({ min: -2 * DAY_MS, max: 400 * DAY_MS }).map((ms) => new Date(Date.now() + ms).toISOString()),
    fc.constantFrom('2026-02-30T10:00:00Z', '2026-11-21T10:00:00', '+275760-09-13T00:00:00.000Z', 'tomorrow'),
  ),
});

export const careScopes = fc.subarray([...CARE_SCOPES, 'assistant', 'labs']);
export const invitationBody = fc.record(
  {
    role: fc.constantFrom(...CARE_ROLES, 'friend'),
    scopes: careScopes,
    expires_in_days: fc.integer({ min: -1, max: 32 }),
    can_mark_taken: fc.boolean(),
  },
  { requiredKeys: ['role'] },
);
/** A doctor's clinic code (decision 087), and a patient's answer to one. */
export const clinicCodeBody = fc.record(
  { scopes: careScopes, expires_in_days: fc.integer({ min: -1, max: 92 }) },
  { requiredKeys: [] },
);
export const clinicCodeAcceptBody = fc.record({ scopes: careScopes }, { requiredKeys: [] });
export const memberUpdateBody = fc.record(
  {
    role: fc.constantFrom(...CARE_ROLES, 'nurse'),
    scopes: careScopes,
    can_mark_taken: fc.boolean(),
    alerts: fc.boolean(),
  },
  { requiredKeys: [] },
);
export const careSettingsBody = fc.record({
  missed_dose_alert_minutes: fc.integer({ min: 0, max: 300 }),
  low_glucose_alerts: fc.boolean(),
  quiet_hours: fc.option(fc.record({ start: timeString, end: timeString })),
});
/** An invitation token: well-formed but unknown, or hostile. */
export const tokenChoice: fc.Arbitrary<IdChoice> = fc.oneof(
  fc.base64String({ minLength: 43, maxLength: 44 }).map((value) => ({ literal: value.replace(/[+/=]/g, '_') })),
  hostileString.map((literal) => ({ literal })),
);
