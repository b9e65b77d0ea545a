import { returnItemNoteErrorText } from '@backroom/shared';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useMe } from '../../auth/api';
import { addReturnItemNote } from '../panels-api';
import { NoteInput, NoteList, type ReturnNoteLike } from './return-note-list';

interface ItemLike {
  id: number;
  product?: { sku: string; name: string } | null;
}

interface ItemNotesProps {
  /** The return as GET …/returns/{id} answers it: the item's notes are among its notes. */
  detail: { notes: readonly ReturnNoteLike[] };
  item: ItemLike;
  /** Reloads the return after a note is added. */
  onChanged: () => void;
  disabled?: boolean;
}

const notesOf = (notes: readonly ReturnNoteLike[], itemId: number) =>
  notes.filter((note) => note.inboundReturnItemId === itemId);

/**
 * Item notes modal (returns.md §Item notes modal, §7 PUT …/returns/item/notes): the item's notes, newest first,
 * and a note box that saves on Enter. A failure reads 'Error Adding Return Note for Return Item #{id}'.
 */
export function ItemNotesModal({
  detail,
  item,
  onChanged,
  disabled,
  onClose,
}: ItemNotesProps & { onClose: () => void }) {
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  // The call answers the item's notes: shown at once, before the return has reloaded.
  const [answered, setAnswered] = useState<ReturnNoteLike[] | null>(null);
  const notes = answered ?? notesOf(detail.notes, item.id);

  const submit = async (text: string) => {
    try {
      setAnswered(await addReturnItemNote(item.id, text));
      onChanged();
    } catch (error) {
      notify({
        color: 'red',
        title: returnItemNoteErrorText(item.id),
        message: error instanceof ApiError ? error.message : String(error),
      });
      throw error;
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Item #${item.id} Notes`} size={560}>
      <Stack gap="sm" data-testid="item-notes-modal">
        {item.product && (
          <Text size="sm" c="dimmed">
            {item.product.sku} · {item.product.name}
          </Text>
        )}
        <NoteInput onSubmit={submit} disabled={disabled} testId="item-note-input" />
        <NoteList notes={notes} utcOffset={utcOffset} emptyText="No Notes" />
      </Stack>
    </Modal>
  );
}
