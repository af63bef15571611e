/**
 * What a body may be before any route sees it. PostgreSQL text cannot hold NUL (U+0000), which
 * reached users as a 500: a hook refuses it in every body and query with a 400 naming the field.
 * A JSON body nested deeper than MAX_JSON_DEPTH is refused by the JSON parser itself, before
 * anything walks it (3,600 levels in 7 KB overflowed the stack of the NUL walk: a 500).
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

/** Deepest nesting of objects and arrays a JSON body may have; DiaCare's deepest input has 4. */
export const MAX_JSON_DEPTH = 32;

/**
 * True when the JSON text `text` nests objects/arrays deeper than `limit`: one pass over the
 * characters, brackets inside strings ignored, no recursion and no parse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with the same parser (prototype poisoning refused) behind the
 * depth limit: a deeper body → 400 'body: is nested too deeply', on public and private routes.
 */
export function registerJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(badRequest('body', 'error.body_too_deep', { depth: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
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
