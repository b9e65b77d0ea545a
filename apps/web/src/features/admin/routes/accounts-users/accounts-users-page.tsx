import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useMe } from '../../../auth/api';
import { AccountEditor } from '../../components/account-editor';
import { UserEditor } from '../../components/user-editor';

/** Accounts & Users admin (catalogue-admin.md §2.1): two boxes side by side. */
export function AccountsUsersPage() {
  const me = useMe().data!;
  return (
    <Stack>
      <Title order={2}>Accounts &amp; Users</Title>
      <SimpleGrid cols={{ base: 1, lg: me.adminUserAccess ? 2 : 1 }} style={{ alignItems: 'start' }}>
        {me.adminUserAccess && <AccountEditor />}
        <UserEditor />
      </SimpleGrid>
    </Stack>
  );
}
