/**
 * /api/imports payloads: a sensor export's batch — its preview before
 * commit (`readings` the new ones the commit would add, `duplicates` those already stored)
 * and, once committed, what it added (undone by deleting the batch).
 */
import { z } from 'zod';
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

export const importListQuerySchema = z.object({ limit: listLimitSchema });

/** Days of a Nightscout site's history read when the request names none. */
export const NIGHTSCOUT_DEFAULT_DAYS = 90;

/**
 * `POST /api/imports/nightscout`: the site's address (https://, a public host; decision 053)
 * and a token with the `readable` role; `days` of history back from now (1–3650, default 90).
 * The token is used for the import only and never stored.
 */
export const nightscoutImportSchema = z.object({
  url: z
    .url({ protocol: /^https?$/, error: orRequired('must be a web address such as https://my-site.example') })
    .max(2000),
  token: z
    .string({ error: orRequired('must be text') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(200, { error: 'must be at most 200 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be the token as Nightscout shows it, with no spaces' }),
  days: z.int().min(1, { error: 'must be at least 1' }).max(3650, { error: 'must be at most 3650' }).optional(),
});
export type NightscoutImport = z.infer<typeof nightscoutImportSchema>;
