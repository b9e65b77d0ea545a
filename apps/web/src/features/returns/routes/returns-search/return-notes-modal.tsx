import {
  formatNoteDate,
  RETURN_NOTE_ADD_ERROR_FROM_SEARCH,
  RETURN_NOTE_MAX_LENGTH,
  type ReturnSearchRow,
  returnNotesTitle,
  USER_NOTE_TYPE_ID,
} from '@backroom/shared';
import { Alert, Badge, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { Modal } from '../../../../components/modal';
import { useMe } from '../../../auth/api';
import { useInboundReturn } from '../../api';
import { useAddReturnNote } from '../../search-api';

/** A note is one line: pasted line breaks become spaces (Enter saves). */
const oneLine = (text: string) => text.replace(/\r\n|\r|\n/g, ' ');

/**
 * The notes modal of the returns search (returns.md §Returns search): titled '{order number} Notes', '{id}
 * Notes' or 'Inbound Return Notes'; the return's notes, newest first; 'Leave a Note' where Enter adds one.
 * After a note is added the row's notes are refreshed and the modal closes; a failure is logged and said here
 * ('Error Adding a Return Note.'), the words kept.
 */
export function ReturnNotesModal({ row, onClose }: { row: ReturnSearchRow | null; onClose(): void }) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={returnNotesTitle(row)} size="lg">
      {row && <NotesBody key={row.id} row={row} onClose={onClose} />}
    </Modal>
  );
}

function NotesBody({ row, onClose }: { row: ReturnSearchRow; onClose(): void }) {
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  const detail = useInboundReturn(row.id);
  const addNote = useAddReturnNote();
  const [draft, setDraft] = useState('');
  const [failed, setFailed] = useState(false);
  const notes = (detail.data?.notes ?? []).filter(
    (note) => (note as { inboundReturnItemId?: number | null }).inboundReturnItemId == null,
  );

  const submit = () => {
    const text = draft.trim();
    if (!text || addNote.isPending) return;
    setFailed(false);
    addNote.mutate(
      { inboundReturnId: row.id, text },
      {
        onSuccess: () => {
          setDraft('');
          onClose();
        },
        onError: (error) => {
          console.error(RETURN_NOTE_ADD_ERROR_FROM_SEARCH, error);
          setFailed(true);
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Stack gap="sm" data-testid="return-notes-modal">
      <Textarea
        aria-label="Leave a Note"
        placeholder="Leave a Note"
        description="Enter adds the note"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={RETURN_NOTE_MAX_LENGTH}
        data-autofocus
        disabled={addNote.isPending}
        value={draft}
        onChange={(event) => setDraft(oneLine(event.currentTarget.value))}
        onKeyDown={onKeyDown}
      />
      {failed && (
        <Alert color="red" data-testid="return-note-error">
          {RETURN_NOTE_ADD_ERROR_FROM_SEARCH}
        </Alert>
      )}
      {detail.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading notes...
          </Text>
        </Group>
      ) : notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No Notes
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360}>
          <Stack gap={6} data-testid="return-note-list">
            {notes.map((note) => (
              <Paper
                key={note.id}
                p="xs"
                radius="sm"
                bg={note.noteTypeId === USER_NOTE_TYPE_ID ? 'yellow.0' : 'gray.0'}
                data-testid="return-note"
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" fw={600}>
                      {note.user
                        ? `${note.user.firstName ?? ''} ${note.user.lastName ?? ''}`.trim()
                        : 'System'}
                    </Text>
                    {note.noteTypeId !== USER_NOTE_TYPE_ID && (
                      <Badge size="xs" variant="outline" color="gray">
                        System
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatNoteDate(note.createdAt, utcOffset)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {note.text}
                </Text>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
