/**
 * Validation messages as message ids: every zod issue of the contract carries an id from
 * VALIDATION_MESSAGE_IDS (with its values), never a sentence. Each side turns the id into its own
 * catalog's text: the server's ICU catalogs (apps/server/src/i18n/locales) for a 400 `detail`,
 * the web's Lingui catalog 'validation' for a form. Decision 094.
 */

/** Every validation message id the contract (and the server's own route schemas) can emit. */
export const VALIDATION_MESSAGE_IDS = [
  'validation.required',
  'validation.invalid',
  'validation.unknown_field',
  'validation.type',
  'validation.format',
  'validation.visible_character',
  'validation.control_characters',
  'validation.text',
  'validation.not_empty',
  'validation.max_chars',
  'validation.min_chars',
  'validation.min_items',
  'validation.max_items',
  'validation.min',
  'validation.max',
  'validation.min_unit',
  'validation.max_unit',
  'validation.min_count',
  'validation.whole_number',
  'validation.whole_number_between',
  'validation.whole_days',
  'validation.whole_minutes',
  'validation.number',
  'validation.one_decimal',
  'validation.max_decimals',
  'validation.boolean',
  'validation.null',
  'validation.uuid',
  'validation.one_of',
  'validation.one_of_or',
  'validation.exact_word',
  'validation.exact_value',
  'validation.date',
  'validation.time',
  'validation.clock_time',
  'validation.date_time',
  'validation.time_zone',
  'validation.not_before_date',
  'validation.not_before_start_date',
  'validation.not_after_end_date',
  'validation.unchangeable',
  'validation.phone_digits',
  'validation.pincode_digits',
  'validation.sex',
  'validation.state',
  'validation.country',
  'validation.language',
  'validation.glucose_unit',
  'validation.above_diastolic',
  'validation.insulin_step',
  'validation.insulin_injection_only',
  'validation.unit',
  'validation.lab_unit',
  'validation.frequency',
  'validation.weekday',
  'validation.times_required',
  'validation.max_times',
  'validation.time_repeated',
  'validation.day_repeated',
  'validation.color',
  'validation.medication_id',
  'validation.appointment_type',
  'validation.appointment_upcoming',
  'validation.https_url',
  'validation.push_key',
  'validation.import_url',
  'validation.import_token',
  'validation.care_role',
  'validation.care_scopes',
  'validation.care_scope_repeated',
  'validation.care_max_scopes',
  'validation.care_invitation_token',
  'validation.clinic_code',
  'validation.care_scopes_min',
  'validation.food_id',
  'validation.quarter_step',
  'validation.meal_items',
  'validation.meal_items_min',
  'validation.care_member_change',
  'validation.care_quiet_hours',
  'validation.care_quiet_hours_equal',
  'validation.profile_name',
  'validation.profile_sex',
  'validation.profile_age',
  'validation.profile_whatsapp',
  'validation.profile_address',
  'validation.profile_state',
  'validation.profile_pincode',
] as const;

export type ValidationMessageId = (typeof VALIDATION_MESSAGE_IDS)[number];

/** Values of a message's placeholders (numbers, units, API values: never a sentence). */
export type ValidationValues = Record<string, string | number>;

/** A decoded issue message: its id and the values (as text) it carries. */
export interface ValidationMessage {
  id: ValidationMessageId;
  values: Record<string, string>;
}

const KNOWN = new Set<string>(VALIDATION_MESSAGE_IDS);

/**
 * An issue message: the id alone, or 'id?name=value&…' (URL query encoding) with values.
 * zod keeps an issue's message a string, and so do react-hook-form's errors, so the values
 * travel inside it. e.g. vmsg('validation.min_unit', { min: 20, unit: 'mg/dL' }).
 */
export function vmsg(id: ValidationMessageId, values?: ValidationValues): string {
  if (!values) return id;
  const query = new URLSearchParams(
    Object.entries(values).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return `${id}?${query.toString()}`;
}

/**
 * The id and values in an issue message made by `vmsg`.
 * @returns null for text that is not one (a message from outside the contract).
 */
export function readValidationMessage(message: string): ValidationMessage | null {
  const mark = message.indexOf('?');
  const id = mark === -1 ? message : message.slice(0, mark);
  if (!KNOWN.has(id)) return null;
  const values = mark === -1 ? {} : Object.fromEntries(new URLSearchParams(message.slice(mark + 1)));
  return { id: id as ValidationMessageId, values };
}

/** What zod reports for its own checks (the parts of a raw issue this module reads). */
interface RawIssue {
  code?: string;
  input?: unknown;
  expected?: unknown;
  origin?: unknown;
  maximum?: unknown;
  minimum?: unknown;
  values?: unknown;
  keys?: unknown;
}

const listed = (values: unknown): string =>
  Array.isArray(values) ? values.map((value) => String(value)).join(', ') : String(values);

/**
 * The message of a zod check the schema gave no message of its own: 'validation.required' for a
 * missing field, else an id by issue code (used as zod's global error map, common.ts).
 */
export function builtInValidationMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? vmsg('validation.required')
        : vmsg('validation.type', { expected: String(issue.expected) });
    case 'too_big':
      if (issue.origin === 'string') return vmsg('validation.max_chars', { max: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return vmsg('validation.max_items', { max: Number(issue.maximum) });
      return vmsg('validation.max', { max: Number(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return vmsg('validation.not_empty');
      if (issue.origin === 'string') return vmsg('validation.min_chars', { min: Number(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return vmsg('validation.min_items', { min: Number(issue.minimum) });
      return vmsg('validation.min', { min: Number(issue.minimum) });
    case 'invalid_value':
      return vmsg('validation.one_of', { values: listed(issue.values) });
    case 'invalid_format':
      return vmsg('validation.format');
    case 'unrecognized_keys':
      return vmsg('validation.unknown_field');
    default:
      return vmsg('validation.invalid');
  }
}

/**
 * A field-level message that still reads 'validation.required' when the field is missing: a
 * schema's own `error` replaces the global map, so pass `orRequired(vmsg('validation.…'))`.
 */
export const orRequired =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? vmsg('validation.required') : message;
