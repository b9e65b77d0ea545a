import { Alert, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';

/**
 * What an order page shows before it has its order: the address names none, the order could not be loaded,
 * or it is still loading. Null once there is an order to show.
 */
export function OrderPageState({
  crumbs,
  valid,
  error,
  loaded,
  testId,
}: {
  crumbs: ReactNode;
  valid: boolean;
  error: unknown;
  loaded: boolean;
  testId: string;
}) {
  if (!valid || error) {
    return (
      <Stack>
        {crumbs}
        <Alert color="red" title="Order not available" data-testid={testId}>
          {!valid ? 'The address names no order.' : error instanceof ApiError ? error.message : String(error)}
        </Alert>
      </Stack>
    );
  }
  if (loaded) return null;
  return (
    <Stack>
      {crumbs}
      <Center py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Loading...</Text>
        </Group>
      </Center>
    </Stack>
  );
}
