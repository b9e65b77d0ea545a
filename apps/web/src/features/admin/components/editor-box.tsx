import { Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface EditorBoxProps {
  title: string;
  testId: string;
  /** Label of the selector, e.g. 'Account'. */
  noun: string;
  /** Selector entries; the 'Create …' entry (value 0) comes first when the user may create. */
  options: { value: string; label: string }[];
  selectedId: number;
  onSelect(id: number): void;
  /** Back to the lists of accounts and users. */
  onClose?: () => void;
  children: ReactNode;
}

/** One of the two side-by-side boxes of the Accounts & Users screen: a selector, then the chosen record's form. */
export function EditorBox({
  title,
  testId,
  noun,
  options,
  selectedId,
  onSelect,
  onClose,
  children,
}: EditorBoxProps) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={`${testId}-box`}>
      <Stack>
        <Group justify="space-between" wrap="nowrap">
          <Title order={3}>{title}</Title>
          {onClose && (
            <Button variant="default" size="xs" onClick={onClose} data-testid={`${testId}-box-close`}>
              Back to the list
            </Button>
          )}
        </Group>
        <Select
          label={noun}
          aria-label={`Choose ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun.toLowerCase()}`}
          data-testid={`${testId}-select`}
          allowDeselect={false}
          searchable
          data={options}
          value={String(selectedId)}
          onChange={(value) => onSelect(Number(value ?? 0))}
        />
        {children}
      </Stack>
    </Paper>
  );
}
