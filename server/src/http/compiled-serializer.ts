import fastJson from 'fast-json-stringify';
import type { Schema } from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchemaNode = Record<string, unknown>;

/** Keywords fast-json-stringify does not use for writing JSON. */
const IGNORED_KEYWORDS = new Set(['$schema', 'minimum', 'maximum', 'propertyNames']);

/**
 * Rewrites `anyOf: [X, {type: null}]` (zod's `.nullable()`) as `type: [X.type, 'null']`:
 * fast-json-stringify writes a type list with a typeof check, but an anyOf by validating the
 * value against each branch at run time.
 */
function simplified(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplified);
  if (node === null || typeof node !== 'object') return node;
  const result: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (!IGNORED_KEYWORDS.has(key)) result[key] = simplified(value);
  }
  const { anyOf, ...rest } = result;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return result;
  const branches = anyOf as JsonSchemaNode[];
  const nullIndex = branches.findIndex(
    (branch) => branch.type === 'null' && Object.keys(branch).length === 1,
  );
  const other = branches[1 - nullIndex];
  if (nullIndex === -1 || other === undefined || typeof other.type !== 'string') return result;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema (output side). */
export function serializationSchema(schema: z.ZodType): Schema {
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'output',
    unrepresentable: 'any',
    reused: 'inline',
    // Named components are an OpenAPI matter; the serializer wants every schema written out.
    metadata: z.registry(),
  });
  return simplified(jsonSchema) as Schema;
}

/**
 * A route's `serializerCompiler` for large replies (lists): JSON written by a function
 * compiled from the route's zod response schema (Fastify's fast-json-stringify), with only the
 * schema's fields, instead of the zod type provider's parse-then-stringify. The reply is typed
 * at compile time; checking a page of large items again at run time costs milliseconds.
 */
export function compiledSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  // Fastify calls this once per status with that status's schema (its types say "route schema").
  if (!(schema instanceof z.ZodType)) throw new Error('compiledSerializer needs zod schemas');
  return fastJson(serializationSchema(schema));
}
