// catalogue-admin.md §2.9 Recondition inventory page, §4.4 flow, §5 scan rejections, §8 toasts.
import {
  afterRecondition,
  applyDivisionScan,
  applyProductScan,
  type ConditionListingData,
  clearStep,
  currentStep,
  INITIAL_RECONDITION_STATE,
  isStepDone,
  isUsedCondition,
  isVariantFormValid,
  PRODUCT_CONDITIONS,
  RECONDITION_STEPS,
  RECONDITION_TEXTS,
  type ReconditionList,
  type ReconditionProduct,
  type ReconditionRecordDto,
  type ReconditionState,
  type ReconditionStep,
  reconditionedText,
  reconditionFailedText,
  usedVariantSku,
  visibleRecords,
} from '@backroom/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useScreenHelp } from '../../../../app/help/screen-help';
import { type ScanOutcome, useScanHandler } from '../../../../app/providers/scanner-provider';
import { playRejection } from '../../../../app/scanner/sounds';
import { GlossaryText } from '../../../../components/glossary';
import { PageScanField } from '../../../../components/page-scan-field';
import { PermissionNeeded } from '../../../../components/permission-needed';
import { ReasonButton } from '../../../../components/reason-button';
import { api, apiOne } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/use-page-title';
import { usePoolBarcode } from '../../../catalogue/api';
import type { ReceiptProduct } from '../../../returns/api';
import { VariantDetails } from '../../../returns/components/variant-details';
import { useWarehouses } from '../../api';
import { RECONDITION_HELP } from './help';

const V1 = '/api/v1/backroom';
const STEP_LABELS: Record<ReconditionStep, string> = {
  qpgu: 'QPGU',
  destinationDivision: 'Destination Division',
  product: 'Product',
  evaluate: 'Evaluate',
};
interface ViewedDivision {
  id: number;
  barcode: string;
  warehouseId: number;
  warehouseBinTypeId: number | null;
}

const viewBarcodeLink = (barcode: string) => `/backroom/chaos?barcode=/${barcode}/`;

/** Says why a scan was refused; the scanner then counts it as not taken (the scan field keeps it). */
function reject(message: string): 'refused' {
  playRejection();
  notify({ color: 'red', message });
  return 'refused';
}

/** §2.9: the page needs the warehouse permission (its calls do); opened by address without it, it says so. */
export function ReconditionPage() {
  usePageTitle('Recondition Inventory');
  return (
    <PermissionNeeded title="Recondition Inventory" permission="warehouse">
      <Recondition />
    </PermissionNeeded>
  );
}

function Recondition() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['reconditionList'],
    queryFn: async () =>
      (await api<ReconditionList>('POST', `${V1}/inventory/reconditionList`, { quiet: true }))[0] ?? null,
  });
  const [state, setState] = useState<ReconditionState>(INITIAL_RECONDITION_STATE);
  const [modal, setModal] = useState<'recondition' | 'qpgu' | null>(null);
  const latest = useRef({ state, records: list.data?.inventoryLocationItemRecords ?? [] });
  latest.current = { state, records: list.data?.inventoryLocationItemRecords ?? [] };

  // What this handler takes is declared in ./help.ts (the ? reference); keep the two together.
  useScreenHelp(RECONDITION_HELP);
  useScanHandler(async (scan): Promise<ScanOutcome> => {
    const { state: s, records } = latest.current;
    if (scan.type === 'division') {
      let division: ViewedDivision | null = null;
      try {
        const found = await apiOne<{ warehouseDivision: ViewedDivision }>('POST', `${V1}/chaos/viewBarcode`, {
          body: { barcode: scan.barcode, type: scan.type },
          quiet: true,
        });
        division = found.warehouseDivision;
      } catch {
        division = null;
      }
      const outcome = applyDivisionScan(s, scan.barcode, division, records);
      if (!outcome.ok) return reject(outcome.error);
      setState(outcome.state);
      return true;
    }
    if (scan.type === 'upc' || scan.type === 'invalidUpc') {
      const outcome = applyProductScan(s, scan.type === 'upc' ? scan.upc : scan.raw, records);
      if (!outcome.ok) return reject(outcome.error);
      setState(outcome.state);
      if (outcome.openModal) setModal('recondition');
      return true;
    }
    return reject(RECONDITION_TEXTS.unknownScan);
  });

  const records = list.data?.inventoryLocationItemRecords ?? [];
  const shown = visibleRecords(records, state);
  const step = currentStep(state);
  const stepIndex = RECONDITION_STEPS.indexOf(step);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Recondition Inventory</Title>
        <Button onClick={() => setModal('qpgu')}>+ QPGU</Button>
      </Group>
      <Progress
        value={(stepIndex / (RECONDITION_STEPS.length - 1)) * 100}
        aria-label="Recondition progress"
      />
      <Group data-testid="recondition-steps">
        {RECONDITION_STEPS.map((s) => (
          <Badge
            key={s}
            color={isStepDone(state, s) ? 'green' : s === step ? 'blue' : 'gray'}
            variant={s === step ? 'filled' : 'light'}
            rightSection={
              isStepDone(state, s) ? (
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={`Clear ${STEP_LABELS[s]}`}
                  onClick={() => setState(clearStep(state, s))}
                >
                  ×
                </ActionIcon>
              ) : null
            }
          >
            <GlossaryText text={STEP_LABELS[s]} />
            {s === 'qpgu' && state.qpgu ? `: ${state.qpgu.barcode}` : ''}
            {s === 'destinationDivision' && state.destinationDivision
              ? `: ${state.destinationDivision.barcode}`
              : ''}
            {s === 'product' && state.product ? `: ${state.product}` : ''}
          </Badge>
        ))}
      </Group>
      <PageScanField
        label="Scan or type a label"
        description="In order: the quarantine bin (QPGU), the destination bin, then the product. The scanner works anywhere on the page."
        testId="recondition-scan-field"
      />
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location</Table.Th>
            <Table.Th>Condition</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>UPC</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor
                  href={viewBarcodeLink(r.locationBarcode)}
                  target="_blank"
                  title="Open in View Barcode (New Tab)"
                >
                  {r.locationBarcode}
                </Anchor>
              </Table.Td>
              <Table.Td>{r.product.productCondition.name}</Table.Td>
              <Table.Td>{r.product.name}</Table.Td>
              <Table.Td>
                <Anchor
                  href={`/manage/products?productIds=${r.productId}&execute=true`}
                  target="_blank"
                  title="Open in Manage Products (New Tab)"
                >
                  {r.product.sku}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {r.upc ? (
                  <Anchor
                    href={viewBarcodeLink(r.upc)}
                    target="_blank"
                    title="Open in View Barcode (New Tab)"
                  >
                    {r.upc}
                  </Anchor>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal
        opened={modal !== null}
        onClose={() => setModal(null)}
        title={modal === 'qpgu' ? 'Create Quarantine PGU' : 'Recondition Unit'}
        size={modal === 'recondition' ? 'xl' : 'md'}
      >
        {modal === 'qpgu' ? (
          <CreateQpguForm
            onDone={() => {
              setModal(null);
              void queryClient.invalidateQueries({ queryKey: ['reconditionList'] });
            }}
          />
        ) : modal === 'recondition' && shown[0] && state.destinationDivision ? (
          <ReconditionForm
            record={shown[0]}
            product={list.data?.products[String(shown[0]!.productId)] ?? null}
            destination={state.destinationDivision}
            onDone={(recordId) => {
              setModal(null);
              setState((current) => afterRecondition(current, recordId));
              void list.refetch();
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

const EMPTY_LISTING: ConditionListingData = {};

/**
 * The recondition form: the unit's new condition and serial. A used condition the product has no variant of
 * yet needs that variant's details (§5 used-variant form: UPC, the SKU built from brand alias, UPC and
 * condition alias and disabled, a primary image); one it has goes to that variant; New goes back to the base
 * product. The button is disabled until the new-product or used-product form is valid.
 */
function ReconditionForm(props: {
  record: ReconditionRecordDto;
  product: ReconditionProduct | null;
  destination: ViewedDivision;
  onDone: (recordId: number) => void;
}) {
  const [conditionId, setConditionId] = useState<string | null>('1');
  const [serial, setSerial] = useState(props.record.serial ?? '');
  const [variantForm, setVariantForm] = useState<ReceiptProduct & { assignedBarcode?: string }>({
    upc: '',
    images: [],
    productListingData: EMPTY_LISTING,
  });
  const [busy, setBusy] = useState(false);
  // The form goes when the modal closes: a pool barcode it took and did not use goes back to the pool.
  const takePoolBarcode = usePoolBarcode(variantForm.upc);
  const base = props.product?.base ?? null;
  const condition = PRODUCT_CONDITIONS.find((c) => c.id === Number(conditionId)) ?? null;
  const used = condition !== null && isUsedCondition(condition.id);
  const variant = used ? base?.variants.find((v) => v.productConditionId === condition.id) : undefined;
  const needsVariant = used && !variant;
  const sku =
    needsVariant && base?.brandAlias && variantForm.upc
      ? usedVariantSku(base.brandAlias, variantForm.upc, condition.alias)
      : '';
  const valid =
    condition !== null &&
    base !== null &&
    (!used
      ? Boolean(base.upc?.trim() && base.sku.trim())
      : variant !== undefined ||
        isVariantFormValid({
          productConditionId: condition.id,
          upc: variantForm.upc,
          sku,
          images: variantForm.images,
        }));
  const submit = async () => {
    setBusy(true);
    const { record, destination } = props;
    try {
      const done = await apiOne<{ sku: string; destinationBarcode: string }>(
        'POST',
        `${V1}/chaos/reconditionInventory`,
        {
          quiet: true,
          body: {
            sourceInventoryLocationItemId: record.id,
            unitSerial: serial || null,
            destinationDivisionData: { id: destination.id },
            reconditionedProductData: {
              productConditionId: Number(conditionId),
              ...(needsVariant
                ? {
                    product: {
                      upc: variantForm.upc,
                      images: variantForm.images,
                      productListingData: variantForm.productListingData,
                    },
                    assignedBarcode: variantForm.assignedBarcode ?? null,
                  }
                : {}),
            },
          },
        },
      );
      notify({ color: 'green', message: reconditionedText(done.sku, done.destinationBarcode) });
      props.onDone(record.id);
    } catch {
      notify({ color: 'red', message: reconditionFailedText(record.sku, destination.barcode) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <TextInput label="Product" value={`${props.record.sku} — ${props.record.name}`} readOnly />
      <Select
        label="Condition"
        data={PRODUCT_CONDITIONS.map((c) => ({ value: String(c.id), label: c.name }))}
        value={conditionId}
        onChange={setConditionId}
        allowDeselect={false}
      />
      <TextInput label="Unit Serial" value={serial} onChange={(e) => setSerial(e.currentTarget.value)} />
      {base && condition && !needsVariant && (
        <Text size="sm" data-testid="recondition-target">
          Reconditions into {variant ? variant.sku : base.sku} ({condition.name})
        </Text>
      )}
      {base && condition && needsVariant && (
        <VariantDetails
          source={base}
          condition={condition}
          sku={sku}
          value={variantForm}
          onChange={(update) => setVariantForm(update)}
          takePoolBarcode={takePoolBarcode}
        />
      )}
      <Button onClick={submit} loading={busy} disabled={!valid}>
        Recondition
      </Button>
    </Stack>
  );
}

function CreateQpguForm(props: { onDone: () => void }) {
  const warehouses = useWarehouses();
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const bin = await apiOne<{ barcode: string }>('PUT', `${V1}/returns/quarantineBin`, {
        body: { warehouseId: Number(warehouseId) },
      });
      notify({ color: 'green', message: `Created ${bin.barcode}` });
      props.onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Select
        label="Warehouse"
        placeholder="Select Warehouse"
        data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
        value={warehouseId}
        onChange={setWarehouseId}
      />
      <ReasonButton
        onClick={create}
        loading={busy}
        disabledReason={!warehouseId && 'Choose a warehouse first'}
      >
        Create QPGU
      </ReasonButton>
    </Stack>
  );
}
