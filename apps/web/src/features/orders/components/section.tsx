import { Group, Paper, type PaperProps, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the order detail, with optional controls on the title's right. */
export function Section({
  title,
  actions,
  children,
  ...props
}: { title: string; actions?: ReactNode; children: ReactNode } & PaperProps & {
    'data-testid'?: string;
  }) {
  return (
    <Paper withBorder p="md" {...props}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" mih={28}>
          <Title order={4}>{title}</Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The one row of an empty table, with the spec's empty text ('No Items', 'No Shipments', ...). */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text size="sm" c="dimmed" ta="center" py="xs">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
