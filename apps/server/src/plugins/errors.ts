/**
 * One error handler for the whole API: every failure is `{detail}` (docs/architecture.md,
 * Requests), validation failures name the field, and 5xx details stay in the log. Details are in
 * the request's language.
 * Decision 054.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  msg,
  requestLanguage,
  t,
  type Language,
  type Message,
  type MessageId,
  type MessageValues,
} from '../i18n/index.ts';
import { fieldLabel, validationText } from '../i18n/validation.ts';

/**
 * An error a handler throws on purpose, always a catalog message (msg('error.…')) rendered as
 * `detail` in the reader's language; with `field`, the detail is '<field>: <message>' and the
 * field's name is translated too (decision 054). `message` is the English text (logs, tests).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly i18n: Message,
    readonly field: string | null = null,
  ) {
    const text = t('en', i18n.id, i18n.values);
    super(field === null ? text : `${field}: ${text}`);
  }

  /** The `detail` in `language`. */
  detail(language: Language): string {
    const text = t(language, this.i18n.id, this.i18n.values);
    return this.field === null ? text : `${fieldLabel(language, this.field)}: ${text}`;
  }
}

/** A catalog error: `new HttpError(status, msg(id, values))`. */
export const httpError = (statusCode: number, id: MessageId, values?: MessageValues) =>
  new HttpError(statusCode, msg(id, values));
export const notFound = (what: MessageId = 'error.not_found') => httpError(404, what);
/** A 400 about one field (a path such as 'schedule.times.1', or a header name): '<field>: <message>'. */
export const badRequest = (field: string, id: MessageId, values?: MessageValues) =>
  new HttpError(400, msg(id, values), field);

/** 'body.schedule.times.1' → 'schedule.times.1': the field as the client named it. */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (context && context !== 'body') return path ? `${path}` : context;
  return path || 'body';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // A key the contract does not name (plugins/strict-input.ts): the detail names the key itself.
      const unknownKey =
        first?.keyword === 'unrecognized_keys' ? (first.params.keys as string[] | undefined)?.[0] : undefined;
      const path =
        unknownKey === undefined
          ? (first?.instancePath ?? '')
          : `${(first?.instancePath ?? '').replace(/\/$/, '')}/${unknownKey}`;
      const field = fieldName(path, error.validationContext);
      // A key no schema names reads 'schedule.days_of_week: unknown field'.
      const message =
        unknownKey === undefined
          ? validationText(language, first?.message ?? '')
          : t(language, 'validation.unknown_field');
      return reply.code(400).send({ detail: `${fieldLabel(language, field)}: ${message}` });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ detail: error.detail(language) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail =
        status === 413
          ? t(language, 'error.body_too_large')
          : status === 429
            ? t(language, 'error.too_many_requests')
            : error.message;
      return reply.code(status).send({ detail });
    }
    request.log.error({ err: { type: error.name, message: error.message, stack: error.stack } }, 'request failed');
    return reply.code(500).send({ detail: t(language, 'error.server') });
  });
}
