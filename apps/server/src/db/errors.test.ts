import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { clientErrorOfDatabase, isUniqueViolation, pgErrorOf } from './errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The error the database (PGlite or PostgreSQL, as this run uses) raises for `query`, as drizzle throws it. */
async function errorOf(query: SQL): Promise<unknown> {
  try {
    await t.deps.db.execute(query);
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
}

const asReply = (error: unknown) => {
  const known = clientErrorOfDatabase(error);
  return (
    known && { status: known.statusCode, code: known.code, message: known.message, fields: known.fields }
  );
};

describe(`database refusals become client errors (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('an unknown reference is 404, naming the field and the id', async () => {
    const error = await errorOf(sql`insert into memberships (user_id, account_id) values (99999999, 1)`);
    expect(asReply(error)).toEqual({
      status: 404,
      code: 'not_found',
      message: 'userId 99999999 was not found.',
      fields: [{ field: 'userId', message: 'Not found' }],
    });
  });

  it('deleting a row still in use is 409', async () => {
    const error = await errorOf(
      sql`delete from brands where id = (select brand_id from products where brand_id is not null limit 1)`,
    );
    expect(asReply(error)).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'It is still used by products.',
    });
  });

  it('a duplicate is 409, naming the field', async () => {
    const error = await errorOf(sql`insert into memberships (user_id, account_id) values (1, 1)`);
    expect(isUniqueViolation(error)).toBe(true);
    expect(asReply(error)).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'userId 1 already exists.',
    });
  });

  it('a missing required value is 400, naming the field', async () => {
    const error = await errorOf(sql`insert into accounts (name) values (null)`);
    expect(asReply(error)).toMatchObject({ status: 400, message: 'name is required.' });
  });

  it.each([
    [
      'an id past the integer range',
      sql`select id from users where id = ${2147483648}`,
      'A number is out of range.',
    ],
    [
      'text that is not a number',
      sql`select id from users where id = ${'abc'}`,
      'A value has the wrong format.',
    ],
    ['a NUL byte in text', sql`select id from users where email = ${'a\u0000b'}`, undefined],
    ['a NUL in JSON', sql`select ${'{"a":"\\u0000"}'}::jsonb`, undefined],
  ])('%s is 400', async (_, query, message) => {
    const reply = asReply(await errorOf(query));
    expect(reply).toMatchObject({ status: 400, code: 'bad_request' });
    if (message) expect(reply!.message).toBe(message);
  });

  it('leaves what is not the client’s fault alone', async () => {
    expect(clientErrorOfDatabase(await errorOf(sql`select * from no_such_table`))).toBeUndefined();
    expect(clientErrorOfDatabase(new Error('disk full'))).toBeUndefined();
    // Node's own error codes are not SQLSTATEs.
    expect(pgErrorOf(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBeUndefined();
  });
});
