import type { Prng } from './prng';

/** The part of an OpenAPI 3.0 schema (as @fastify/swagger writes it from zod) the fuzz reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export type LeafKind = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'recordKey';

/** A place in a sampled value the fuzz can replace: its path from the root and what the schema put there. */
export interface Leaf {
  path: (string | number)[];
  kind: LeafKind;
}

/** Strings that satisfy the patterns our schemas use (ids lists, codes, amounts, states …). */
const PATTERN_CANDIDATES = [
  '1',
  '1,2',
  '12.50',
  'AB',
  'A1',
  'B1',
  'AB12',
  'queued',
  '123456789',
  'x',
  'vsf_product_1',
];
const FORMATS: Record<string, string> = {
  'date-time': '2026-06-01T12:00:00.000Z',
  email: 'fuzz@example.com',
  uri: 'https://example.com/label.zpl',
  url: 'https://example.com/label.zpl',
};

/**
 * A plausible value for `schema`: every property (optional ones too), one item per array, a random branch
 * of each union; the leaves it made are pushed to `leaves` so the fuzz can make each one hostile in turn.
 */
export function sampleOf(
  schema: JsonSchema,
  rng: Prng,
  resolve: (ref: string) => JsonSchema,
  leaves: Leaf[] = [],
  path: (string | number)[] = [],
): unknown {
  if (schema.$ref) return sampleOf(resolve(schema.$ref), rng, resolve, leaves, path);
  const branches = (schema.anyOf ?? schema.oneOf ?? []).filter((b) => b.type !== 'null');
  if (branches.length > 0) return sampleOf(rng.pick(branches), rng, resolve, leaves, path);
  if (schema.allOf?.[0]) return sampleOf(schema.allOf[0], rng, resolve, leaves, path);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) {
    const value = rng.pick(schema.enum.filter((v) => v !== null));
    leaves.push({ path, kind: typeof value === 'number' ? 'integer' : 'string' });
    return value;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      leaves.push({ path, kind: 'object' });
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        value[key] = sampleOf(property, rng, resolve, leaves, [...path, key]);
      }
      if (typeof schema.additionalProperties === 'object' && !schema.properties) {
        // A record: one entry, whose key is a leaf too.
        leaves.push({ path: [...path, 'k1'], kind: 'recordKey' });
        value.k1 = sampleOf(schema.additionalProperties, rng, resolve, leaves, [...path, 'k1']);
      }
      return value;
    }
    case 'array': {
      leaves.push({ path, kind: 'array' });
      const count = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: count }, (_, i) =>
        sampleOf(schema.items ?? {}, rng, resolve, leaves, [...path, i]),
      );
    }
    case 'string':
      leaves.push({ path, kind: 'string' });
      return sampleString(schema, rng);
    case 'integer':
    case 'number': {
      leaves.push({ path, kind: type === 'integer' ? 'integer' : 'number' });
      return sampleNumber(schema, type === 'integer', rng);
    }
    case 'boolean':
      leaves.push({ path, kind: 'boolean' });
      return rng.next() < 0.5;
    default:
      return 'x';
  }
}

function sampleString(schema: JsonSchema, rng: Prng): string {
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format]!;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const fits = PATTERN_CANDIDATES.filter((c) => pattern.test(c));
    if (fits.length > 0) return rng.pick(fits);
  }
  const text = `Fuzz ${rng.int(1_000_000)}`;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 1000;
  return text.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, text.length)));
}

function sampleNumber(schema: JsonSchema, integer: boolean, rng: Prng): number {
  let min = typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (schema.exclusiveMinimum === true) min += integer ? 1 : 0.01;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + (integer ? 1 : 0.01);
  const max = Math.min(typeof schema.maximum === 'number' ? schema.maximum : min + 5, min + 5);
  const value = min + rng.next() * (max - min);
  return integer ? Math.floor(value) : Math.round(value * 100) / 100;
}

/** A deep copy of `value` with the thing at `path` replaced (or, for a record key, renamed) by `replacement`. */
export function replaceAt(
  value: unknown,
  path: (string | number)[],
  replacement: unknown,
  renameKey = false,
) {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (renameKey) {
    node[replacement as string] = node[last];
    delete node[last];
  } else {
    node[last] = replacement;
  }
  return copy;
}

/** Every leaf of one kind replaced by what `make` answers (over-long strings everywhere, …). */
export function replaceAll(value: unknown, leaves: Leaf[], kind: LeafKind, make: () => unknown): unknown {
  let result = value;
  for (const leaf of leaves) if (leaf.kind === kind) result = replaceAt(result, leaf.path, make());
  return result;
}
