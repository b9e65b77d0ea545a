import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];
type JsonSchema = Record<string, unknown>;

/**
 * Replies are written by fast-json-stringify, compiled once per route from the route's zod response
 * schema, because parsing every reply with zod cost much of the server's CPU. fast-json-stringify writes only the declared properties, so an internal field
 * (an account id, a password hash) can no more leak than with zod's stripping.
 *
 * With `verify` (the test suites) every reply is also run through zod, which throws on a reply that
 * breaks its schema, and the two outputs must be equal: the tests prove the fast path says the same.
 */
export function createResponseSerializerCompiler(options: { verify: boolean }) {
  return (input: CompilerInput) => {
    const checked = zodSerializerCompiler(input);
    const fast = compileFast(input.schema);
    if (!fast) return checked;
    if (!options.verify) return fast;
    return (data: unknown) => {
      const expected = checked(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `Fast serializer disagrees with the zod schema for ${input.method} ${input.url}:\n${written}\n${expected}`,
        );
      }
      return written;
    };
  };
}

function compileFast(schema: unknown): ((data: unknown) => string) | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema as ZodType, { io: 'output', unrepresentable: 'throw' });
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    // A schema JSON Schema cannot express (a transform, a custom check): zod writes that route's replies.
    return null;
  }
}

/**
 * Rewrites zod's JSON Schema into the shapes fast-json-stringify writes fastest.
 * `anyOf: [X, null]` (zod's nullable) becomes `type: [X's type, 'null']`: fast-json-stringify picks an
 * anyOf branch by validating the data against each branch, which is slow; a type list it handles inline.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  // A loose object (zod's looseObject: every property is written) is fastest as plain JSON.stringify.
  if (out.type === 'object' && out.additionalProperties !== undefined && out.additionalProperties !== false) {
    return {};
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: _dropped, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}
