/**
 * Shared primitives for every DiaCare payload: calendar dates, times of day,
 * IANA time zones and the `{detail}` error body.
 */
import { z } from 'zod';
import { isCalendarDate } from './dates.ts';
import { EARLIEST_READING_DATE } from './health-constants.ts';

// A missing field reads 'is required' rather than zod's "expected string, received undefined":
// every 400 detail is '<field>: <message>'.
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
});

/**
 * A field-level error message that still reads 'is required' when the field is missing:
 * a schema's own `error` replaces the global one above, so pass `orRequired('must be …')`.
 */
export const orRequired =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'is required' : message;

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
 * ('U+200B U+200B' is refused). Messages: 'is required', 'must be at most N characters',
 * 'must have a visible character'.
 */
export const displayTextSchema = (max: number) =>
  z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(isPlainText, { error: 'must not hold control characters' })
    .refine(hasVisibleText, { error: 'must have a visible character' });

/**
 * Free text other people may read that may be empty (instructions, a doctor's name, notes):
 * bidirectional controls stripped, trimmed, at most `max` characters, no control characters.
 */
export const displayNoteSchema = (max: number) =>
  z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(isPlainText, { error: 'must not hold control characters' });

/** A calendar date, YYYY-MM-DD, that exists. */
export const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, { error: 'must be a real date written YYYY-MM-DD' });

/**
 * The date of something that happened (a reading, a lab result, a dose): a real calendar date
 * not before EARLIEST_READING_DATE. Whether it is after today depends on the user's zone, so the
 * server checks that part (reading-rules.ts).
 */
export const readingDateSchema = calendarDateSchema.refine((date) => date >= EARLIEST_READING_DATE, {
  error: `must not be before ${EARLIEST_READING_DATE}`,
});

/** A time of day, 'HH:MM' on the 24-hour clock (00:00–23:59). */
export const timeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "must be a time written 'HH:MM' (24-hour)" });

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
  .refine(isTimeZone, { error: 'must be an IANA time zone such as Asia/Kolkata' });

/** Path parameter `{id}`: records are keyed by UUID. */
export const idParamsSchema = z.object({ id: z.uuid({ error: 'must be a UUID' }) });

/**
 * Most items any list answer holds (a user with years of records must not slow every
 * caller; decision 008). Lists take a `limit` query parameter up to this, and this when absent.
 */
export const MAX_LIST_LIMIT = 1000;

/** Query parameter `limit`: a whole number 1..MAX_LIST_LIMIT, MAX_LIST_LIMIT when absent. */
export const listLimitSchema = z.coerce
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(MAX_LIST_LIMIT, { error: `must be at most ${MAX_LIST_LIMIT}` })
  .default(MAX_LIST_LIMIT)
  .meta({ description: `How many items at most (1–${MAX_LIST_LIMIT}; ${MAX_LIST_LIMIT} when absent)` });

/** Query of a list with nothing to filter: only its `limit`. */
export const listQuerySchema = z.object({ limit: listLimitSchema });
