import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { useMe } from '../../auth/api';
import { type PrintServer, useCreateServer } from '../api';

/** How to start the print agent with the new token (apps/print-agent/README.md has the full guide). */
function agentCommand(token: string) {
  return [
    `BACKROOM_SERVER_URL=${window.location.origin} \\`,
    `BACKROOM_AGENT_TOKEN=${token} \\`,
    `BACKROOM_PRINTERS="Packing Zebra=tcp://10.0.0.31:9100" \\`,
    'npm start -w @backroom/print-agent',
  ].join('\n');
}

function TokenOnce({ server, onDone }: { server: PrintServer & { token: string }; onDone: () => void }) {
  return (
    <Stack>
      <Text size="sm">{`${server.commonName} was created. Its print agent signs in with this token:`}</Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code data-testid="print-server-token" style={{ flex: 1, wordBreak: 'break-all' }}>
          {server.token}
        </Code>
        <CopyButton value={server.token}>
          {({ copied, copy }) => (
            <Button size="xs" color={copied ? 'teal' : 'blue'} onClick={copy}>
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Alert color="yellow" variant="light">
        This token is shown only once. Copy it now: Backroom keeps only a fingerprint of it and cannot show it
        again.
      </Alert>
      <Text size="sm">
        On the warehouse PC that reaches the printers, start the print agent with the token and that PC's
        printers (raw TCP 9100 or CUPS queues), as described in apps/print-agent/README.md:
      </Text>
      <Code block>{agentCommand(server.token)}</Code>
      <Text size="sm" c="dimmed">
        The server shows as online once the agent connects, and its printers join this table.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/** 'Add print server': an agent print server for this warehouse; its token is shown once, here. */
export function AddPrintServerButton({ warehouse }: { warehouse: { id: number; name: string } }) {
  const create = useCreateServer();
  // The server refuses it too: a print server and its token are administration.
  const isAdmin = useMe().data?.adminUserAccess ?? false;
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<(PrintServer & { token: string }) | null>(null);

  const open = () => {
    setName(`${warehouse.name} Print Server`);
    setCreated(null);
    setOpened(true);
  };
  // Closing forgets the token: nothing keeps it after this modal.
  const close = () => {
    setOpened(false);
    setCreated(null);
  };
  const submit = () =>
    create.mutate(
      { commonName: name.trim(), warehouseId: warehouse.id },
      { onSuccess: (server) => server.token && setCreated({ ...server, token: server.token }) },
    );

  return (
    <>
      <Tooltip label="Adding a print server needs adminUserAccess" disabled={isAdmin}>
        <Button onClick={open} disabled={!isAdmin}>
          Add print server
        </Button>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={close}
        title={created ? 'Print server token' : 'Add print server'}
        size="lg"
        // The token cannot be shown again: a stray click outside must not lose it.
        closeOnClickOutside={!created}
        closeOnEscape={!created}
      >
        {created ? (
          <TokenOnce server={created} onDone={close} />
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim()) submit();
            }}
          >
            <Stack>
              <Text size="sm">
                {`A print server is a PC in ${warehouse.name} running the print agent. Its printers print this warehouse's labels.`}
              </Text>
              <TextInput
                label="Server name"
                required
                maxLength={120}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={name.trim() ? null : 'Server name is required'}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
                  Create
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
