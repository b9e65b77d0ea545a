import { ActionIcon, Group, Kbd, Modal, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useQuietKeyShortcut } from '../../lib/keyboard';
import { SCAN_KINDS } from './scan-formats';
import { type ShortcutHelp, useCurrentScreenHelp } from './screen-help';

/** Keys that work on every screen. */
const EVERYWHERE: ShortcutHelp[] = [
  { keys: ['?'], does: 'Open this reference (outside a text field)' },
  { keys: ['Tab'], does: 'Next control; the first Tab on a page offers “Skip to content”' },
  { keys: ['Shift', 'Tab'], does: 'Previous control' },
  { keys: ['Enter'], does: 'Press the focused button or link; submit the field you are in' },
  { keys: ['Esc'], does: 'Close a dialog or an open list' },
];

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {keys.map((key, index) => (
        <span key={key}>
          {index > 0 && (
            <Text span size="xs" mx={2}>
              +
            </Text>
          )}
          <Kbd>{key}</Kbd>
        </span>
      ))}
    </Group>
  );
}

function ShortcutTable({ shortcuts, caption }: { shortcuts: readonly ShortcutHelp[]; caption: string }) {
  return (
    <Table withTableBorder verticalSpacing={4} captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={160}>Keys</Table.Th>
          <Table.Th>What they do</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shortcuts.map((shortcut) => (
          <Table.Tr key={`${shortcut.keys.join('+')}-${shortcut.does}`}>
            <Table.Td>
              <Keys keys={shortcut.keys} />
            </Table.Td>
            <Table.Td>{shortcut.does}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The keyboard and scanner reference (issue 19 §4): press ? outside a text field, or the ? button in the
 * header. It lists the keys that work everywhere, the shown screen's own keys and every kind of label the
 * screen takes, as the screen declares them beside its scan handler.
 */
export function ShortcutReference() {
  const [opened, setOpened] = useState(false);
  const help = useCurrentScreenHelp();
  // Not over another dialog: its focus trap holds the keyboard there.
  useQuietKeyShortcut('?', () => {
    if (!document.querySelector('[role="dialog"][aria-modal="true"]')) setOpened(true);
  });

  return (
    <>
      <Tooltip label="Keyboard and scanner reference (?)">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Keyboard and scanner reference"
          aria-keyshortcuts="?"
          data-testid="shortcut-reference-button"
          onClick={() => setOpened(true)}
        >
          ?
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Keyboard and scanner"
        size="xl"
        data-testid="shortcut-reference"
      >
        <Stack gap="md">
          <Text size="sm">
            Scan a barcode at any time: the screen you are on decides what it does. No need to click a field
            first.
          </Text>
          <section aria-labelledby="reference-screen">
            <Title order={3} size="h4" id="reference-screen" mb="xs">
              On this screen{help ? `: ${help.screen}` : ''}
            </Title>
            <Stack gap="sm">
              {help && help.shortcuts.length > 0 ? (
                <ShortcutTable shortcuts={help.shortcuts} caption="Keys" />
              ) : (
                <Text size="sm">This screen has no keys of its own; the ones below work here.</Text>
              )}
              {help && help.scans.length > 0 ? (
                <Table withTableBorder verticalSpacing={4} captionSide="top" data-testid="reference-scans">
                  <Table.Caption>Scans</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Label</Table.Th>
                      <Table.Th>Looks like</Table.Th>
                      <Table.Th>What a scan does here</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {help.scans.map((scan) => (
                      <Table.Tr key={`${scan.kind}-${scan.does}`}>
                        <Table.Td>{SCAN_KINDS[scan.kind].label}</Table.Td>
                        <Table.Td>{SCAN_KINDS[scan.kind].looksLike}</Table.Td>
                        <Table.Td>{scan.does}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ) : (
                <Text size="sm" data-testid="reference-no-scans">
                  This screen takes no scans: a scan here is refused with a red flash.
                </Text>
              )}
            </Stack>
          </section>
          <section aria-labelledby="reference-everywhere">
            <Title order={3} size="h4" id="reference-everywhere" mb="xs">
              Everywhere
            </Title>
            <ShortcutTable shortcuts={EVERYWHERE} caption="Keys on every screen" />
          </section>
        </Stack>
      </Modal>
    </>
  );
}
