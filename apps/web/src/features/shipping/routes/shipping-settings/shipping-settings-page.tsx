import type { ShippingAdapter } from '@backroom/shared';
import { Badge, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useShippers } from '../../one-off-api';

const ADAPTER_NAMES: Record<ShippingAdapter, string> = { sandbox: 'Sandbox', easypost: 'EasyPost' };
const ADAPTER_COLORS: Record<ShippingAdapter, string> = { sandbox: 'gray', easypost: 'indigo' };

/**
 * Shipping Settings (admin, read-only): the carrier accounts rates are asked of (GET /api/v1/shipping/shippers,
 * the spec's shipperIds) and the adapter that reaches each. The adapter is the server's configuration: EasyPost
 * when it has an EasyPost API key, otherwise the offline sandbox carrier.
 */
export function ShippingSettingsPage() {
  usePageTitle('Shipping Settings');
  const shippers = useShippers();
  const list = shippers.data ?? [];
  const adapters = [...new Set(list.map((s) => s.adapter))];

  return (
    <Stack>
      <Title order={2}>Shipping Settings</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>Carrier Accounts</Title>
          <Text size="sm" c="dimmed" data-testid="shipping-adapter-note">
            {adapters.includes('easypost')
              ? 'Rates and labels come from EasyPost (the server has an EasyPost API key).'
              : 'Rates and labels come from the sandbox carrier: it works offline and charges nothing. Set EASYPOST_API_KEY on the server to use EasyPost.'}
          </Text>
          {shippers.isPending ? (
            <Loader size="sm" />
          ) : shippers.isError ? (
            <Text c="red">{shippers.error.message}</Text>
          ) : (
            <Table withTableBorder striped data-testid="shippers-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Carrier</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Shipper Id</Table.Th>
                  <Table.Th>Adapter</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text size="sm" c="dimmed" ta="center">
                        No carrier accounts.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  list.map((s) => (
                    <Table.Tr key={s.id} data-testid="shipper-row">
                      <Table.Td>{s.carrier}</Table.Td>
                      <Table.Td>{s.description}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {s.id}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={ADAPTER_COLORS[s.adapter]}>
                          {ADAPTER_NAMES[s.adapter]}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
