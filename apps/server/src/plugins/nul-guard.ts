/**
 * What a body may be before any route sees it. PostgreSQL text cannot hold NUL (U+0000), which
 * reached users as a 500: a hook refuses it in every body and query with a 400 naming the field.
 * A JSON body nested deeper than MAX_JSON_DEPTH is refused by the JSON parser itself, before
 * anything walks it (3,600 levels in 7 KB overflowed the stack of the NUL walk: a 500). A
 * streamed body (a text/csv sensor file) is not walked but passed on through
 * refuseControlBytes, which fails its reading with a 400 at the first control byte.
 */
import { Readable, Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** The dotted path of the first string holding U+0000 in `value`, or null ('' for `value` itself). */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      // A key's path is written only for a hit or an object to walk (every request passes here).
      if (key.includes('\u0000') || (typeof item === 'string' && item.includes('\u0000'))) {
        return path ? `${path}.${key}` : key;
      }
      if (item && typeof item === 'object') {
        const found = findNul(item, path ? `${path}.${key}` : key);
        if (found !== null) return found;
      }
    }
  }
  return null;
}

/** C0 control bytes but tab, LF and CR, and DEL (never inside a UTF-8 character's bytes). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_BYTE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/** How many LF bytes `text` (a chunk read as latin1) holds. */
function lineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * `body` as it arrives, failing with HttpError 400 'file: line N holds a control character
 * (U+0000)…' at the first control byte (NUL, other C0 controls but tab, CR and LF, or DEL):
 * a streamed body is a file upload (the text/csv sensor export), whose text never holds one.
 */
export function refuseControlBytes(body: Readable): Readable {
  let linesBefore = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = chunk.toString('latin1');
      const found = text.search(CONTROL_BYTE);
      if (found === -1) {
        linesBefore += lineBreaks(text);
        return done(null, chunk);
      }
      const code = `U+${text.charCodeAt(found).toString(16).toUpperCase().padStart(4, '0')}`;
      const line = linesBefore + lineBreaks(text.slice(0, found)) + 1;
      done(badRequest('file', 'error.control_character', { line, code }));
    },
  });
  body.on('error', (error) => checked.destroy(error));
  return body.pipe(checked);
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
    parse(request, body as string, (error, value) => {
      // A prototype key is refused by the parser as 'not valid JSON'; name it the way any other
      // unknown key is named.
      const key = error ? /"(__proto__|constructor)"\s*:/.exec(body as string)?.[1] : undefined;
      if (key) done(badRequest(key, 'validation.unknown_field'), undefined);
      else done(error, value);
    });
  });
}

export function registerNulGuard(app: FastifyInstance): void {
  // A callback, not a promise: it runs on every request (decision 105).
  app.addHook('preValidation', (request, _reply, done) => {
    const streamed = request.body instanceof Readable;
    if (streamed) request.body = refuseControlBytes(request.body as Readable);
    const inBody = streamed ? null : findNul(request.body);
    if (inBody !== null) return done(badRequest(inBody || 'body', 'error.nul_character'));
    const inQuery = findNul(request.query);
    done(inQuery === null ? undefined : badRequest(inQuery || 'query', 'error.nul_character'));
  });
}
