import type { OrderNoteDto } from '@backroom/shared';
import { formatNoteDate, isUserNote, noteAuthorName, orderNotesForDisplay } from '@backroom/shared';
import { Badge, Group, Paper, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useMe } from '../../auth/api';
import { useAddOrderNote } from '../api';

interface OrderNotesPanelProps {
  channelOrderId: number;
  notes: readonly OrderNoteDto[];
  /** Called with the order's notes after a note is saved (the detail query is updated either way). */
  onSaved?: (notes: OrderNoteDto[]) => void;
}

/** A note is one line: pasted or typed line breaks become spaces. */
const oneLine = (text: string) => text.replace(/\r\n|\r|\n/g, ' ');

/**
 * The order notes panel (orders-warehouse.md §Order payments, refunds and notes panels), shared by the channel
 * order detail and the point of sale: 'Leave a Note' where Enter saves and clears (no key makes a new line);
 * user notes first, newest first; system notes only with the 'System Notes' toggle; each with its author and
 * its time in the account's offset.
 */
export function OrderNotesPanel({ channelOrderId, notes, onSaved }: OrderNotesPanelProps) {
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  const [draft, setDraft] = useState('');
  const [showSystemNotes, setShowSystemNotes] = useState(false);
  const addNote = useAddOrderNote(channelOrderId);
  const shown = orderNotesForDisplay(notes, showSystemNotes);

  const submit = () => {
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    addNote.mutate(text, {
      onSuccess: (saved) => {
        notify({ color: 'green', message: 'Order Note Added Successfully' });
        onSaved?.(saved);
      },
      onError: (error) => {
        // Give the words back unless something new has been typed meanwhile.
        setDraft((current) => current || text);
        notify({
          color: 'red',
          title: 'Error Adding Order Note',
          message: error instanceof ApiError ? error.message : String(error),
        });
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter never adds a new line, with or without Shift: it saves the note.
    event.preventDefault();
    submit();
  };

  return (
    <Paper withBorder p="md" data-testid="order-notes">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>Notes</Title>
          <Switch
            label="System Notes"
            checked={showSystemNotes}
            onChange={(event) => setShowSystemNotes(event.currentTarget.checked)}
            size="sm"
          />
        </Group>
        <Textarea
          aria-label="Leave a Note"
          placeholder="Leave a Note"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={4000}
          value={draft}
          onChange={(event) => setDraft(oneLine(event.currentTarget.value))}
          onKeyDown={onKeyDown}
          description="Enter saves the note"
        />
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-notes">
            {notes.length ? 'No user notes. Turn on System Notes to see the others.' : 'No Notes'}
          </Text>
        ) : (
          <Stack gap={6} data-testid="note-list">
            {shown.map((note) => (
              <NoteRow key={note.id} note={note} utcOffset={utcOffset} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function NoteRow({ note, utcOffset }: { note: OrderNoteDto; utcOffset: string }) {
  const system = !isUserNote(note);
  return (
    <Paper
      p="xs"
      radius="sm"
      bg={system ? 'gray.0' : 'yellow.0'}
      data-testid="order-note"
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
      <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {note.text}
      </Text>
    </Paper>
  );
}
