// orders-warehouse.md §2 Order notes panel and §3 Order note: user notes (noteTypeId 0) first, newest first;
// system notes (any other type) only when the 'System Notes' toggle is on, also newest first.
import { USER_NOTE_TYPE_ID } from './order-constants';

export interface DisplayableNote {
  id?: number;
  noteTypeId: number;
  createdAt: string | Date;
  user?: { firstName?: string | null; lastName?: string | null } | null;
}

export function isUserNote(note: Pick<DisplayableNote, 'noteTypeId'>): boolean {
  return note.noteTypeId === USER_NOTE_TYPE_ID;
}

const time = (value: string | Date) => new Date(value).getTime() || 0;

/** Newest first; equal times by the higher id first (the later insert). */
function newestFirst<T extends DisplayableNote>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => time(b.createdAt) - time(a.createdAt) || (b.id ?? 0) - (a.id ?? 0));
}

/** The notes as the panel lists them: user notes newest first, then (when shown) system notes newest first. */
export function orderNotesForDisplay<T extends DisplayableNote>(
  notes: readonly T[],
  showSystemNotes: boolean,
): T[] {
  const user = newestFirst(notes.filter(isUserNote));
  return showSystemNotes ? [...user, ...newestFirst(notes.filter((note) => !isUserNote(note)))] : user;
}

/** "Each note shows the author's first and last name"; a note with no author (the system) shows 'System'. */
export function noteAuthorName(note: Pick<DisplayableNote, 'user'>): string {
  const name = [note.user?.firstName, note.user?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || 'System';
}
