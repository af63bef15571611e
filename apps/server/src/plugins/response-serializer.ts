/**
 * The response serializer: a route's zod response schema checks the answer and strips what it
 * does not list (no unlisted column ever leaves), then JSON.stringify. The same as
 * fastify-type-provider-zod's serializerCompiler, which finds the zod schema again at every
 * answer; this one finds it once per route and status, when the route is registered
 * (decision 105).
 */
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/** `schema`'s zod schema (a bare one, or under `properties`), or null for anything else. */
function zodSchemaOf(schema: unknown): $ZodType | null {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : null;
}

/**
 * Fastify's serializer compiler (app.setSerializerCompiler): per route and status, a function
 * `(data) => JSON text` of the data as the schema parses it.
 * @throws ResponseSerializationError (a 500) when the answer does not match its schema
 */
export const responseSerializerCompiler = ((route: SerializerCompiler) => {
  const schema = zodSchemaOf(route.schema);
  // Not a zod schema: the library's compiler, which refuses it with its own error.
  if (!schema) return zodSerializerCompiler(route);
  return (data: unknown) => {
    const result = safeParse(schema, data);
    if (result.error) throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}) as typeof zodSerializerCompiler;
