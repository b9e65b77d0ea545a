import { utcOffsetLabel } from '@backroom/shared';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { useAccounts, useRoles, useUsers } from '../../api';
import { AccountEditor } from '../../components/account-editor';
import { UserEditor } from '../../components/user-editor';

function ListBox({
  title,
  testId,
  newLabel,
  onNew,
  loading,
  empty,
  children,
}: {
  title: string;
  testId: string;
  newLabel: string;
  onNew: () => void;
  loading: boolean;
  empty: string | null;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap="sm">
        {/* The button beside the title, at the left: a toast at the top centre never covers it. */}
        <Group gap="md" wrap="nowrap">
          <Title order={3}>{title}</Title>
          <Button size="xs" onClick={onNew}>
            {newLabel}
          </Button>
        </Group>
        {loading ? (
          <Stack gap={6}>
            <Skeleton height={28} />
            <Skeleton height={28} />
            <Skeleton height={28} />
          </Stack>
        ) : empty ? (
          <Text size="sm">{empty}</Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

/** Every account of the admin: a name opens it in 'Create/Edit Accounts'. */
function AccountList({ onOpen }: { onOpen: (id: number) => void }) {
  const accounts = useAccounts();
  const rows = accounts.data ?? [];
  return (
    <ListBox
      title="Accounts"
      testId="account-list"
      newLabel="New Account"
      onNew={() => onOpen(0)}
      loading={accounts.isPending}
      empty={rows.length === 0 ? 'No accounts yet: New Account creates the first.' : null}
    >
      <Table.ScrollContainer minWidth={420} type="native">
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>UTC Offset</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" px={4} onClick={() => onOpen(account.id)}>
                    {account.name}
                  </Button>
                </Table.Td>
                <Table.Td>{utcOffsetLabel(account.utcOffset)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListBox>
  );
}

/** Every user the admin may see, with their roles: a name opens them in 'Create/Edit Users'. */
function UserList({ onOpen }: { onOpen: (id: number) => void }) {
  const users = useUsers();
  const roles = useRoles();
  const roleName = new Map((roles.data ?? []).map((role) => [role.id, role.name]));
  const rows = users.data ?? [];
  return (
    <ListBox
      title="Users"
      testId="user-list"
      newLabel="New User"
      onNew={() => onOpen(0)}
      loading={users.isPending}
      empty={rows.length === 0 ? 'No users yet: New User creates the first.' : null}
    >
      <Table.ScrollContainer minWidth={420} type="native">
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Roles</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" px={4} onClick={() => onOpen(user.id)}>
                    {user.firstName} {user.lastName}
                  </Button>
                </Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  {user.roles.map((role) => roleName.get(role.id) ?? `Role ${role.id}`).join(', ') || '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListBox>
  );
}

/**
 * Accounts & Users admin (catalogue-admin.md §2.1): two boxes side by side. An admin first sees the accounts
 * and the users that exist (issue 19 §4); a name, or New Account / New User, opens that side's
 * 'Create/Edit …' box with its selector, and 'Back to the list' returns. A user without adminUserAccess has
 * no list to choose from: the page opens on their own user.
 */
export function AccountsUsersPage() {
  usePageTitle('Accounts & Users');
  const me = useMe().data!;
  const isAdmin = me.adminUserAccess;
  const [accountId, setAccountId] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(isAdmin ? null : me.user.id);
  return (
    <Stack>
      <div>
        <Title order={2}>Accounts &amp; Users</Title>
        <Text size="sm" c="dimmed">
          {isAdmin
            ? 'The accounts you run and the people who sign in to them, with the roles that decide what each may do.'
            : 'Your own name, e-mail, PIN and password.'}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, lg: isAdmin ? 2 : 1 }} style={{ alignItems: 'start' }}>
        {isAdmin &&
          (accountId === null ? (
            <AccountList onOpen={setAccountId} />
          ) : (
            <AccountEditor
              selectedId={accountId}
              onSelect={setAccountId}
              onClose={() => setAccountId(null)}
            />
          ))}
        {userId === null ? (
          <UserList onOpen={setUserId} />
        ) : (
          <UserEditor
            selectedId={userId}
            onSelect={setUserId}
            onClose={isAdmin ? () => setUserId(null) : undefined}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
