/**
 * /api/imports payloads: a sensor export's batch — its preview before
 * commit (`readings` the new ones the commit would add, `duplicates` those already stored,
 * `skipped` the rows refused by the typed-entry rule) and, once committed, what it added
 * (undone by deleting the batch).
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { listLimitSchema, orRequired } from './common.ts';

export const IMPORT_FORMATS = ['libreview', 'dexcom', 'nightscout'] as const;
export const IMPORT_STATUSES = ['preview', 'committed'] as const;

export const importBatchSchema = z.object({
  id: z.uuid(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  readings: z.int(),
  duplicates: z.int(),
  /** the first and last reading's instant (ISO 8601), null when the file held none */
  from: z.string().nullable(),
  to: z.string().nullable(),
  created_at: z.string(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

/**
 * Why an import's row is refused, by the rule a typed reading keeps (POST /api/health/glucose;
 * health-constants.ts): `out_of_range` a value outside GLUCOSE_BOUNDS, `future` an instant later
 * than now plus READING_CLOCK_SKEW_MS, `too_early` a date before EARLIEST_READING_DATE,
 * `invalid_date` a time that is not a real one (31 February, 25:00) or not written as the format
 * writes it, `invalid_value` a glucose row whose glucose cell is empty or not a number (nor the
 * device's Low/High), `malformed_row` a data line that is not a row of the format at all (no
 * record type, unreadable bytes — not UTF-8 — in the cells read, a stray line of text).
 */
export const IMPORT_SKIP_REASONS = [
  'out_of_range',
  'future',
  'too_early',
  'invalid_date',
  'invalid_value',
  'malformed_row',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

/** The refused rows of a file or site: how many, and how many for each reason. Never stored. */
export const importSkippedSchema = z.object({
  count: z.int(),
  reasons: z.object({
    out_of_range: z.int(),
    future: z.int(),
    too_early: z.int(),
    invalid_date: z.int(),
    invalid_value: z.int(),
    malformed_row: z.int(),
  } satisfies Record<ImportSkipReason, z.ZodInt>),
});
export type ImportSkipped = z.infer<typeof importSkippedSchema>;

/** The answer of an upload or a Nightscout read: the preview batch and the rows it refused. */
export const importPreviewSchema = importBatchSchema.extend({ skipped: importSkippedSchema });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importListQuerySchema = z.object({ limit: listLimitSchema });

/** Days of a Nightscout site's history read when the request names none. */
export const NIGHTSCOUT_DEFAULT_DAYS = 90;

/**
 * `POST /api/imports/nightscout`: the site's address (https://, a public host; decision 053)
 * and a token with the `readable` role; `days` of history back from now (1–3650, default 90).
 * The token is used for the import only and never stored.
 */
export const nightscoutImportSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: orRequired(vmsg('validation.import_url')) }).max(2000),
  token: z
    .string({ error: orRequired(vmsg('validation.text')) })
    .trim()
    .min(1, { error: vmsg('validation.not_empty') })
    .max(200, { error: vmsg('validation.max_chars', { max: 200 }) })
    .regex(/^[\x21-\x7e]+$/, { error: vmsg('validation.import_token') }),
  days: z
    .int()
    .min(1, { error: vmsg('validation.min', { min: 1 }) })
    .max(3650, { error: vmsg('validation.max', { max: 3650 }) })
    .optional(),
});
export type NightscoutImport = z.infer<typeof nightscoutImportSchema>;
