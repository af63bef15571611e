/**
 * /api/imports payloads: a sensor export's batch — its preview before
 * commit (`readings` the new ones the commit would add, `duplicates` those already stored)
 * and, once committed, what it added (undone by deleting the batch).
 */
import { z } from 'zod';
import { listLimitSchema } from './common.ts';

export const IMPORT_FORMATS = ['libreview', 'dexcom'] as const;
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
