import type { OrderDetailDto } from '@backroom/shared';
import {
  channelOrderDetailPath,
  formatShipmentDate,
  isFulfilled,
  paymentProcessorLink,
} from '@backroom/shared';
import { Anchor, Button, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useMe } from '../../../auth/api';
import { useCreateReturn } from '../../../returns/api';
import { OrderStatusTag } from '../../components/order-badges';
import { EmptyRow, Section } from '../../components/section';
import { addressOneLine, dollars, packageSize, poundsOf } from '../../lib/order-format';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Column headers; the money columns' names align right above their amounts. */
function Headers({ names, right = [] }: { names: string[]; right?: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {names.map((name) => (
          <Table.Th key={name} ta={right.includes(name) ? 'right' : undefined}>
            {name}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** Totals: Unit Total, Discount Total, Tax Total, Order Total. */
export function OrderTotals({ totals }: { totals: OrderDetailDto['totals'] }) {
  const values = [
    ['Unit Total', totals.unitTotal],
    ['Discount Total', totals.discountTotal],
    ['Tax Total', totals.taxTotal],
    ['Order Total', totals.orderTotal],
  ] as const;
  return (
    <Section title="Totals" data-testid="order-totals">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {values.map(([label, value]) => (
          <Stack key={label} gap={0} data-testid={`total-${label.toLowerCase().replace(/ /g, '-')}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text size="lg" fw={label === 'Order Total' ? 700 : 500}>
              {dollars(value)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}

const ITEM_COLUMNS = [
  'SKU',
  'Name',
  'Qty',
  'Price',
  'Line Total',
  'Line Discount',
  'Line Subtotal',
  'Line Tax',
];
const ITEM_NUMBERS = ITEM_COLUMNS.slice(2);

export function ItemsTable({ items }: { items: OrderDetailDto['items'] }) {
  return (
    <Section title="Items">
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing={6} data-testid="order-items">
          <Headers names={ITEM_COLUMNS} right={ITEM_NUMBERS} />
          <Table.Tbody>
            {items.length === 0 ? (
              <EmptyRow columns={ITEM_COLUMNS.length} text="No Items" />
            ) : (
              items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={nowrap}>{item.product?.sku ?? item.listingSKU ?? '—'}</Table.Td>
                  <Table.Td miw={160}>{item.product?.name ?? item.description ?? '—'}</Table.Td>
                  <Table.Td ta="right">{item.quantityOrdered}</Table.Td>
                  {(
                    [
                      ['price', item.unitPrice],
                      ['total', item.lineTotal],
                      ['discount', item.lineDiscount],
                      ['subtotal', item.lineSubtotal],
                      ['tax', item.lineTax],
                    ] as const
                  ).map(([column, amount]) => (
                    <Table.Td key={column} ta="right" style={nowrap}>
                      {dollars(amount)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

const SHIPMENT_COLUMNS = [
  'ID',
  'Items',
  'Shipped',
  'Carrier',
  'Cost',
  'Service',
  'Package',
  'Tracking',
  'Address',
];

export function ShipmentsTable({
  shipments,
  utcOffset,
  children,
}: {
  shipments: OrderDetailDto['shipments'];
  utcOffset: string;
  /** The shipment panels, under the table. */
  children?: ReactNode;
}) {
  return (
    <Section title="Shipments">
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing={6} data-testid="order-shipments">
          <Headers names={SHIPMENT_COLUMNS} right={['Cost']} />
          <Table.Tbody>
            {shipments.length === 0 ? (
              <EmptyRow columns={SHIPMENT_COLUMNS.length} text="No Shipments" />
            ) : (
              shipments.map((shipment) => {
                const size = packageSize({
                  length: shipment.packageLengthInch,
                  width: shipment.packageWidthInch,
                  height: shipment.packageHeightInch,
                });
                return (
                  <Table.Tr key={shipment.id} data-testid={`shipment-${shipment.id}`}>
                    <Table.Td>{shipment.id}</Table.Td>
                    <Table.Td>
                      {shipment.items.length === 0
                        ? '—'
                        : shipment.items.map((item) => (
                            <Text key={`${item.productId}-${item.sku}`} size="sm" style={nowrap}>
                              {item.quantity} × {item.sku ?? item.productId}
                            </Text>
                          ))}
                    </Table.Td>
                    <Table.Td style={nowrap}>
                      {formatShipmentDate(shipment.shippedAt, utcOffset) || '—'}
                    </Table.Td>
                    <Table.Td>{shipment.shipService?.carrier?.name ?? '—'}</Table.Td>
                    <Table.Td ta="right">{dollars(shipment.carrierFeeBilled)}</Table.Td>
                    <Table.Td>{shipment.shipService?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={nowrap}>
                        {shipment.package?.commonName ?? 'Custom package'}
                      </Text>
                      <Text size="xs" c="dimmed" style={nowrap} data-testid="package-size">
                        {[size, poundsOf(shipment.packageWeightOunce)].filter(Boolean).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>
                      {shipment.trackingNumber ?? '—'}
                      {shipment.isVoided ? (
                        <Text size="xs" c="red">
                          Voided
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td miw={140}>
                      <Text size="sm" lineClamp={3}>
                        {addressOneLine(shipment.address) || 'Missing Shipping Information'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {children}
    </Section>
  );
}

const PAYMENT_COLUMNS = ['ID', 'Status', 'Type', 'Amount', 'Refunded'];

export function PaymentsTable({ payments }: { payments: OrderDetailDto['payments'] }) {
  return (
    <Section title="Payments">
      <Table striped verticalSpacing={6} data-testid="order-payments">
        <Headers names={PAYMENT_COLUMNS} right={['Amount', 'Refunded']} />
        <Table.Tbody>
          {payments.length === 0 ? (
            <EmptyRow columns={PAYMENT_COLUMNS.length} text="No Payments" />
          ) : (
            payments.map((payment) => {
              const processor = paymentProcessorLink(payment);
              return (
                <Table.Tr key={payment.id}>
                  <Table.Td>
                    {processor ? (
                      <Anchor href={processor} target="_blank" rel="noopener noreferrer" size="sm">
                        {payment.id}
                      </Anchor>
                    ) : (
                      payment.id
                    )}
                  </Table.Td>
                  <Table.Td>{payment.status.name}</Table.Td>
                  <Table.Td>{payment.type.name}</Table.Td>
                  <Table.Td ta="right">{dollars(payment.amount)}</Table.Td>
                  <Table.Td ta="right" c={payment.refunded > 0 ? 'red' : undefined}>
                    {dollars(payment.refunded)}
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

const RETURN_COLUMNS = ['ID', 'Reference', 'Shipments', 'Payments', 'Amount', 'Claim $', 'Reimbursed $'];

/**
 * Returns of the order. 'Start Return' creates a return expecting every unit no other return expects yet,
 * then opens it; it needs the returns permission, which the server checks too.
 */
export function ReturnsTable({ orderId, returns }: { orderId: number; returns: OrderDetailDto['returns'] }) {
  const canStart = useMe().data?.permissionGroups.includes('returns') ?? false;
  const create = useCreateReturn(orderId);
  const navigate = useNavigate();
  const start = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        notify({ color: 'green', message: 'Return Created Successfully' });
        navigate(`/return/${created.id}`);
      },
      onError: (error) =>
        notify({
          color: 'red',
          title: `Error Creating Return for OrderId: #${orderId}`,
          message: error instanceof ApiError ? error.message : String(error),
          autoClose: 8000,
        }),
    });
  const button = (
    <Button size="xs" variant="default" onClick={start} loading={create.isPending} disabled={!canStart}>
      Start Return
    </Button>
  );
  return (
    <Section
      title="Returns"
      actions={
        canStart ? (
          button
        ) : (
          <Tooltip label="Starting a return needs the returns permission" withArrow>
            <span data-testid="start-return-wrapper">{button}</span>
          </Tooltip>
        )
      }
    >
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing={6} data-testid="order-returns">
          <Headers names={RETURN_COLUMNS} right={['Amount', 'Claim $', 'Reimbursed $']} />
          <Table.Tbody>
            {returns.length === 0 ? (
              <EmptyRow columns={RETURN_COLUMNS.length} text="No Returns" />
            ) : (
              returns.map((item) => (
                <Table.Tr key={item.id} data-testid={`return-${item.id}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/return/${item.id}`} size="sm">
                      {item.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{item.referenceId ?? '—'}</Table.Td>
                  <Table.Td>
                    {item.shipments.length
                      ? item.shipments.map((s) => s.trackingNumber ?? `#${s.id}`).join(', ')
                      : '—'}
                  </Table.Td>
                  <Table.Td>
                    {item.payments.length ? item.payments.map((p) => dollars(p.amount)).join(', ') : '—'}
                  </Table.Td>
                  <Table.Td ta="right">{dollars(item.amount)}</Table.Td>
                  <Table.Td ta="right">{dollars(item.appeal?.claimAmountDollar)}</Table.Td>
                  <Table.Td ta="right">{dollars(item.appeal?.reimbursementAmountDollar)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

const RELATED_COLUMNS = ['ID', 'Type', 'Status'];

/** Related Orders: the ID opens the other order in a new tab. */
export function RelatedOrdersTable({ related }: { related: OrderDetailDto['relatedOrders'] }) {
  return (
    <Section title="Related Orders">
      <Table striped verticalSpacing={6} data-testid="related-orders">
        <Headers names={RELATED_COLUMNS} />
        <Table.Tbody>
          {related.length === 0 ? (
            <EmptyRow columns={RELATED_COLUMNS.length} text="No Related Orders" />
          ) : (
            related.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td>
                  <Anchor
                    href={channelOrderDetailPath(order.id)}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    fw={600}
                  >
                    {order.id}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {order.channelOrderNumber}
                  </Text>
                </Table.Td>
                <Table.Td>{order.type.name}</Table.Td>
                <Table.Td>
                  <OrderStatusTag
                    size="sm"
                    name={order.status.name}
                    fulfilled={isFulfilled(order.status.id)}
                  />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
