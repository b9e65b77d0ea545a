import type { PermissionGroup } from '@backroom/shared';
import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMe } from '../features/auth/api';

/**
 * A screen opened by its address without the permission it needs: its title and which permission that is,
 * instead of an empty screen whose every call the server refuses (the server checks it too). With the
 * permission the screen itself is drawn.
 */
export function PermissionNeeded({
  title,
  permission,
  message = `You need the ${permission} permission to use ${title}.`,
  children,
}: {
  title: string;
  permission: PermissionGroup;
  message?: string;
  children: ReactNode;
}) {
  const me = useMe().data;
  if (me?.permissionGroups.includes(permission)) return children;
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Alert color="yellow" data-testid="permission-needed">
        {message}
      </Alert>
    </Stack>
  );
}
