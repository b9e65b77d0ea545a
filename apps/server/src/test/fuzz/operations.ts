import type { JsonSchema } from './json-schema-sample';

/** One operation of the OpenAPI document, with the parts of a request the fuzz varies. */
export interface Operation {
  method: string;
  /** The OpenAPI path: `/api/v1/backroom/returns/{id}`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body?: JsonSchema;
  multipart: boolean;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  consumes?: string[];
}

/** Every operation of the document (HEAD is Fastify's copy of each GET and is not listed). */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema }));
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params('path'),
        query: params('query'),
        headers: params('header'),
        body: content['application/json']?.schema,
        multipart: (op.consumes ?? []).includes('multipart/form-data') || 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

/** Resolves `#/components/schemas/X` references of the document. */
export function resolverOf(doc: OpenApiDoc) {
  return (ref: string): JsonSchema => {
    const name = ref.replace('#/components/schemas/', '');
    const schema = doc.components?.schemas?.[name];
    if (!schema) throw new Error(`Unknown schema reference ${ref}`);
    return schema;
  };
}

/** The route pattern Fastify registered for an OpenAPI path: `{id}` → `:id`, `{*}` → `*`. */
export function routeUrlOf(path: string): string {
  return path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1');
}
