/**
 * One error handler for the whole API: every failure is `{detail}` with the status of
 * docs/architecture.md conventions. Validation failures name the field; 5xx details stay in
 * the log (without request bodies) and the client sees a generic sentence.
 * Details are in the request's language (decision 026): catalog messages by id,
 * field messages through the contract's validation table.
 */
import {
  translateFieldName,
  translateValidationDetail,
  translateValidationMessage,
} from '@diacare/contract/i18n/validation-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg, requestLanguage, t, type Message, type MessageId, type MessageValues } from '../i18n/index.ts';

/**
 * An error a handler throws on purpose: its message is shown to the user as `detail`.
 * Pass a catalog `Message` (msg('error.…')) to have it rendered in the reader's language;
 * a plain string is a '<field>: <rule>' detail, translated through the contract's table.
 * `message` is always the English text (logs and tests read it).
 */
export class HttpError extends Error {
  readonly i18n: Message | null;
  constructor(
    readonly statusCode: number,
    message: string | Message,
  ) {
    super(typeof message === 'string' ? message : t('en', message.id, message.values));
    this.i18n = typeof message === 'string' ? null : message;
  }
}

/** A catalog error: `new HttpError(status, msg(id, values))`. */
export const httpError = (statusCode: number, id: MessageId, values?: MessageValues) =>
  new HttpError(statusCode, msg(id, values));
export const notFound = (what: MessageId = 'error.not_found') => httpError(404, what);
export const badRequest = (detail: string) => new HttpError(400, detail);

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
      const field = fieldName(first?.instancePath ?? '', error.validationContext);
      const message = translateValidationMessage(first?.message ?? 'is invalid', language);
      return reply.code(400).send({ detail: `${translateFieldName(field, language)}: ${message}` });
    }
    if (error instanceof HttpError) {
      const detail = error.i18n
        ? t(language, error.i18n.id, error.i18n.values)
        : translateValidationDetail(error.message, language);
      return reply.code(error.statusCode).send({ detail });
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
