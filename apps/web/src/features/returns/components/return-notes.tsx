import { isUserNote, returnNoteErrorText } from '@backroom/shared';
import { Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useMe } from '../../auth/api';
import { Section } from '../../orders/components/section';
import { addReturnNote } from '../panels-api';
import { NoteInput, NoteList, type ReturnNoteLike } from './return-note-list';

interface ReturnNotesPanelProps {
  /** The return as GET …/returns/{id} answers it. */
  detail: { id: number; notes: readonly ReturnNoteLike[] };
  /** Reloads the return (returns.md §4 Reloads: after a note is added). */
  onChanged: () => void;
  disabled?: boolean;
}

/**
 * Return notes (returns.md §Manage inbound return, §7 PUT …/returns/notes): 'Leave a Note' saves on Enter; the
 * return's own notes (not its items'), people's first; the system's (labels bought, payments, appeal changes)
 * with the 'System Notes' switch. Dates 'YYYY-MM-DD HH:mm' in the account's offset.
 */
export function ReturnNotesPanel({ detail, onChanged, disabled }: ReturnNotesPanelProps) {
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  const [showSystem, setShowSystem] = useState(false);
  const own = detail.notes.filter((note) => !note.inboundReturnItemId);
  const shown = showSystem ? own : own.filter(isUserNote);

  const submit = async (text: string) => {
    try {
      await addReturnNote(detail.id, text);
      onChanged();
    } catch (error) {
      notify({
        color: 'red',
        title: returnNoteErrorText(detail.id),
        message: error instanceof ApiError ? error.message : String(error),
      });
      throw error;
    }
  };

  return (
    <Section
      title="Return Notes"
      data-testid="return-notes"
      actions={
        <Switch
          label="System Notes"
          size="sm"
          checked={showSystem}
          onChange={(event) => setShowSystem(event.currentTarget.checked)}
        />
      }
    >
      <Stack gap="sm">
        <NoteInput onSubmit={submit} disabled={disabled} testId="return-note-input" />
        <NoteList
          notes={shown}
          utcOffset={utcOffset}
          emptyText={own.length ? 'No user notes. Turn on System Notes to see the others.' : 'No Notes'}
        />
      </Stack>
    </Section>
  );
}
