import { pointOfSalePath } from '@backroom/shared';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { createPosOrder, posKeys, toastFailure, toastSuccess } from '../../pos-api';

/**
 * /POS/new: makes a new point-of-sale order (the account's POS channel and warehouse) and opens it at
 * /POS/{id}, replacing this address so Back does not make another one.
 */
export function PosNewPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const create = useCallback(() => {
    setError(null);
    createPosOrder()
      .then((order) => {
        client.setQueryData(posKeys.order(order.id), order);
        toastSuccess('Order Created Successfully');
        navigate(pointOfSalePath(order.id), { replace: true });
      })
      .catch((failure) => {
        toastFailure('Error Creating Order', failure);
        setError(failure instanceof ApiError ? failure.message : String(failure));
      });
  }, [client, navigate]);

  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    create();
  }, [create]);

  return (
    <Center py="xl">
      {error ? (
        <Alert color="red" title="Error Creating Order" data-testid="pos-create-error" maw={520}>
          <Stack gap="sm">
            <Text size="sm">{error}</Text>
            <Group>
              <Button onClick={create}>Try Again</Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Creating a new order…</Text>
        </Group>
      )}
    </Center>
  );
}
