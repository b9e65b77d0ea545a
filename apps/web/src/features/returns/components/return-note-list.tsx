import { formatNoteDate, isUserNote, newestNotesFirst, noteAuthorName, oneLineNote } from '@backroom/shared';
import { Badge, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';

/** A note as the return (GET …/returns/{id}) and the notes calls carry it (returns.md §3 Return note). */
export interface ReturnNoteLike {
  id: number;
  inboundReturnItemId?: number | null;
  noteTypeId: number;
  text: string;
  createdAt: string;
  user: { firstName: string | null; lastName: string | null } | null;
}

/**
 * The note box of the return notes and the item notes modal (returns.md §5 "Return notes and item notes submit
 * on Enter"): Enter saves and clears; the words come back when saving fails.
 */
export function NoteInput({
  onSubmit,
  disabled,
  testId,
}: {
  onSubmit: (text: string) => Promise<unknown>;
  disabled?: boolean;
  testId: string;
}) {
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = () => {
    const text = draft.trim();
    if (!text || busy) return;
    setDraft('');
    setBusy(true);
    onSubmit(text)
      .catch(() => setDraft((current) => current || text))
      .finally(() => setBusy(false));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  return (
    <Textarea
      aria-label="Leave a Note"
      placeholder="Leave a Note"
      description="Enter saves the note"
      autosize
      minRows={2}
      maxRows={6}
      maxLength={4000}
      value={draft}
      disabled={disabled || busy}
      onChange={(event) => setDraft(oneLineNote(event.currentTarget.value))}
      onKeyDown={onKeyDown}
      data-testid={testId}
    />
  );
}

/** Notes newest first, each with its author and its time ('YYYY-MM-DD HH:mm' in the account's offset). */
export function NoteList({
  notes,
  utcOffset,
  emptyText,
}: {
  notes: readonly ReturnNoteLike[];
  utcOffset: string;
  emptyText: string;
}) {
  if (!notes.length)
    return (
      <Text size="sm" c="dimmed" data-testid="no-notes">
        {emptyText}
      </Text>
    );
  const sorted = newestNotesFirst(notes);
  return (
    <Stack gap={6} data-testid="note-list">
      {sorted.map((note) => {
        const system = !isUserNote(note);
        return (
          <Paper
            key={note.id}
            p="xs"
            radius="sm"
            bg={system ? 'gray.0' : 'yellow.0'}
            data-testid="return-note"
            data-note-type={note.noteTypeId}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Group gap={6} wrap="nowrap">
                <Text size="xs" fw={600} data-testid="note-author">
                  {noteAuthorName(note)}
                </Text>
                {system && (
                  <Badge size="xs" variant="outline" color="gray">
                    System
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" data-testid="note-date" style={{ whiteSpace: 'nowrap' }}>
                {formatNoteDate(note.createdAt, utcOffset)}
              </Text>
            </Group>
            <Text
              size="sm"
              mt={2}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="note-text"
            >
              {note.text}
            </Text>
          </Paper>
        );
      })}
    </Stack>
  );
}
