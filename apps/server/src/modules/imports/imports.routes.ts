/**
 * /api/imports (decisions 046, 053, 071): a sensor export (text/csv body) or a Nightscout site
 * (POST /nightscout) → 201 a preview, nothing stored yet; POST /{id}/commit adds it; DELETE
 * /{id} discards a preview or undoes a commit; GET lists batches. Another user's batch → 404.
 * Every row keeps the typed-entry rule (row-rule.ts): a refused row is counted in the
 * preview's `skipped`, never staged; a file or site with no reading to add (none at all, or
 * all refused) → 400.
 */
import { errorSchema, idParamsSchema } from '@diacare/contract/common';
import { EARLIEST_READING_DATE, GLUCOSE_BOUNDS, READING_CLOCK_SKEW_MS } from '@diacare/contract/health-constants';
import {
  NIGHTSCOUT_DEFAULT_DAYS,
  importBatchSchema,
  importListQuerySchema,
  importPreviewSchema,
  nightscoutImportSchema,
  type ImportBatch,
  type ImportPreview,
  type ImportSkipped,
} from '@diacare/contract/imports';
import { CsvError } from 'csv-parse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { MessageId, MessageValues } from '../../i18n/index.ts';
import { badRequest, httpError, notFound } from '../../plugins/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createImportRepository } from './import.repository.ts';
import { checkSiteUrl, nightscoutReadings } from './nightscout.ts';
import { openSensorFile } from './parsers/sensor-file.ts';
import { ImportFormatError, type ParsedRow } from './parsers/types.ts';
import { keepingTheRule, noneSkipped } from './row-rule.ts';

/** Largest file accepted: 10 years of 5-minute readings in a Clarity export is about 120 MB. */
export const IMPORT_MAX_BYTES = 256 * 1024 * 1024;
/** Readings staged per INSERT: memory holds one page, whatever the file's length. */
const STAGE_PAGE = 1000;

/**
 * The preview answer: `batch` with the rows refused. When it holds no reading (new or already
 * stored), HttpError 400 on `field` (the caller removes the batch): listing how many rows were
 * refused for each reason, or, when the source held no glucose row at all (a header only),
 * `empty` saying so.
 */
function previewOf(
  batch: ImportBatch,
  skipped: ImportSkipped,
  field: 'file' | 'url',
  empty: { id: MessageId; values?: MessageValues },
): ImportPreview {
  if (batch.readings + batch.duplicates === 0 && skipped.count === 0) {
    throw badRequest(field, empty.id, empty.values);
  }
  if (batch.readings + batch.duplicates === 0) {
    const [min, max] = GLUCOSE_BOUNDS.value;
    throw badRequest(field, 'error.import_all_refused', {
      ...skipped.reasons,
      min,
      max,
      earliest: EARLIEST_READING_DATE,
    });
  }
  return { ...batch, skipped };
}

/** The body's chunks, refusing more than IMPORT_MAX_BYTES (413). */
async function* capped(body: Readable): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of body) {
    bytes += (chunk as Buffer).length;
    if (bytes > IMPORT_MAX_BYTES) throw httpError(413, 'error.body_too_large');
    yield chunk as Buffer;
  }
}

export const importsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createImportRepository(deps.db);
  const tags = ['imports'];
  // The file arrives as a stream and is parsed as it arrives (never held whole).
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  app.post(
    '/api/imports',
    {
      config: { csvBody: true },
      schema: {
        tags,
        summary: 'Upload a LibreView or Dexcom Clarity CSV export (Content-Type: text/csv); answers its preview',
        response: { 201: importPreviewSchema, 400: errorSchema, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('text/csv') || !request.body) {
        throw badRequest('body', 'error.import_not_csv');
      }
      let batchId: string | null = null;
      const now = deps.clock();
      const skipped = noneSkipped();
      const stage = (id: string, rows: ParsedRow[]) =>
        repository.stage(user.id, id, keepingTheRule(rows, now, user.timezone, skipped));
      try {
        const file = await openSensorFile(capped(request.body as Readable), user.timezone);
        batchId = await repository.createBatch(user.id, file.format);
        let page: ParsedRow[] = [];
        for await (const row of file.readings) {
          page.push(row);
          if (page.length === STAGE_PAGE) {
            await stage(batchId, page);
            page = [];
          }
        }
        await stage(batchId, page);
        const batch = await repository.summarise(user.id, batchId, file.format);
        return reply.code(201).send(previewOf(batch, skipped, 'file', { id: 'error.import_no_readings' }));
      } catch (error) {
        if (batchId) await repository.remove(user.id, batchId);
        if (error instanceof ImportFormatError) throw badRequest('file', error.id);
        if (error instanceof CsvError) throw badRequest('file', 'error.import_csv_unreadable', { code: error.code });
        throw error;
      }
    },
  );

  app.post(
    '/api/imports/nightscout',
    {
      schema: {
        tags,
        summary:
          'Read a Nightscout site’s sensor glucose (sgv entries) with a readable token; answers its preview. The token is not stored',
        body: nightscoutImportSchema,
        response: { 201: importPreviewSchema, 400: errorSchema, 502: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { url, token, days = NIGHTSCOUT_DEFAULT_DAYS } = request.body;
      const allowPrivate = deps.env.NIGHTSCOUT_ALLOW_PRIVATE;
      const site = await checkSiteUrl(url, allowPrivate);
      const now = deps.clock();
      // Up to now and the clock skew a typed reading is allowed: nothing later is asked for.
      const since = now.getTime() - days * 86_400_000;
      const until = now.getTime() + READING_CLOCK_SKEW_MS;
      const skipped = noneSkipped();
      const batchId = await repository.createBatch(user.id, 'nightscout');
      try {
        for await (const page of nightscoutReadings(site, token, since, until, allowPrivate)) {
          await repository.stage(user.id, batchId, keepingTheRule(page, now, user.timezone, skipped));
        }
        const batch = await repository.summarise(user.id, batchId, 'nightscout');
        return reply
          .code(201)
          .send(previewOf(batch, skipped, 'url', { id: 'error.nightscout_no_readings', values: { days } }));
      } catch (error) {
        await repository.remove(user.id, batchId);
        throw error;
      }
    },
  );

  app.post(
    '/api/imports/:id/commit',
    {
      schema: {
        tags,
        summary:
          'Add a preview’s new readings to the record; readings already stored are skipped; a second commit adds nothing',
        params: idParamsSchema,
        response: { 200: importBatchSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const batch = await repository.commit(user.id, request.params.id, user.timezone);
      if (batch === null) throw notFound();
      return batch;
    },
  );

  app.delete(
    '/api/imports/:id',
    {
      schema: {
        tags,
        summary: 'Discard a preview, or undo a committed import (its readings are deleted)',
        params: idParamsSchema,
        response: { 200: importBatchSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const batch = await repository.remove(currentUser(request).id, request.params.id);
      if (!batch) throw notFound();
      return batch;
    },
  );

  app.get(
    '/api/imports',
    {
      schema: {
        tags,
        summary: 'The user’s imports, newest first',
        querystring: importListQuerySchema,
        response: { 200: z.array(importBatchSchema), 400: errorSchema },
      },
    },
    async (request) => repository.list(currentUser(request).id, request.query.limit),
  );
};
