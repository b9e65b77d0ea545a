import { PROVIDER_DOCUMENT } from '@backroom/shared';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The OpenAPI document at /api/docs/json (docs/architecture.md §3): it validates as OpenAPI 3, and every
 * route's 200 reply says what it holds, never a loose object (`z.looseObject({})`, whose properties nobody declared),
 * except a carrier's own document passed on as the carrier wrote it (its known fields declared).
 */
type Schema = Record<string, unknown>;
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
};

/** Where in a schema an object declares no properties of its own but takes any (a loose object). */
function loosePlaces(node: unknown, path: string, found: string[], seen = new Set<unknown>()): string[] {
  if (node === null || typeof node !== 'object' || seen.has(node)) return found;
  seen.add(node);
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      loosePlaces(item, `${path}[${i}]`, found, seen);
    });
    return found;
  }
  const schema = node as Schema;
  // A carrier's own document (shared `providerDocument`): its known fields declared, the rest passed on as the
  // carrier wrote it.
  if (schema[PROVIDER_DOCUMENT] === true) return found;
  const extra = schema.additionalProperties;
  const takesAny =
    extra === true || (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0);
  if (schema.type === 'object' && takesAny) found.push(path || '(root)');
  for (const [key, value] of Object.entries(schema)) {
    // `not: {}` is zod's never (an always-empty list), not a loose schema.
    if (key === 'not') continue;
    loosePlaces(value, `${path}.${key}`, found, seen);
  }
  return found;
}

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

describe('the OpenAPI document (/api/docs/json)', () => {
  it('validates as OpenAPI 3', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('finds a loose object wherever it is, and passes only a marked provider document', () => {
    const loose = { type: 'object', properties: {}, additionalProperties: {} };
    const document = { ...loose, [PROVIDER_DOCUMENT]: true, properties: { rates: { items: loose } } };
    expect(loosePlaces(loose, '', [])).toEqual(['(root)']);
    expect(loosePlaces({ type: 'object', additionalProperties: true }, '', [])).toEqual(['(root)']);
    expect(loosePlaces({ type: 'object', additionalProperties: false }, '', [])).toEqual([]);
    expect(loosePlaces({ properties: { shipment: document, notes: { items: loose } } }, '', [])).toEqual([
      '.properties.notes.items',
    ]);
  });

  it('describes every 200 reply with declared properties, never a loose object', () => {
    const loose = new Map<string, string[]>();
    let replies = 0;
    for (const [address, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const ok = operation.responses?.['200'] as
          | { content?: Record<string, { schema?: unknown }> }
          | undefined;
        const schema = ok?.content?.['application/json']?.schema;
        if (!schema) continue;
        replies++;
        const places = loosePlaces(schema, '', []);
        if (places.length) loose.set(`${method.toUpperCase()} ${address}`, places);
      }
    }
    expect(replies).toBeGreaterThan(100);
    expect(Object.fromEntries(loose)).toEqual({});
  });

  it('describes the order detail as the shared schema says', () => {
    const reply = doc.paths['/api/v1/backroom/channelOrder']?.get?.responses?.['200'] as {
      content: Record<string, { schema: Schema }>;
    };
    const properties = reply.content['application/json']?.schema.properties as
      | Record<string, Schema>
      | undefined;
    const order = properties?.data?.items as Schema;
    expect(order.additionalProperties).toBe(false);
    expect(Object.keys(order.properties as Schema)).toEqual(
      expect.arrayContaining(['id', 'sourceModifiedAt', 'items', 'payments', 'notes', 'shipments']),
    );
  });
});
