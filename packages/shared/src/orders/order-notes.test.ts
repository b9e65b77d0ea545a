import { describe, expect, it } from 'vitest';
import { isUserNote, noteAuthorName, orderNotesForDisplay } from './order-notes';

const note = (id: number, noteTypeId: number, createdAt: string) => ({ id, noteTypeId, createdAt });
const notes = [
  note(1, 0, '2026-01-01T10:00:00Z'),
  note(2, 3, '2026-01-01T11:00:00Z'),
  note(3, 0, '2026-01-02T09:00:00Z'),
  note(4, 1, '2026-01-03T09:00:00Z'),
  note(5, 0, '2026-01-02T09:00:00Z'),
];

describe('orderNotesForDisplay', () => {
  it.each([
    [false, [5, 3, 1]],
    [true, [5, 3, 1, 4, 2]],
  ])('system notes shown %s → %j', (showSystemNotes, ids) => {
    expect(orderNotesForDisplay(notes, showSystemNotes).map((n) => n.id)).toEqual(ids);
  });

  it('leaves the given list alone', () => {
    const copy = [...notes];
    orderNotesForDisplay(notes, true);
    expect(notes).toEqual(copy);
  });
});

describe('isUserNote', () => {
  it.each([
    [0, true],
    [1, false],
    [10, false],
  ])('type %s → %s', (noteTypeId, user) => {
    expect(isUserNote({ noteTypeId })).toBe(user);
  });
});

describe('noteAuthorName', () => {
  it.each([
    [{ user: { firstName: 'Ana', lastName: 'Lee' } }, 'Ana Lee'],
    [{ user: { firstName: 'Ana', lastName: null } }, 'Ana'],
    [{ user: { firstName: ' ', lastName: 'Lee' } }, 'Lee'],
    [{ user: null }, 'System'],
    [{}, 'System'],
  ])('%j → %s', (subject, name) => {
    expect(noteAuthorName(subject)).toBe(name);
  });
});
