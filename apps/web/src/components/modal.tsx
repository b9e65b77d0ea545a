import {
  Button,
  Group,
  Modal as MantineModal,
  type ModalProps as MantineModalProps,
  Stack,
} from '@mantine/core';
import type { ReactNode } from 'react';

interface ModalProps extends Omit<MantineModalProps, 'title'> {
  title?: ReactNode;
  /** 'default' is a plain modal; 'card' adds the footer with 'Save Changes' and 'Cancel' (orders-warehouse.md §Shared widgets). */
  layout?: 'default' | 'card';
  onSave?: () => void;
  saving?: boolean;
  saveDisabled?: boolean;
}

export function Modal({
  layout = 'default',
  onSave,
  saving,
  saveDisabled,
  children,
  title,
  ...props
}: ModalProps) {
  if (layout === 'default') {
    return (
      <MantineModal title={title} {...props}>
        {children}
      </MantineModal>
    );
  }
  return (
    <MantineModal title={title} withCloseButton {...props}>
      <Stack>
        <div>{children}</div>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={onSave} loading={saving} disabled={saveDisabled}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </MantineModal>
  );
}
