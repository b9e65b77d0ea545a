import { describe, expect, it } from 'vitest';
import { GTIN_LENGTHS, gtinCheckDigit, isValidGtin, normalizeUpc } from './gtin';

describe('gtinCheckDigit', () => {
  it.each([
    ['9638507', 4], // GTIN-8
    ['03600029145', 2], // UPC-A
    ['400638133393', 1], // EAN-13
    ['1003600029145', 9], // GTIN-14
    ['00061414100000001', 4], // SSCC-18
    ['0', 0],
    ['1', 7], // single body digit gets weight 3
    ['10', 9], // second digit from the right gets weight 1
  ])('body %s -> %i', (body, digit) => {
    expect(gtinCheckDigit(body)).toBe(digit);
  });

  it('ignores left zero padding because weights start from the right', () => {
    expect(gtinCheckDigit('0003600029145')).toBe(gtinCheckDigit('03600029145'));
  });

  it.each(['', '12a4', ' 123', '-1'])('throws for non-digit body %j', (body) => {
    expect(() => gtinCheckDigit(body)).toThrow(RangeError);
  });
});

describe('isValidGtin', () => {
  it('accepts exactly the spec lengths', () => {
    expect(GTIN_LENGTHS).toEqual([8, 12, 13, 14, 18]);
  });

  it.each([
    ['96385074', true], // GTIN-8
    ['96385075', false],
    ['036000291452', true], // UPC-A
    ['036000291453', false],
    ['4006381333931', true], // EAN-13
    ['4006381333932', false],
    ['10036000291459', true], // GTIN-14
    ['10036000291458', false],
    ['000614141000000014', true], // SSCC-18
    ['000614141000000015', false],
    ['00000000', true],
  ])('%s -> %s', (code, valid) => {
    expect(isValidGtin(code)).toBe(valid);
  });

  // Boundary lengths: every code carries a correct check digit, so only the length decides.
  it.each([
    ['1234565', false],
    ['12345670', true],
    ['123456784', false],
    ['12345678905', false],
    ['123456789012', true],
    ['1234567890128', true],
    ['12345678901231', true],
    ['123456789012343', false],
    ['12345678901234560', false],
    ['123456789012345675', true],
    ['1234567890123456789', false],
  ])('length boundary %s -> %s', (code, valid) => {
    expect(gtinCheckDigit(code.slice(0, -1))).toBe(Number(code.slice(-1)));
    expect(isValidGtin(code)).toBe(valid);
  });

  it.each([
    '',
    '0361234 5',
    ' 036000291452',
    '036000291452 ',
    '03600029145A',
    '-36000291452',
    '３６０００２９１４５２',
  ])('rejects non-digit input %j', (code) => {
    expect(isValidGtin(code)).toBe(false);
  });
});

describe('normalizeUpc', () => {
  it.each([
    ['036000291452', '0000036000291452'],
    ['96385074', '0000000096385074'],
    ['4006381333931', '0004006381333931'],
    ['10036000291459', '0010036000291459'],
    ['  036000291452\n', '0000036000291452'],
    ['1234567890123456', '1234567890123456'],
    ['', '0000000000000000'],
    // Longer than 16: left unchanged rather than truncated.
    ['000614141000000014', '000614141000000014'],
    ['12345678901234567', '12345678901234567'],
  ])('%j -> %s', (code, expected) => {
    expect(normalizeUpc(code)).toBe(expected);
  });

  it('always yields 16 characters for inputs up to 16', () => {
    for (let length = 1; length <= 16; length++) {
      expect(normalizeUpc('9'.repeat(length))).toBe('0'.repeat(16 - length) + '9'.repeat(length));
    }
  });
});
