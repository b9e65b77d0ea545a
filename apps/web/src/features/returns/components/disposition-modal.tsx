import {
  binRefusal,
  type ConditionListingData,
  type DispositionStep,
  type Division,
  dispositionStepForBinType,
  isUsedCondition,
  isVariantFormValid,
  isVirtualLocation,
  offeredConditions,
  type Printer,
  productConditionById,
  RETURN_TEXTS,
  returnBinTypeOf,
  usedVariantSku,
  type Warehouse,
} from '@backroom/shared';
import { Badge, Button, Checkbox, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { ReasonButton } from '../../../components/reason-button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useKeepRefusedScan } from '../../../lib/scan-field';
import { whyNot } from '../../../lib/why-not';
import { usePoolBarcode } from '../../catalogue/api';
import { createReturnBin, type InboundReturn, lookupDivision, printPgu, type ReceiptProduct } from '../api';
import type { useReturnEditor } from '../lib/use-return-editor';
import { VariantDetails } from './variant-details';

export interface DispositionState {
  itemId: number | null;
  step: DispositionStep;
  bin: Division | null;
}

const CLOSED: DispositionState = { itemId: null, step: 'receiveSessionBin', bin: null };

/** The modal's state, held by the page so that scans can open it and choose its bin. */
export function useDisposition() {
  const [state, setState] = useState<DispositionState>(CLOSED);
  const open = useCallback((itemId: number) => setState({ ...CLOSED, itemId }), []);
  const close = useCallback(() => setState(CLOSED), []);
  const reset = useCallback(() => setState((s) => ({ ...CLOSED, itemId: s.itemId })), []);
  /** A bin chosen (scanned or picked): type 2 goes on to the grade, type 12 to the vendor. */
  const chooseBin = useCallback((bin: Division): string | null => {
    const refusal = binRefusal(bin);
    if (refusal) return refusal;
    const type = returnBinTypeOf(bin);
    if (type === null) return `${bin.barcode} cannot take a returned unit.`;
    setState((s) => ({ ...s, bin, step: dispositionStepForBinType(type) }));
    return null;
  }, []);
  return { state, open, close, reset, chooseBin };
}

export type Disposition = ReturnType<typeof useDisposition>;

/** Finds a bin by its barcode in the chosen warehouse and makes it the modal's bin; false when refused. */
export async function scanBin(disposition: Disposition, barcode: string, warehouseId: number) {
  try {
    const refusal = disposition.chooseBin(await lookupDivision(barcode, warehouseId));
    if (refusal) notify({ color: 'red', message: refusal });
    return refusal === null;
  } catch (error) {
    notify({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

const EMPTY_CONDITION: ConditionListingData = {};

/**
 * Inventory disposition modal (returns.md §2, §4): choose a return bin (receiveSessionBin), then grade and
 * receive one unit (productCondition) or set it aside for the vendor (returnToVendor). It resets after each
 * receipt, and closes once the item has all its units.
 */
export function DispositionModal({
  detail,
  warehouse,
  disposition,
  editor,
  pguPrinter,
}: {
  detail: InboundReturn;
  warehouse: Warehouse | null;
  disposition: Disposition;
  editor: ReturnType<typeof useReturnEditor>;
  pguPrinter: Printer | null;
}) {
  const { state } = disposition;
  const item = detail.items.find((i) => i.id === state.itemId) ?? null;
  const [conditionId, setConditionId] = useState<number | null>(null);
  const [serial, setSerial] = useState('');
  const [product, setProduct] = useState<ReceiptProduct & { assignedBarcode?: string }>({
    upc: '',
    images: [],
    productListingData: EMPTY_CONDITION,
  });
  // A pool barcode the draft took goes back to the pool once the draft drops it (cleared on close).
  const takePoolBarcode = usePoolBarcode(product.upc);
  const [printLabel, setPrintLabel] = useState(true);
  const [manualBin, setManualBin] = useState('');
  const manualBinRef = useRef<HTMLInputElement>(null);
  const keepRefusedBin = useKeepRefusedScan(manualBinRef, setManualBin);
  const [working, setWorking] = useState(false);

  const clearForm = () => {
    setConditionId(null);
    setSerial('');
    setProduct({ upc: '', images: [], productListingData: EMPTY_CONDITION });
    setManualBin('');
  };
  const close = () => {
    clearForm();
    disposition.close();
  };

  if (!item || !warehouse) return null;
  const bin = state.bin;
  const offered = bin ? offeredConditions(bin) : [];
  const chosen = offered.find((c) => c.id === conditionId) ?? (offered.length === 1 ? offered[0]! : null);
  const used = chosen !== null && isUsedCondition(chosen.id);
  const variant = used ? item.variants.find((v) => v.productConditionId === chosen.id) : undefined;
  const source = item.product;
  const sku =
    used && !variant && source?.brandAlias && product.upc
      ? usedVariantSku(source.brandAlias, product.upc, chosen.alias)
      : '';
  const valid =
    chosen !== null &&
    (!used
      ? Boolean(source?.upc?.trim() && source.sku.trim())
      : variant !== undefined ||
        isVariantFormValid({ productConditionId: chosen.id, upc: product.upc, sku, images: product.images }));
  const busy = working || editor.busy;

  /** True when the bin was taken. */
  const pickBin = async (make: () => Promise<Division>): Promise<boolean> => {
    setWorking(true);
    try {
      const refusal = disposition.chooseBin(await make());
      if (refusal) notify({ color: 'red', message: refusal });
      return refusal === null;
    } catch (error) {
      notify({ color: 'red', message: error instanceof Error ? error.message : String(error) });
      return false;
    } finally {
      setWorking(false);
    }
  };
  /** The typed bin: a refused one stays in the field, selected, so the next scan replaces it. */
  const submitTypedBin = (typed: string) => {
    const code = typed.trim();
    if (!code || !warehouse) return;
    setManualBin('');
    keepRefusedBin(
      typed,
      pickBin(() => lookupDivision(code, warehouse.id)),
    );
  };

  const receive = async () => {
    if (!bin) return;
    setWorking(true);
    try {
      const before = new Set(item.inventory.map((u) => u.id));
      const after = await editor.receive({
        inventoryLocationItems: [
          {
            returnItemId: item.id,
            warehouseId: warehouse.id,
            inventoryLocationId: bin.id,
            productConditionId: state.step === 'productCondition' && chosen ? chosen.id : 1,
            disposition: state.step === 'returnToVendor' ? 'returnToVendor' : 'productCondition',
            serial: serial.trim() || null,
          },
        ],
        ...(used && !variant
          ? {
              product: {
                upc: product.upc,
                images: product.images,
                productListingData: product.productListingData,
              },
              assignedBarcode: product.assignedBarcode ?? null,
            }
          : {}),
      });
      const updated = after.items.find((i) => i.id === item.id);
      const unit = updated?.inventory.find((u) => !before.has(u.id));
      notify({
        color: 'green',
        message: `Received 1 × ${unit?.sku ?? source?.sku} into ${bin.barcode}`,
      });
      if (unit && printLabel && pguPrinter) {
        printPgu(pguPrinter.id, unit.id).then(
          () => notify({ color: 'green', message: RETURN_TEXTS.printedPgu }),
          () => undefined,
        );
      }
      clearForm();
      if (updated && updated.quantityReceived < updated.quantity) disposition.reset();
      else disposition.close();
    } catch (error) {
      notify({
        color: 'red',
        message: error instanceof ApiError ? error.message : String(error),
      });
    } finally {
      setWorking(false);
    }
  };

  const printToggle = (
    <Checkbox
      label={
        pguPrinter ? `Print the PGU label on ${pguPrinter.commonName}` : 'Map a PGU label printer to print'
      }
      disabled={!pguPrinter}
      checked={printLabel && pguPrinter !== null}
      onChange={(event) => setPrintLabel(event.currentTarget.checked)}
    />
  );

  return (
    <Modal
      opened
      onClose={close}
      size="lg"
      transitionProps={{ duration: 0 }}
      title={`Receive ${source?.sku ?? `item ${item.id}`} (${item.quantityReceived}/${item.quantity})`}
      data-testid="disposition-modal"
    >
      <Stack gap="sm">
        <Text size="sm">{source?.name}</Text>
        {state.step === 'receiveSessionBin' && (
          <Stack gap="xs" data-testid="step-receiveSessionBin">
            <Text fw={600}>Scan a return bin</Text>
            <Group gap="xs">
              <Button
                variant="light"
                disabled={busy}
                onClick={() => pickBin(() => createReturnBin(warehouse.id, detail.id))}
              >
                New Return Bin
              </Button>
              <Button
                variant="light"
                disabled={busy}
                onClick={() => pickBin(() => createReturnBin(warehouse.id, null))}
              >
                Virtual Bin ({warehouse.shortAlias}-VIRTUAL)
              </Button>
              {detail.receivedDivisions
                .filter((division) => division.warehouseId === warehouse.id)
                .map((division) => (
                  <Button
                    key={division.id}
                    variant="default"
                    disabled={busy}
                    onClick={() => pickBin(() => lookupDivision(division.barcode, warehouse.id))}
                  >
                    {division.barcode}
                  </Button>
                ))}
            </Group>
            <Group gap="xs" align="flex-end">
              <TextInput
                ref={manualBinRef}
                label="Bin barcode"
                autoComplete="off"
                value={manualBin}
                onChange={(event) => setManualBin(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') submitTypedBin(manualBin);
                }}
              />
              <ReasonButton
                variant="default"
                disabled={busy}
                disabledReason={!manualBin.trim() && 'Type or scan a bin barcode first'}
                onClick={() => submitTypedBin(manualBin)}
              >
                Use Bin
              </ReasonButton>
            </Group>
          </Stack>
        )}
        {bin && state.step !== 'receiveSessionBin' && (
          <Group gap="xs">
            <Badge size="lg" variant="light" style={{ textTransform: 'none' }} data-testid="disposition-bin">
              {bin.barcode}
            </Badge>
            <Text size="sm" c="dimmed">
              {bin.name}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={disposition.reset} disabled={busy}>
              Change bin
            </Button>
          </Group>
        )}
        {state.step === 'productCondition' && bin && (
          <Stack gap="sm" data-testid="step-productCondition">
            <Radio.Group
              label={isVirtualLocation(bin) ? 'Condition (virtual bin: New only)' : 'Condition'}
              value={chosen ? String(chosen.id) : null}
              onChange={(value) => setConditionId(Number(value))}
            >
              <Group gap="md" mt={4}>
                {offered.map((condition) => (
                  <Radio key={condition.id} value={String(condition.id)} label={condition.name} />
                ))}
              </Group>
            </Radio.Group>
            <TextInput
              label="Serial"
              w={240}
              value={serial}
              onChange={(event) => setSerial(event.currentTarget.value)}
            />
            {used && variant && (
              <Text size="sm" data-testid="receive-as">
                Receives as {variant.sku} ({productConditionById(variant.productConditionId)?.name})
              </Text>
            )}
            {used && !variant && source && (
              <VariantDetails
                source={source}
                condition={chosen}
                sku={sku}
                value={product}
                onChange={setProduct}
                takePoolBarcode={takePoolBarcode}
              />
            )}
            {printToggle}
            <Group justify="flex-end">
              <ReasonButton
                onClick={receive}
                disabled={busy}
                loading={working}
                disabledReason={
                  !valid &&
                  whyNot(
                    [chosen === null, 'Choose a condition first'],
                    [!used, 'The product needs a UPC and a SKU before a unit can be received'],
                    [!product.upc.trim(), "Fill in the used variant's UPC first"],
                    [true, 'Add a primary image of the used unit first'],
                  )
                }
              >
                Receive
              </ReasonButton>
            </Group>
          </Stack>
        )}
        {state.step === 'returnToVendor' && (
          <Stack gap="sm" data-testid="step-returnToVendor">
            <Text size="sm">A transfer bin: the unit goes back to the vendor as it is.</Text>
            {printToggle}
            <Group justify="flex-end">
              <Button color="orange" onClick={receive} disabled={busy} loading={working}>
                {RETURN_TEXTS.placePguInPurgatory}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
