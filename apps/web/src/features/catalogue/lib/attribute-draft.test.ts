import { describe, expect, it } from 'vitest';
import { type AttributeDraft, draftOf, draftProblem, payloadOf } from './attribute-draft';

const draft = (change: Partial<AttributeDraft> = {}): AttributeDraft => ({
  ...draftOf(null),
  name: 'Color',
  ...change,
});

describe('attribute drafts', () => {
  it.each([
    [draft({ name: ' ' }), 'Enter a name'],
    [draft({ lists: [{ list: '', options: [], maxValues: 0 }] }), 'Every list needs a name'],
    [
      draft({
        lists: [
          { list: 'Default', options: ['Red'], maxValues: 1 },
          { list: 'default', options: [], maxValues: 0 },
        ],
      }),
      'The list Default is there twice',
    ],
    [draft({ isListRestricted: true }), 'A restricted attribute needs options to choose from'],
    [draft({ lists: [{ list: 'Default', options: ['Red'], maxValues: 1 }] }), null],
  ])('%j: %s', (value, problem) => {
    expect(draftProblem(value)).toBe(problem);
  });

  it('sends trimmed names and options, flags as 0/1, the account for a new one and the id for a change', () => {
    const value = draft({
      name: ' Color ',
      isFacet: true,
      lists: [{ list: ' Default ', options: [' Red', 'Blue ', ''], maxValues: 1 }],
    });
    expect(payloadOf({ accountId: 3 }, value)).toEqual({
      accountId: 3,
      name: 'Color',
      isVariant: 0,
      isFacet: 1,
      isListRestricted: 0,
      lists: { options: [{ list: 'Default', options: ['Red', 'Blue'], maxValues: 1 }] },
    });
    expect(payloadOf({ id: 7 }, value)).toMatchObject({ id: 7, name: 'Color' });
    expect(payloadOf({ id: 7 }, value)).not.toHaveProperty('accountId');
  });
});
