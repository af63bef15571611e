/**
 * One error handler for the whole API: every failure is `{detail}` with the status of
 * design.md §API conventions. Validation failures name the field; 5xx details stay in
 * the log (without request bodies) and the client sees a generic sentence.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a handler throws on purpose: its message is shown to the user as `detail`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);
export const badRequest = (detail: string) => new HttpError(400, detail);

/** 'body.schedule.times.1' → 'schedule.times.1': the field as the client named it. */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (context && context !== 'body') return path ? `${path}` : context;
  return path || 'body';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldName(first?.instancePath ?? '', error.validationContext);
      return reply.code(400).send({ detail: `${field}: ${first?.message ?? 'is invalid'}` });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ detail: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail =
        status === 413
          ? 'Request body is too large'
          : status === 429
            ? 'Too many requests. Please wait a minute and try again.'
            : error.message;
      return reply.code(status).send({ detail });
    }
    request.log.error({ err: { type: error.name, message: error.message, stack: error.stack } }, 'request failed');
    return reply.code(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });
}
