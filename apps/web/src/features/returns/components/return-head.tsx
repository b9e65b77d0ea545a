import {
  channelOrderDetailPath,
  channelOrderLink,
  type Printer,
  RELATED_ORDER_TYPE,
  RETURN_STATUS,
  RETURN_TEXTS,
  returnStatusOptions,
} from '@backroom/shared';
import { Alert, Anchor, Badge, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Term } from '../../../components/glossary';
import { ReasonButton } from '../../../components/reason-button';
import { notify } from '../../../lib/notify';
import { addressLines, customerName } from '../../orders/lib/order-format';
import { type InboundReturn, printInboundReturn } from '../api';

/**
 * The return's head (returns.md §Manage inbound return): 'Return #{id}' with print-return-barcode, the status
 * tag and its dropdown, buyer, order links, RMA and channel status, the replacement alert, the address.
 */
export function ReturnHead({
  detail,
  disabled,
  loading,
  printer,
  onStatus,
}: {
  detail: InboundReturn;
  disabled: boolean;
  loading: boolean;
  printer: Printer | null;
  onStatus: (returnStatusId: number) => void;
}) {
  const [printing, setPrinting] = useState(false);
  const channelReturn = detail.channelOrderReturn;
  const order = channelReturn?.order ?? null;
  const link = order
    ? channelOrderLink({
        id: order.id,
        channelOrderNumber: order.channelOrderNumber,
        siteId: order.channel?.siteId,
      })
    : null;
  const replacement = order?.relatedOrders.find(
    (related) => related.type.id === RELATED_ORDER_TYPE.REPLACEMENT,
  );
  const address = addressLines(order?.shipTo.address);

  const printLabel = async () => {
    if (!printer) return;
    setPrinting(true);
    try {
      await printInboundReturn(printer.id, detail.id);
      notify({ color: 'green', message: RETURN_TEXTS.printReturnLabel });
    } catch (error) {
      notify({
        color: 'red',
        title: RETURN_TEXTS.printReturnLabelError,
        message:
          error instanceof Error && error.message ? error.message : RETURN_TEXTS.printReturnLabelFallback,
      });
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Paper withBorder p="md" data-testid="return-head">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz={20} data-testid="return-title">
            Return #{detail.id}
          </Title>
          <Badge
            data-testid="return-status"
            color={detail.status.id === RETURN_STATUS.closed ? 'green' : detail.isOpen ? 'blue' : 'dark'}
            variant="filled"
            size="lg"
            radius="sm"
            style={{ textTransform: 'none', flexShrink: 0 }}
          >
            {detail.status.name}
          </Badge>
        </Group>
        <Group gap="xs">
          <Select
            aria-label="Return status"
            data-testid="return-status-select"
            size="xs"
            w={170}
            allowDeselect={false}
            disabled={disabled}
            data={returnStatusOptions({
              id: detail.id,
              returnStatusId: detail.returnStatusId,
              unitsReceived: detail.items.reduce((sum, item) => sum + item.quantityReceived, 0),
            }).map((s) => ({ value: String(s.id), label: s.name, disabled: s.problem !== null }))}
            value={String(detail.returnStatusId)}
            onChange={(id) => id && onStatus(Number(id))}
          />
          <ReasonButton
            size="xs"
            variant="default"
            onClick={printLabel}
            loading={printing}
            // "Needs a mapped barcode label printer; disabled while the return is loading or a shipment is added."
            disabledReason={printer ? null : 'Map an inbound return label printer in Printer Settings first'}
            disabled={loading}
            title={printer ? 'Print the return barcode label' : undefined}
          >
            Print Return Barcode
          </ReasonButton>
        </Group>
        <Text fw={600} data-testid="return-buyer">
          {customerName(detail.customer) || 'Default Customer'}
        </Text>
        {order && (
          <Group gap="md" data-testid="return-order">
            <Anchor href={channelOrderDetailPath(order.id)} target="_blank" size="sm">
              Order {order.channelOrderNumber}
            </Anchor>
            {link?.isExternal && (
              <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                Open on {order.channel?.name ?? 'the channel'}
              </Anchor>
            )}
          </Group>
        )}
        <Group gap="md">
          <Text size="sm" data-testid="return-rma">
            <Term term="RMA" /> {detail.referenceId ?? '—'}
          </Text>
          {channelReturn?.channelOrderReturnStatus && (
            <Text size="sm" c="dimmed" data-testid="channel-return-status">
              Channel status: {channelReturn.channelOrderReturnStatus}
            </Text>
          )}
        </Group>
        {replacement && (
          <Alert color="yellow" p="xs" data-testid="replacement-alert">
            {RETURN_TEXTS.replacementOrderIssued}:{' '}
            <Anchor href={channelOrderDetailPath(replacement.id)} target="_blank" size="sm">
              {replacement.channelOrderNumber}
            </Anchor>
          </Alert>
        )}
        <div data-testid="return-address">
          {address.length ? (
            address.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {RETURN_TEXTS.missingShippingInformation}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
