import { describe, expect, it } from 'vitest';
import { whyNot } from './why-not';

describe('whyNot', () => {
  it('answers the first rule that refuses, in the order given', () => {
    expect(whyNot([false, 'a'], [true, 'b'], [true, 'c'])).toBe('b');
    expect(whyNot([1, 'a'], [true, 'b'])).toBe('a');
  });

  it('answers null when no rule refuses (the button can be used)', () => {
    expect(whyNot([false, 'a'], [0, 'b'], [null, 'c'], ['', 'd'])).toBeNull();
    expect(whyNot()).toBeNull();
  });
});
