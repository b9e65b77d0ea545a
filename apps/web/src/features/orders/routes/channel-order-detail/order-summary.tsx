import type { OrderDetailDto, ShippingAddressDto } from '@backroom/shared';
import { formatOrderDate } from '@backroom/shared';
import { Anchor, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { ExternalLinkIcon } from '../../components/icons';
import { OrderStatusTag, PrimeFbaIcons } from '../../components/order-badges';
import { Section } from '../../components/section';
import { type AddressParts, addressLines, customerName } from '../../lib/order-format';

/**
 * The left side's head (orders-warehouse.md §Channel order detail): the order's name (its channel), the
 * channel order number with the link to the channel site (none for sites 5 and 7), the internal id, Prime
 * and FBA icons, the status tag and the dates in the account's offset.
 */
export function OrderSummary({ order, utcOffset }: { order: OrderDetailDto; utcOffset: string }) {
  const link = order.link;
  const dates = [
    ['Ordered', order.orderedAt, 'ordered'],
    ['Delivery By', order.latestDeliveredAt, 'delivery-by'],
    ['Shipped', order.latestShippedAt, 'shipped'],
  ] as const;
  return (
    <Paper withBorder p="md" data-testid="order-summary">
      <Stack gap={6}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} data-testid="order-name">
          {order.channel?.name ?? 'Channel'} Order
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Title order={3} fz={20} data-testid="order-number" style={{ overflowWrap: 'anywhere' }}>
            {link ? (
              link.isExternal ? (
                <Anchor
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  inherit
                  data-testid="channel-link"
                >
                  {order.channelOrderNumber}
                </Anchor>
              ) : (
                <Anchor component={Link} to={link.href} inherit data-testid="channel-link">
                  {order.channelOrderNumber}
                </Anchor>
              )
            ) : (
              order.channelOrderNumber
            )}
          </Title>
          {link?.isExternal && (
            <Tooltip label={`Open on ${order.channel?.name ?? 'the channel site'}`} withArrow>
              <Anchor
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                c="dimmed"
                display="inline-flex"
                aria-label={`Open on ${order.channel?.name ?? 'the channel site'}`}
              >
                <ExternalLinkIcon />
              </Anchor>
            </Tooltip>
          )}
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="order-id">
            ID {order.id}
          </Text>
          <PrimeFbaIcons isPrime={order.isPrime} isFBA={order.isFBA} />
        </Group>
        <Group>
          <OrderStatusTag name={order.systemOrderStatus.name} fulfilled={order.isFulfilled} size="lg" />
        </Group>
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} data-testid="order-dates">
          <Table.Tbody>
            {dates.map(([label, value, id]) => (
              <Table.Tr key={label}>
                <Table.Td w={110}>
                  <Text size="sm" c="dimmed">
                    {label}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid={`order-date-${id}`}>
                    {formatOrderDate(value, utcOffset) || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

function AddressLines({ lines, testId }: { lines: string[]; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      {lines.map((line, index) => (
        <Text key={`${index}-${line}`} size="sm" fw={index === 0 ? 600 : undefined}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** Customer ('No Customer Information' when absent) and Shipping Address ('No Shipping Information'). */
export function OrderAddresses({ order }: { order: OrderDetailDto }) {
  const customer = order.customer;
  const customerLines = customer?.address
    ? addressLines({ email: customer.email, ...withoutBlanks(customer.address) })
    : customer
      ? [customerName(customer), customer.email ?? '', customer.phone ?? ''].filter(
          (line) => line && line !== '—',
        )
      : [];
  const shippingLines = addressLines(order.shipTo?.address);
  return (
    <>
      <Section title="Customer">
        {customerLines.length ? (
          <AddressLines lines={customerLines} testId="customer-address" />
        ) : (
          <Text size="sm" c="dimmed" data-testid="customer-address">
            No Customer Information
          </Text>
        )}
      </Section>
      <Section title="Shipping Address">
        {shippingLines.length ? (
          <AddressLines lines={shippingLines} testId="shipping-address" />
        ) : (
          <Text size="sm" c="dimmed" data-testid="shipping-address">
            No Shipping Information
          </Text>
        )}
      </Section>
    </>
  );
}

/** The address's own values, without its empty ones (so the customer's e-mail fills in for a blank one). */
function withoutBlanks(address: ShippingAddressDto): AddressParts {
  return Object.fromEntries(Object.entries(address).filter(([, value]) => value !== null && value !== ''));
}
