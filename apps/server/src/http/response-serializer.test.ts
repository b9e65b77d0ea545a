import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './response-serializer';

const reply = z.object({
  code: z.number().int(),
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    note: z.string().nullable(),
    tags: z.array(z.string()),
    values: z.record(z.string(), z.array(z.string())),
    parent: z.object({ id: z.number() }).nullable(),
  }),
  error: z.null(),
});
const compile = (verify: boolean) =>
  createResponseSerializerCompiler({ verify })({
    schema: reply,
    method: 'GET',
    url: '/x',
    httpStatus: '200',
  } as never) as (data: unknown) => string;

const data = {
  code: 200,
  data: {
    id: 7,
    name: 'Bin',
    note: null,
    tags: ['a'],
    values: { Color: ['Red'] },
    parent: null,
    accountId: 3, // internal: never written
    passwordHash: 'secret',
  },
  error: null,
};

describe('response serializer', () => {
  it('writes what zod would write, without undeclared fields', () => {
    const written = JSON.parse(compile(false)(data));
    expect(written).toEqual({
      code: 200,
      data: { id: 7, name: 'Bin', note: null, tags: ['a'], values: { Color: ['Red'] }, parent: null },
      error: null,
    });
    expect(
      JSON.parse(compile(false)({ ...data, data: { ...data.data, note: 'x', parent: { id: 2 } } })).data,
    ).toMatchObject({ note: 'x', parent: { id: 2 } });
  });

  it('in verify mode refuses a reply that breaks its schema', () => {
    expect(() => compile(true)({ ...data, data: { ...data.data, id: 'seven' } })).toThrow();
    expect(compile(true)(data)).toContain('"name":"Bin"');
  });

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    const withTransform = z.object({ n: z.string().transform((v) => v.length) });
    const serialize = createResponseSerializerCompiler({ verify: false })({
      schema: withTransform,
      method: 'GET',
      url: '/y',
      httpStatus: '200',
    } as never) as (data: unknown) => string;
    expect(serialize({ n: 'abc' })).toBe('{"n":3}');
  });
});

describe('loose objects', () => {
  it('write every property, as zod’s looseObject does', () => {
    const loose = z.object({ data: z.looseObject({ id: z.number() }) });
    const serialize = createResponseSerializerCompiler({ verify: true })({
      schema: loose,
      method: 'GET',
      url: '/z',
      httpStatus: '200',
    } as never) as (data: unknown) => string;
    expect(JSON.parse(serialize({ data: { id: 1, extra: [1, 2] } }))).toEqual({
      data: { id: 1, extra: [1, 2] },
    });
  });
});
