import { formatInOffset } from '@backroom/shared';
import { Code, Group, Modal, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { ReasonButton } from '../../../components/reason-button';
import { notify } from '../../../lib/notify';
import { useMe } from '../../auth/api';
import { fetchBadge, regenerateBadge, useLoginEvents } from '../api';

const METHOD_NAMES = { password: 'Password', pin: 'PIN', badge: 'Badge' } as const;

/**
 * A user's quick-login badge: show its code, regenerate it (every badge printed before stops working), and
 * the user's recent sign-ins. `inReach` is false for a user who holds access the admin lacks: the server
 * refuses those, so the buttons say why instead.
 */
export function UserBadge({ userId, inReach }: { userId: number; inReach: boolean }) {
  const [badge, setBadge] = useState<string | null>(null);
  const [showLogins, setShowLogins] = useState(false);
  const why = inReach ? undefined : 'This user has access you do not hold';

  const regenerate = () =>
    modals.openConfirmModal({
      title: 'Regenerate Badge',
      children: (
        <Text size="sm">
          Every badge printed for this user stops working at once. Print the new badge before they next sign
          in.
        </Text>
      ),
      labels: { confirm: 'Regenerate Badge', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        regenerateBadge(userId).then(
          (b) => {
            setBadge(b.badge);
            notify({
              color: 'green',
              message: 'Badge regenerated: old badges no longer sign in',
            });
          },
          () => undefined,
        ),
    });

  return (
    <Group gap="xs">
      <ReasonButton
        variant="default"
        disabledReason={why}
        onClick={() =>
          fetchBadge(userId).then(
            (b) => setBadge(b.badge),
            () => undefined,
          )
        }
      >
        Show Badge Code
      </ReasonButton>
      <ReasonButton variant="default" color="red" disabledReason={why} onClick={regenerate}>
        Regenerate Badge
      </ReasonButton>
      <ReasonButton variant="subtle" disabledReason={why} onClick={() => setShowLogins(true)}>
        Sign-ins
      </ReasonButton>
      {badge && <Code data-testid="badge-code">{badge}</Code>}
      <LoginsModal userId={userId} opened={showLogins} onClose={() => setShowLogins(false)} />
    </Group>
  );
}

function LoginsModal({ userId, opened, onClose }: { userId: number; opened: boolean; onClose: () => void }) {
  const offset = useMe().data!.currentAccount.utcOffset;
  const logins = useLoginEvents(userId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Recent Sign-ins" size="lg">
      {logins.isLoading ? (
        <Text size="sm">Loading Sign-ins...</Text>
      ) : (logins.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          No sign-ins yet
        </Text>
      ) : (
        <Table fz="sm" data-testid="login-events">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Address</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {logins.data!.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td>{formatInOffset(new Date(event.createdAt), offset)}</Table.Td>
                <Table.Td>{METHOD_NAMES[event.method]}</Table.Td>
                <Table.Td c={event.succeeded ? undefined : 'red'}>
                  {event.succeeded ? 'Signed in' : 'Refused'}
                </Table.Td>
                <Table.Td>{event.ip ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
