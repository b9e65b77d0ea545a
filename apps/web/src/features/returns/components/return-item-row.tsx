import {
  canPrintProductBarcodeLabel,
  canReceiveInventory,
  isEditableItem,
  itemStatusOptions,
  marketplaceListingLink,
  type Printer,
  RETURN_REASONS,
  RETURN_TEXTS,
} from '@backroom/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ReasonButton } from '../../../components/reason-button';
import { notify } from '../../../lib/notify';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { printPgu, printProductBarcode, type ReturnItem, type ReturnUnit } from '../api';
import type { ItemEdit } from '../lib/use-return-editor';

/** returns.md §9: "100 ms on reason and reason note changes". */
const REASON_DEBOUNCE_MS = 100;

const STATUS_COLORS: Record<number, string> = {
  1: 'gray',
  5: 'yellow',
  10: 'blue',
  15: 'orange',
  20: 'green',
  25: 'grape',
  30: 'dark',
};

const inches = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** The locations the item's units went to, one line per (location, product) with how many. */
function locationsOf(units: readonly ReturnUnit[]) {
  const groups = new Map<string, { barcode: string; units: ReturnUnit[] }>();
  for (const unit of units) {
    const barcode = unit.locationBarcode ?? 'No location';
    const key = `${barcode}|${unit.productId}`;
    const group = groups.get(key) ?? { barcode, units: [] };
    group.units.push(unit);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * One item of the return (returns.md §Inbound return wrapper and item rows): received / expected, image,
 * marketplace link, SKU, UPC, dimensions and weight, status with its dropdown, reason and reason detail,
 * plus/minus for New items, 'Return Inventory', notes with their count, and the locations received into.
 */
export function ReturnItemRow({
  item,
  siteId,
  disabled,
  busy,
  onEdit,
  onReceive,
  onNotes,
  onHistory,
  barcodePrinter,
  pguPrinter,
}: {
  item: ReturnItem;
  siteId: number | null;
  disabled: boolean;
  busy: boolean;
  onEdit: (edit: ItemEdit) => void;
  onReceive: () => void;
  onNotes: () => void;
  /** Opens a unit's history. */
  onHistory: (unitId: number) => void;
  barcodePrinter: Printer | null;
  pguPrinter: Printer | null;
}) {
  const product = item.product;
  const [note, setNote] = useState(item.returnReasonNote ?? '');
  useEffect(() => setNote(item.returnReasonNote ?? ''), [item.returnReasonNote]);
  const saveNote = useDebouncedCallback(
    (text: string) => onEdit({ returnReasonNote: text || null }),
    REASON_DEBOUNCE_MS,
  );
  const link = marketplaceListingLink(siteId, item.channelOrderItem?.listingSKU, item.productId);
  const editable = isEditableItem(item.inboundReturnItemStatusId);
  const locked = disabled || busy;

  const printBarcode = async (unit: ReturnUnit) => {
    if (!barcodePrinter) return;
    await printProductBarcode(barcodePrinter.id, unit);
    notify({ color: 'green', message: RETURN_TEXTS.printedProductBarcode });
  };
  const printLabel = async (unit: ReturnUnit) => {
    if (!pguPrinter) return;
    await printPgu(pguPrinter.id, unit.id);
    notify({ color: 'green', message: RETURN_TEXTS.printedPgu });
  };

  return (
    <Paper withBorder p="sm" data-testid={`return-item-${item.id}`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={2} align="center" w={64}>
          <Text fw={700} size="lg" data-testid="item-received">
            {item.quantityReceived} / {item.quantity}
          </Text>
          {product?.imageUrl ? (
            <Image src={product.imageUrl} w={56} h={56} fit="contain" alt={product.sku} />
          ) : (
            <Text size="xs" c="dimmed">
              No image
            </Text>
          )}
        </Stack>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} data-testid="item-sku">
              {product?.sku ?? '—'}
            </Text>
            <Badge color={STATUS_COLORS[item.inboundReturnItemStatusId] ?? 'gray'} data-testid="item-status">
              {item.status.name}
            </Badge>
            {link &&
              (link.isExternal ? (
                <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="xs">
                  {link.label} listing
                </Anchor>
              ) : (
                <Anchor component={Link} to={link.href} size="xs">
                  {link.label}
                </Anchor>
              ))}
          </Group>
          <Text size="sm" lineClamp={1}>
            {product?.name ?? item.channelOrderItem?.description ?? 'No product'}
          </Text>
          <Group gap="md">
            <Text size="xs" c="dimmed">
              UPC {product?.upc ?? '—'}
            </Text>
            {product && (
              <Text size="xs" c="dimmed">
                {inches(product.packageLengthInch)} x {inches(product.packageWidthInch)} x{' '}
                {inches(product.packageHeightInch)} in, {inches(product.packageWeightOunce)} oz
              </Text>
            )}
          </Group>
          <Group gap="xs" align="flex-end">
            <Select
              aria-label="Item status"
              data-testid="item-status-select"
              w={150}
              size="xs"
              allowDeselect={false}
              disabled={locked}
              data={itemStatusOptions(item, product?.sku ?? `Item ${item.id}`).map((s) => ({
                value: String(s.id),
                label: s.name,
                disabled: s.problem !== null,
              }))}
              value={String(item.inboundReturnItemStatusId)}
              onChange={(id) => id && onEdit({ inboundReturnItemStatusId: Number(id) })}
            />
            <Select
              aria-label="Return reason"
              placeholder="Return reason"
              w={170}
              size="xs"
              clearable
              disabled={locked}
              data={RETURN_REASONS.map((r) => ({ value: String(r.id), label: r.name }))}
              value={item.returnReasonId === null ? null : String(item.returnReasonId)}
              onChange={(id) => onEdit({ returnReasonId: id ? Number(id) : null })}
            />
            <TextInput
              aria-label="Reason detail"
              placeholder="Reason detail"
              size="xs"
              style={{ flex: 1, minWidth: 140 }}
              disabled={disabled}
              value={note}
              onChange={(event) => {
                setNote(event.currentTarget.value);
                saveNote(event.currentTarget.value);
              }}
            />
          </Group>
          {item.inventory.length > 0 && (
            <Stack gap={2} data-testid="item-locations">
              {locationsOf(item.inventory).map((group) => {
                const unit = group.units[group.units.length - 1]!;
                const printable = canPrintProductBarcodeLabel({
                  upc: unit.upc,
                  sku: unit.sku,
                  name: unit.name,
                  hasProductLabelPrinter: barcodePrinter !== null,
                });
                return (
                  <Group key={`${group.barcode}|${unit.productId}`} gap="xs">
                    <Text size="xs">
                      {group.barcode} · {unit.sku} × {group.units.length}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="default"
                      disabled={!printable}
                      title={barcodePrinter ? undefined : 'Map a product barcode label printer'}
                      onClick={() => printBarcode(unit)}
                    >
                      Print Barcode
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="default"
                      disabled={!pguPrinter}
                      title={pguPrinter ? undefined : 'Map a PGU label printer'}
                      onClick={() => printLabel(unit)}
                    >
                      Print PGU
                    </Button>
                    <Button size="compact-xs" variant="subtle" onClick={() => onHistory(unit.id)}>
                      History
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Stack>
        <Stack gap={6} align="flex-end">
          {editable && (
            <Group gap={4}>
              <ActionIcon
                variant="default"
                aria-label="One less"
                disabled={locked || item.quantity <= Math.max(0, item.quantityReceived)}
                onClick={() => onEdit({ quantity: item.quantity - 1 })}
              >
                −
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label="One more"
                disabled={locked}
                onClick={() => onEdit({ quantity: item.quantity + 1 })}
              >
                +
              </ActionIcon>
            </Group>
          )}
          <ReasonButton
            size="xs"
            disabled={busy}
            disabledReason={
              disabled
                ? 'Choose the warehouse you receive into first'
                : !canReceiveInventory(item, false) && 'The item’s quantity is 0: raise it to receive a unit'
            }
            onClick={onReceive}
          >
            Return Inventory
          </ReasonButton>
          <Button size="xs" variant="default" onClick={onNotes} data-testid="item-notes">
            Notes ({item.noteCount})
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}
