import { describe, expect, it } from 'vitest';
import { errorCodeOf, errorEnvelopeSchema, fail, ok } from './envelope';

describe('the envelope', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'method_not_allowed'],
    [409, 'conflict'],
    [413, 'payload_too_large'],
    [414, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [422, 'bad_request'],
    [429, 'rate_limited'],
    [431, 'payload_too_large'],
    [500, 'internal'],
    [502, 'upstream_failed'],
  ])('status %i has the error code %s', (status, code) => {
    expect(errorCodeOf(status)).toBe(code);
  });

  it('fail() gives the code from the status unless told a more specific one', () => {
    expect(fail(404, 'Order 7 not found.')).toEqual({
      code: 404,
      data: [],
      error: { code: 'not_found', message: 'Order 7 not found.' },
    });
    const stale = fail(409, 'Changed by someone else.', { code: 'stale' });
    expect(stale.error).toEqual({ code: 'stale', message: 'Changed by someone else.' });
    expect(errorEnvelopeSchema.parse(stale)).toEqual(stale);
    const invalid = fail(400, 'Invalid input. name: Required', {
      code: 'validation',
      fields: [{ field: 'name', message: 'Required' }],
    });
    expect(errorEnvelopeSchema.parse(invalid)).toEqual(invalid);
  });

  it('the error schema refuses an error without a known code', () => {
    expect(errorEnvelopeSchema.safeParse({ code: 400, data: [], error: { message: 'x' } }).success).toBe(
      false,
    );
    expect(errorEnvelopeSchema.safeParse(ok({ id: 1 })).success).toBe(false);
  });
});
