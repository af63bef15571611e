/**
 * One input rule for every route: as a route registers, its body and querystring schemas are
 * made strict, nested objects included, so a key the contract does not name is refused with a
 * 400 '<path>.<key>: unknown field' instead of being dropped (a misspelled `days_of_week` used
 * to change what a request meant). A new route cannot forget it; the OpenAPI document says
 * `additionalProperties: false` because it is built from the same, strict, schemas.
 * Decision 074.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

// zod's internals, typed only as far as this walk reads them.
type Def = Record<string, unknown> & { type: string };
type Schema = z.ZodType & { _zod: { def: Def } };

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;

/** Each schema's strict copy, so a schema shared by many routes is copied once. */
const strictCopies = new WeakMap<Schema, Schema>();

/** A copy of `schema` with `def`, keeping its metadata (description, id) through `parent`. */
function withDef(schema: Schema, def: Def): Schema {
  return z.core.clone(schema, def as never, { parent: true }) as Schema;
}

/**
 * `schema` with every object inside it strict (unknown keys → zod's `unrecognized_keys`): objects
 * get `catchall: never` unless they chose a catchall of their own (`.loose()`, `.catchall()`);
 * wrappers (optional, nullable, default, array, union, pipe, …) are rebuilt around strict inner
 * schemas. Refinements and transforms are kept. A schema with nothing to change is returned as is.
 */
export function strictSchema<T extends z.ZodType>(schema: T): T {
  return strictCopy(schema as unknown as Schema) as unknown as T;
}

function strictCopy(schema: Schema): Schema {
  const cached = strictCopies.get(schema);
  if (cached) return cached;
  // A lazy schema may refer to itself: left as it is (DiaCare's inputs have none).
  if (schema._zod.def.type === 'lazy') return schema;
  const def = schema._zod.def;
  const next: Def = { ...def };
  let changed = false;
  if (def.type === 'object') {
    const shape = def.shape as Record<string, Schema>;
    const strictShape: Record<string, Schema> = {};
    for (const [key, value] of Object.entries(shape)) {
      strictShape[key] = strictCopy(value);
      changed ||= strictShape[key] !== value;
    }
    next.shape = strictShape;
    if (def.catchall === undefined) {
      next.catchall = z.never();
      changed = true;
    }
  } else {
    for (const [key, value] of Object.entries(def)) {
      if (isSchema(value)) {
        next[key] = strictCopy(value);
        changed ||= next[key] !== value;
      } else if (Array.isArray(value) && value.every(isSchema)) {
        const items = value.map(strictCopy);
        next[key] = items;
        changed ||= items.some((item, index) => item !== value[index]);
      }
    }
  }
  const result = changed ? withDef(schema, next) : schema;
  strictCopies.set(schema, result);
  return result;
}

/** The one querystring of a route that declares none: no parameters at all. */
const NO_QUERY = z.strictObject({});
/** The body of a write that declares none (a DELETE, an accept): nothing, or an empty object. */
const NO_BODY = z.strictObject({}).nullish();
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Adds the onRoute hook that makes each /api route's `body` and `querystring` strict (a route
 * without a querystring schema takes no query parameters; a write without a body schema takes
 * no body fields). Call it before the OpenAPI plugin
 * registers, so the document shows the strict schemas.
 */
export function registerStrictInput(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = { ...route.schema };
    const config = route.config as { csvBody?: boolean; imageBody?: boolean } | undefined;
    const writes = [route.method].flat().some((method) => WRITES.has(method));
    if (isSchema(schema.body)) schema.body = strictSchema(schema.body);
    // An upload (text/csv, an image) is read by its route; any other write without a body schema
    // takes no fields at all, so `{ keep_readings: true }` on an undo is refused, not ignored.
    else if (writes && !config?.csvBody && !config?.imageBody) schema.body = NO_BODY;
    schema.querystring = isSchema(schema.querystring) ? strictSchema(schema.querystring) : NO_QUERY;
    route.schema = schema;
  });
}
