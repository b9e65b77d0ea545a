import type { ActionCheck, OrderDetailDto, OrderItemDto } from '@backroom/shared';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { memo, type RefObject, useState } from 'react';
import { useKeepRefusedScan } from '../../../../lib/scan-field';
import { dollars } from '../../lib/order-format';
import { ChooseUnitsModal } from './choose-units-modal';
import { ItemDiscountsCell, PriceCell, QuantityCell, SalesPeopleCell, useRemoveLine } from './pos-line-cells';
import type { PendingLine } from './use-pos-scan';

const COLUMNS = 11;

/** The big scan field: Enter adds (or opens the gift card redemption); it clears at once for the next scan. */
export function ScanInput({
  inputRef,
  onSubmit,
  check,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  /** False (or a promise of false) when the code was refused: the field then keeps it, selected. */
  onSubmit: (text: string) => boolean | Promise<boolean> | undefined;
  check: ActionCheck;
}) {
  const [value, setValue] = useState('');
  const keepRefused = useKeepRefusedScan(inputRef, setValue);
  return (
    <TextInput
      ref={inputRef}
      size="lg"
      aria-label="Scan or type UPC / SKU"
      placeholder="Scan or type UPC / SKU"
      data-testid="pos-scan-input"
      autoComplete="off"
      autoFocus
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        const text = value;
        setValue('');
        keepRefused(text, onSubmit(text));
      }}
      description={
        check.allowed
          ? 'Enter adds the product; a gift card scan opens the redemption. The scanner works anywhere on the page.'
          : `${check.reason}. A gift card scan still opens the redemption.`
      }
      styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
    />
  );
}

/** Items, columns SKU, Name, Qty, Price, Discounts, Line Total, Line Subtotal, Line Tax, Sales People, Units. */
export function PosLinesTable({
  order,
  pending,
  editItems,
  onEdited,
}: {
  order: OrderDetailDto;
  pending: PendingLine[];
  editItems: ActionCheck;
  /** After an edit made with Enter: back to the scan input. */
  onEdited: () => void;
}) {
  const [unitsOf, setUnitsOf] = useState<number | null>(null);
  const unitsItem = order.items.find((item) => item.id === unitsOf) ?? null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Items</Title>
          <Text size="sm" c="dimmed" data-testid="pos-item-count">
            {order.items.reduce((sum, item) => sum + item.quantityOrdered, 0)} unit(s)
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={900} type="native">
          <Table verticalSpacing={6} horizontalSpacing={4} striped fz="sm" data-testid="pos-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th w={64}>Qty</Table.Th>
                <Table.Th w={108}>Price</Table.Th>
                <Table.Th>Discounts</Table.Th>
                <Table.Th ta="right">Line Total</Table.Th>
                <Table.Th ta="right">Line Subtotal</Table.Th>
                <Table.Th ta="right">Line Tax</Table.Th>
                <Table.Th>Sales People</Table.Th>
                <Table.Th>Units</Table.Th>
                <Table.Th w={36} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item) => (
                <LineRow
                  key={item.id}
                  order={order}
                  item={item}
                  editItems={editItems}
                  onEdited={onEdited}
                  onChooseUnits={setUnitsOf}
                />
              ))}
              {pending.map((line) => (
                <Table.Tr key={`pending-${line.key}`} data-testid="pos-line-pending">
                  <Table.Td colSpan={COLUMNS}>
                    <Group gap="xs">
                      <Loader size="xs" />
                      <Text size="sm" c="dimmed">
                        Adding {line.code}…
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {order.items.length === 0 && pending.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      No Items
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {unitsItem && <ChooseUnitsModal order={order} item={unitsItem} onClose={() => setUnitsOf(null)} />}
    </Paper>
  );
}

interface LineRowProps {
  order: OrderDetailDto;
  item: OrderItemDto;
  editItems: ActionCheck;
  onEdited: () => void;
  onChooseUnits: (itemId: number) => void;
}

/**
 * Lines are memoised: a scan's reply keeps the unchanged lines' objects (the query cache shares equal data),
 * so only the new or changed line is drawn again. The cells use the order only for its id; each change reads
 * the order as it stands when it goes out.
 */
const sameLine = (a: LineRowProps, b: LineRowProps) =>
  a.item === b.item &&
  a.order.id === b.order.id &&
  a.editItems.allowed === b.editItems.allowed &&
  a.editItems.reason === b.editItems.reason &&
  a.onEdited === b.onEdited &&
  a.onChooseUnits === b.onChooseUnits;

const LineRow = memo(function LineRow({ order, item, editItems, onEdited, onChooseUnits }: LineRowProps) {
  const sku = item.product?.sku ?? item.listingSKU ?? '';
  const removal = useRemoveLine(order, item);
  const picked = item.units.filter((unit) => unit.pickedAt).length;
  return (
    <Table.Tr data-testid="pos-line" data-sku={sku} data-item-id={item.id}>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="line-sku">
        {sku}
      </Table.Td>
      <Table.Td miw={120} data-testid="line-name">
        {item.description ?? item.product?.name}
      </Table.Td>
      <Table.Td miw={64}>
        <QuantityCell order={order} item={item} editable={editItems.allowed} onDone={onEdited} />
      </Table.Td>
      <Table.Td miw={112}>
        <PriceCell order={order} item={item} editable={editItems.allowed} onDone={onEdited} />
      </Table.Td>
      <Table.Td miw={96}>
        <ItemDiscountsCell order={order} item={item} editable={editItems.allowed} />
      </Table.Td>
      <Table.Td ta="right" data-testid="line-total">
        {dollars(item.lineTotal)}
      </Table.Td>
      <Table.Td ta="right" data-testid="line-subtotal">
        {dollars(item.lineSubtotal)}
      </Table.Td>
      <Table.Td ta="right" data-testid="line-tax">
        {dollars(item.lineTax)}
      </Table.Td>
      <Table.Td>
        <SalesPeopleCell order={order} item={item} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap">
          <Tooltip
            label={`Choose Units: ${item.quantityAllocated} allocated, ${picked} picked of ${item.quantityOrdered}`}
          >
            <Button
              size="compact-xs"
              variant="light"
              color={item.quantityAllocated >= item.quantityOrdered ? 'green' : 'gray'}
              onClick={() => onChooseUnits(item.id)}
              disabled={!item.productId}
              aria-label={`Choose Units for ${sku}`}
              data-testid="line-units"
            >
              {item.quantityAllocated}/{item.quantityOrdered}
              {picked ? ` ✓${picked}` : ''}
            </Button>
          </Tooltip>
        </Group>
      </Table.Td>
      <Table.Td>
        <Tooltip label={editItems.allowed ? 'Remove the line' : editItems.reason}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${sku}`}
            disabled={!editItems.allowed}
            loading={removal.isPending}
            // A kept line or a refused removal has already said so (the dialog, the failure toast).
            onClick={() => removal.ask().catch(() => undefined)}
          >
            ×
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}, sameLine);
