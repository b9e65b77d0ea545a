import { describe, expect, it } from 'vitest';
import { formatPhone } from './address';

describe('formatPhone', () => {
  it.each([
    ['5125550142', '(512) 555-0142'],
    ['512-555-0142', '(512) 555-0142'],
    ['(512) 555 0142', '(512) 555-0142'],
    ['15125550142', '15125550142'],
    ['555-0142', '555-0142'],
    ['', ''],
    [null, ''],
  ])('%s shows as %s', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });
});
