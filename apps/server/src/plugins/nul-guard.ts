/**
 * PostgreSQL text cannot hold NUL (U+0000), which reached users as a 500: this hook refuses it
 * in every body and query before any route sees it, with a 400 naming the field.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** The dotted path of the first string holding U+0000 in `value`, or null ('' for `value` itself). */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
      const found = findNul(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // A streamed body (a text/csv sensor upload) is read by its route, not walked here.
    const streamed = request.body instanceof Readable;
    for (const [part, value] of [
      ['body', streamed ? undefined : request.body],
      ['query', request.query],
    ] as const) {
      const field = findNul(value);
      if (field !== null) throw badRequest(field || part, 'error.nul_character');
    }
  });
}
