/**
 * A small valid value for a JSON schema as the OpenAPI document gives it (OpenAPI 3.0: `nullable`, boolean
 * `exclusiveMinimum`), for tests that call every route. Only required properties are filled, plus those
 * `include` names; `valueFor` may answer a value for a property path first (e.g. an id that exists).
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  nullable?: boolean;
}

export interface ExampleOptions {
  /** Property paths ('patch.customerId', 'items[].id') to fill although optional. */
  include: (path: string) => boolean;
  /** A value for this path, or undefined to build one from the schema. */
  valueFor: (path: string, name: string) => unknown;
}

export function exampleOf(schema: JsonSchema, options: ExampleOptions, path = '', name = ''): unknown {
  const given = path ? options.valueFor(path, name) : undefined;
  if (given !== undefined) return given;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const option = choices.find((c) => c.type !== 'null' && !(c.enum?.length === 1 && c.enum[0] === null));
    return exampleOf(option ?? choices[0]!, options, path, name);
  }
  if (schema.allOf?.length) return exampleOf(Object.assign({}, ...schema.allOf), options, path, name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = Object.entries(schema.properties ?? {});
      for (const [key, property] of properties) {
        const at = path ? `${path}.${key}` : key;
        if (schema.required?.includes(key) || options.include(at)) {
          out[key] = exampleOf(property, options, at, key);
        }
      }
      // A patch must change something: an object left empty gets its first property.
      if (Object.keys(out).length === 0 && properties.length > 0) {
        const [key, property] = properties[0]!;
        out[key] = exampleOf(property, options, path ? `${path}.${key}` : key, key);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: count }, () => exampleOf(schema.items ?? {}, options, `${path}[]`, name));
    }
    case 'integer':
    case 'number': {
      const low =
        schema.minimum === undefined ? 1 : schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0);
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (schema.format === 'email') return 'someone@example.com';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
    default:
      return schema.default ?? null;
  }
}
