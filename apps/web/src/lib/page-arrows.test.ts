import { describe, expect, it } from 'vitest';
import { pageArrowLabel, pageArrowReason } from './page-arrows';

describe('pageArrowReason', () => {
  it('refuses going back from the first page and on from the last, with the rule', () => {
    expect(pageArrowReason('previous', { first: true, last: false })).toBe('This is the first page');
    expect(pageArrowReason('first', { first: true, last: false })).toBe('This is the first page');
    expect(pageArrowReason('next', { first: false, last: true })).toBe('This is the last page');
    expect(pageArrowReason('last', { first: false, last: true })).toBe('This is the last page');
  });

  it('allows every arrow between the ends, and the other way at an end', () => {
    for (const arrow of ['first', 'previous', 'next', 'last'] as const)
      expect(pageArrowReason(arrow, { first: false, last: false })).toBeNull();
    expect(pageArrowReason('next', { first: true, last: false })).toBeNull();
    expect(pageArrowReason('previous', { first: false, last: true })).toBeNull();
  });

  it('refuses both ways on a list of one page', () => {
    expect(pageArrowReason('previous', { first: true, last: true })).toBe('This is the first page');
    expect(pageArrowReason('next', { first: true, last: true })).toBe('This is the last page');
  });
});

describe('pageArrowLabel', () => {
  it('names the arrow for a screen reader', () => {
    expect(pageArrowLabel('previous')).toBe('Previous page');
    expect(pageArrowLabel('last')).toBe('Last page');
  });
});
