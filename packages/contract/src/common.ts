/**
 * Shared primitives for every DiaCare payload: calendar dates, times of day,
 * IANA time zones and the `{detail}` error body.
 */
import { z } from 'zod';
import { isCalendarDate } from './dates.ts';
import { EARLIEST_READING_DATE } from './health-constants.ts';
import { builtInValidationMessage, orRequired, vmsg } from './i18n/validation-messages.ts';

// Every issue carries a message id (decision 094): zod's own checks too, and a missing field
// reads 'validation.required' rather than "expected string, received undefined". Each 400 detail
// is '<field>: <message>' in the reader's language.
z.config({ customError: builtInValidationMessage });

export { orRequired, vmsg };

/** Error body of every non-2xx API response: a sentence a person can read. */
export const errorSchema = z.object({ detail: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

export { isCalendarDate };

/** Bidirectional controls (U+202A–U+202E, U+2066–U+2069): they can show a name reversed to others. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/**
 * A string of nothing a reader can see: spaces, zero-width and other default-ignorable
 * characters, controls, and blanks that are letters or symbols by category (the Braille blank
 * U+2800, the Hangul fillers are default-ignorable already).
 */
const NOTHING_VISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\u2800]*$/u;
/** C0/C1 controls (a bell, an escape) other than the tab and line breaks. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Half of a surrogate pair without its other half: not a character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds no control character and no lone surrogate (text another person can be shown). */
export const isPlainText = (text: string): boolean => !CONTROL.test(text) && !LONE_SURROGATE.test(text);

/** True when `text` holds at least one character a reader can see. */
export const hasVisibleText = (text: string): boolean => !NOTHING_VISIBLE.test(text);
/** `text` with its bidirectional controls removed. */
export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');

/**
 * A name or title other people may read (a medicine's name, a person's name, a visit's title):
 * bidirectional controls stripped, trimmed, 1..`max` characters, at least one of them visible
 * ('U+200B U+200B' is refused). Messages: validation.required, validation.max_chars,
 * validation.visible_character.
 */
export const displayTextSchema = (max: number) =>
  z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .min(1, { error: vmsg('validation.required') })
    .max(max, { error: vmsg('validation.max_chars', { max: max }) })
    .refine(isPlainText, { error: vmsg('validation.control_characters') })
    .refine(hasVisibleText, { error: vmsg('validation.visible_character') });

/**
 * Free text other people may read that may be empty (instructions, a doctor's name, notes):
 * bidirectional controls stripped, trimmed, at most `max` characters, no control characters.
 */
export const displayNoteSchema = (max: number) =>
  z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .max(max, { error: vmsg('validation.max_chars', { max: max }) })
    .refine(isPlainText, { error: vmsg('validation.control_characters') });

/** A calendar date, YYYY-MM-DD, that exists. */
export const calendarDateSchema = z
  .string()
  .min(1, { error: vmsg('validation.required'), abort: true })
  .refine(isCalendarDate, { error: vmsg('validation.date') });

/**
 * The date of something that happened (a reading, a lab result, a dose): a real calendar date
 * not before EARLIEST_READING_DATE. Whether it is after today depends on the user's zone, so the
 * server checks that part (reading-rules.ts).
 */
export const readingDateSchema = calendarDateSchema.refine((date) => date >= EARLIEST_READING_DATE, {
  error: vmsg('validation.not_before_date', { date: EARLIEST_READING_DATE }),
});

/** A time of day, 'HH:MM' on the 24-hour clock (00:00–23:59). */
export const timeOfDaySchema = z
  .string()
  .min(1, { error: vmsg('validation.required'), abort: true })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: vmsg('validation.time') });

/** True when `zone` names an IANA time zone this runtime knows (e.g. 'Asia/Kolkata'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** An IANA time-zone name such as 'Asia/Kolkata' or 'America/New_York'. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, { error: vmsg('validation.time_zone') });

/** Path parameter `{id}`: records are keyed by UUID. */
export const idParamsSchema = z.object({ id: z.uuid({ error: vmsg('validation.uuid') }) });

/**
 * Most items any list answer holds (a user with years of records must not slow every
 * caller; decision 008). Lists take a `limit` query parameter up to this, and this when absent.
 */
export const MAX_LIST_LIMIT = 1000;

/** Query parameter `limit`: a whole number 1..MAX_LIST_LIMIT, MAX_LIST_LIMIT when absent. */
export const listLimitSchema = z.coerce
  .number({ error: vmsg('validation.whole_number') })
  .int({ error: vmsg('validation.whole_number') })
  .min(1, { error: vmsg('validation.min', { min: 1 }) })
  .max(MAX_LIST_LIMIT, { error: vmsg('validation.max', { max: MAX_LIST_LIMIT }) })
  .default(MAX_LIST_LIMIT)
  .meta({ description: `How many items at most (1–${MAX_LIST_LIMIT}; ${MAX_LIST_LIMIT} when absent)` });

/** Query of a list with nothing to filter: only its `limit`. */
export const listQuerySchema = z.object({ limit: listLimitSchema });
