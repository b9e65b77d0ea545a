import {
  PRODUCT_QUEUE_NAME_MAX,
  type ProductQueue,
  queueCreatedMessage,
  queueTagText,
  SAVE_SELECTION_AS_QUEUE,
} from '@backroom/shared';
import { Badge, Button, CloseButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';

import { useState } from 'react';

import { notify } from '../../../../lib/notify';

import { useCreateQueue, useProductQueues } from '../../api';

/** §2.2 "an optional queue tag with a remove control": 'Queue: {name}' and its ×. */
export function QueueTag({
  queueId,
  blockedTitle,
  onRemove,
}: {
  queueId: number;
  /** 'Save or Discard Changes' while changes are pending: removing the queue reloads the list. */
  blockedTitle: string | null;
  onRemove: () => void;
}) {
  const queues = useProductQueues();
  const queue = queues.data?.find((q) => q.id === queueId);
  const name = queue?.name ?? (queues.isPending ? '…' : `#${queueId}`);
  return (
    <Badge
      size="lg"
      variant="light"
      color="violet"
      data-testid="queue-tag"
      style={{ textTransform: 'none' }}
      rightSection={
        <CloseButton
          size="xs"
          aria-label="Remove queue"
          disabled={blockedTitle !== null}
          title={blockedTitle ?? 'Show the whole brand again'}
          onClick={onRemove}
        />
      }
    >
      {queueTagText(name)}
    </Badge>
  );
}

/** 'Save Selection as Queue': names a new queue of the selected products. */
export function SaveQueueButton({
  productIds,
  onCreated,
}: {
  productIds: number[];
  onCreated: (queue: ProductQueue) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const create = useCreateQueue();
  const close = () => {
    setOpened(false);
    setName('');
  };
  const submit = () =>
    create.mutate(
      { name: name.trim(), productIds },
      {
        onSuccess: (queue) => {
          notify({
            color: 'green',
            message: queueCreatedMessage(queue.name, queue.productCount),
          });
          close();
          onCreated(queue);
        },
      },
    );
  return (
    <>
      <Button variant="light" color="violet" onClick={() => setOpened(true)}>
        {SAVE_SELECTION_AS_QUEUE}
      </Button>
      <Modal opened={opened} onClose={close} title={SAVE_SELECTION_AS_QUEUE}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {productIds.length} selected {productIds.length === 1 ? 'product' : 'products'} go into the
              queue.
            </Text>
            <TextInput
              label="Queue Name"
              data-autofocus
              maxLength={PRODUCT_QUEUE_NAME_MAX}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
                Save Queue
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
