import type { PrintServer } from '@backroom/shared';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ReasonButton } from '../../../components/reason-button';
import { useMe } from '../../auth/api';
import { useCreateServer, useWarehousePrinters } from '../api';
import { NewPrinters } from './new-printer-paper';

/**
 * The print agent's config file for this server (apps/print-agent/README.md, Configuration): Backroom's
 * address and the token are filled in; the printer line is the one thing to change to the PC's printers.
 */
export function agentConfig(token: string, origin = window.location.origin) {
  return JSON.stringify(
    {
      serverUrl: origin,
      token,
      printers: [{ uri: 'tcp://10.0.0.31:9100', name: 'Packing Zebra' }],
      journalPath: '/var/lib/backroom-print-agent/journal.log',
    },
    null,
    2,
  );
}

/**
 * The new server's printers, as its agent registers them (looked for every 2 s while this is open): each asks
 * for its paper, then offers a test print.
 */
function RegisteredPrinters({ server }: { server: PrintServer }) {
  const canEdit = useMe().data?.permissionGroups.includes('printing') ?? false;
  const printers = useWarehousePrinters(server.warehouseId, false, 2_000).data ?? [];
  const mine = printers.filter((p) => p.server.id === server.id);
  if (mine.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="agent-waiting">
        Waiting for the print agent to connect…
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="agent-printers">
      <Text
        size="sm"
        fw={500}
      >{`The print agent connected: ${mine.length} printer${mine.length === 1 ? '' : 's'}`}</Text>
      <NewPrinters printers={mine} canEdit={canEdit} />
    </Stack>
  );
}

function TokenOnce({ server, onDone }: { server: PrintServer & { token: string }; onDone: () => void }) {
  const config = agentConfig(server.token);
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
        On the warehouse PC that reaches the printers, save this as the print agent's config file
        (/etc/backroom/print-agent.json), list that PC's printers in it (tcp://address:9100 or cups://queue),
        and start the agent, as described in apps/print-agent/README.md:
      </Text>
      <Code block data-testid="agent-config">
        {config}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={config}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" color={copied ? 'teal' : 'blue'} onClick={copy}>
              {copied ? 'Copied' : 'Copy config'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <RegisteredPrinters server={server} />
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
      <ReasonButton onClick={open} disabledReason={!isAdmin && 'Adding a print server needs adminUserAccess'}>
        Add print server
      </ReasonButton>
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
                <ReasonButton
                  type="submit"
                  loading={create.isPending}
                  disabledReason={!name.trim() && 'Server name is required'}
                >
                  Create
                </ReasonButton>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
