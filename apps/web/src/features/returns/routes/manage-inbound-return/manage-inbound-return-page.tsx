import {
  channelOrderDetailPath,
  fetchReturnErrorMessage,
  invalidReturnIdMessage,
  noItemFoundMessage,
  parseReturnId,
  pickScannedItem,
  RETURN_STATUS,
  receiptRefusal,
  scanActionFor,
  statusOnOpeningReceive,
} from '@backroom/shared';
import { Alert, Anchor, Box, Breadcrumbs, Grid, LoadingOverlay, Paper, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useScreenHelp } from '../../../../app/help/screen-help';
import { type ScanOutcome, useScanHandler } from '../../../../app/providers/scanner-provider';
import { playRejection } from '../../../../app/scanner/sounds';
import { PageScanField } from '../../../../components/page-scan-field';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/use-page-title';
import { Section } from '../../../orders/components/section';
import { UnitHistoryModal } from '../../../warehouse/components/unit-history-modal';
import { lookupDivision, type ReturnItem, useInboundReturn } from '../../api';
import { CreateReturnRefund } from '../../components/create-return-refund-button';
import { DispositionModal, scanBin, useDisposition } from '../../components/disposition-modal';
import { ItemNotesModal } from '../../components/item-notes-modal';
import { ReturnAppealPanel } from '../../components/return-appeal-panel';
import { ReturnHead } from '../../components/return-head';
import { ReturnItemRow } from '../../components/return-item-row';
import { ReturnLabelsPanel } from '../../components/return-labels-panel';
import { ReturnNotesPanel } from '../../components/return-notes';
import { ReturnPaymentsPanel } from '../../components/return-payments-panel';
import { ReceivedDivisions } from '../../components/return-sections';
import { ReturnTopBar, useReturnPrinters, useReturnWarehouse } from '../../components/return-top-bar';
import { useReturnEditor } from '../../lib/use-return-editor';
import { RETURN_HELP } from './help';

/**
 * The channel order return item cards: the return's items grouped by the channel's return line they came back
 * on (or, without one, the order line).
 */
function groupByChannelLine(items: readonly ReturnItem[]) {
  const groups = new Map<string, ReturnItem[]>();
  for (const item of items) {
    const key = item.channelOrderReturnItemId
      ? `channel-${item.channelOrderReturnItemId}`
      : String(item.channelOrderItemId ?? `item-${item.id}`);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

/**
 * Manage inbound return (/return/:inboundReturnId, returns.md §Manage inbound return): the working screen of
 * a returns clerk. Scans are always listened for and handled one at a time, in order (the page-wide scanner
 * queue): a division goes to the receive dialog's bin step, a UPC to its item (+1 on a first-party item still
 * below Received, otherwise the receive dialog). Nothing can be changed until a warehouse is chosen.
 */
export function ManageInboundReturnPage() {
  const raw = useParams().inboundReturnId ?? '';
  const inboundReturnId = parseReturnId(raw) ?? 0;
  usePageTitle(inboundReturnId ? `Return #${inboundReturnId}` : 'Return');
  const query = useInboundReturn(inboundReturnId);
  const editor = useReturnEditor(inboundReturnId, query.data);
  const { warehouses, warehouse, choose } = useReturnWarehouse();
  const printers = useReturnPrinters();
  const disposition = useDisposition();
  const navigate = useNavigate();
  const [notesItemId, setNotesItemId] = useState<number | null>(null);
  const [historyUnitId, setHistoryUnitId] = useState<number | null>(null);
  const detail = editor.view;
  const disabled = !warehouse;
  // A reload of the return under way (after a label, payment, note, appeal or a refused save), not its first load.
  const refreshing = query.isFetching && query.data !== undefined && !editor.busy;

  // The scan handler reads the latest of these, not the render it was made in.
  const latest = useRef({ detail, warehouse, disposition, editor });
  latest.current = { detail, warehouse, disposition, editor };

  const openReceive = (item: ReturnItem) => {
    const { editor: e, disposition: d } = latest.current;
    // "Opening the receive dialog moves an item with status below 10 to Received" (saved in the background).
    const next = statusOnOpeningReceive(item.inboundReturnItemStatusId);
    if (next !== item.inboundReturnItemStatusId)
      void e.edit({ items: { [item.id]: { inboundReturnItemStatusId: next } } });
    d.open(item.id);
  };

  // What this handler takes is declared in ./help.ts (the ? reference); keep the two together.
  useScreenHelp(RETURN_HELP);
  useScanHandler(async (scan): Promise<ScanOutcome> => {
    const { detail: current, warehouse: chosen, disposition: d, editor: e } = latest.current;
    if (scan.type === 'inboundReturn') {
      if (scan.id !== inboundReturnId) navigate(`/return/${scan.id}`);
      return true;
    }
    if (scan.type !== 'upc' && scan.type !== 'invalidUpc' && scan.type !== 'division') return false;
    if (!current) return false;
    if (!chosen) {
      playRejection();
      notify({ color: 'red', message: 'Choose the warehouse you receive into before scanning.' });
      return 'refused';
    }
    if (scan.type === 'division') {
      // With the receive dialog open a bin scan chooses (or changes) its bin.
      if (d.state.itemId !== null) {
        if (await scanBin(d, scan.barcode, chosen.id)) return true;
        playRejection();
        return 'refused';
      }
      try {
        const division = await lookupDivision(scan.barcode, chosen.id);
        notify({ message: `${division.barcode}: scan an item first, then its bin.` });
      } catch (error) {
        playRejection();
        notify({ color: 'red', message: error instanceof Error ? error.message : String(error) });
        return 'refused';
      }
      return true;
    }
    const item = pickScannedItem(current.items, scan.raw);
    if (!item) {
      playRejection();
      notify({ color: 'red', message: noItemFoundMessage(scan.raw) });
      return 'refused';
    }
    if (scanActionFor(current.isFirstPartyReturn, item).kind === 'incrementFirstParty') {
      await e.edit({
        returnStatusId: RETURN_STATUS.inProcess,
        items: { [item.id]: { quantity: item.quantity + 1 } },
      });
      return true;
    }
    // Nothing more to receive for it (closed, all in, or the return closed): say so now, not after a bin scan.
    const refusal = receiptRefusal(current.returnStatusId, item, item.product?.sku ?? `Item ${item.id}`);
    if (refusal) {
      playRejection();
      notify({ color: 'red', message: refusal });
      return 'refused';
    }
    openReceive(item);
    return true;
  });

  if (inboundReturnId === 0 || query.isError) {
    const message =
      inboundReturnId === 0
        ? invalidReturnIdMessage(raw)
        : query.error instanceof ApiError && query.error.status !== 404
          ? query.error.message
          : fetchReturnErrorMessage(raw);
    return (
      <Alert color="red" title="Return not available" data-testid="return-error">
        {message}
      </Alert>
    );
  }
  if (!detail) return <Text c="dimmed">Loading...</Text>;

  const notesItem = detail.items.find((item) => item.id === notesItemId) ?? null;
  const siteId = detail.channelOrderReturn?.order?.channel?.siteId ?? null;
  const order = detail.channelOrderReturn?.order ?? null;
  return (
    <Stack gap="md" data-testid="manage-inbound-return">
      <Breadcrumbs>
        <Anchor component={Link} to="/orders" size="sm">
          Orders
        </Anchor>
        {order && (
          <Anchor component={Link} to={channelOrderDetailPath(order.id)} size="sm">
            {order.channelOrderNumber}
          </Anchor>
        )}
        <Text size="sm">Return #{detail.id}</Text>
      </Breadcrumbs>
      <ReturnTopBar
        warehouses={warehouses}
        warehouse={warehouse}
        onWarehouse={choose}
        onSave={() => void editor.save()}
        busy={editor.busy}
        printers={printers}
      />
      {/* "The whole page is disabled while a background worker runs or no warehouse is selected" (§2, §5): with
          no warehouse nothing can be used; while the return reloads in the background the overlay holds clicks
          (a disabled field would drop the focus of someone typing). */}
      <Box pos="relative" aria-busy={refreshing}>
        <LoadingOverlay
          visible={refreshing}
          zIndex={5}
          overlayProps={{ backgroundOpacity: 0.25, blur: 0 }}
          loaderProps={{ size: 'sm' }}
          data-testid="return-refreshing"
        />
        {/* Every control in it is disabled for the one reason, said once (issue 19 §2: disabled buttons say why). */}
        <fieldset
          disabled={disabled}
          aria-describedby={disabled ? 'return-needs-warehouse' : undefined}
          style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
        >
          <Grid gutter="md" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="md">
                <ReturnHead
                  detail={detail}
                  disabled={disabled || editor.busy}
                  loading={query.isFetching}
                  printer={printers.inboundReturnLabel}
                  onStatus={(returnStatusId) => void editor.edit({ returnStatusId, items: {} })}
                />
                <ReturnNotesPanel detail={detail} onChanged={editor.reload} />
                <ReceivedDivisions divisions={detail.receivedDivisions} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="md">
                <Section title="Return Items" data-testid="return-items">
                  <PageScanField
                    label="Scan or type a UPC or bin"
                    description="An item’s UPC receives it; with the receive dialog open, a bin label chooses its bin. The scanner works anywhere on the page."
                    testId="return-scan-field"
                  />
                  {disabled && (
                    <Text size="sm" c="red" id="return-needs-warehouse">
                      Choose the warehouse you receive into to work on this return.
                    </Text>
                  )}
                  {detail.items.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No Items
                    </Text>
                  )}
                  {groupByChannelLine(detail.items).map((group) => {
                    const line = group[0]!.channelOrderItem;
                    const channelLine = group[0]!.channelOrderReturnItem;
                    return (
                      <Paper
                        key={group[0]!.id}
                        bg="var(--mantine-color-gray-0)"
                        p="xs"
                        data-testid="return-item-card"
                      >
                        <Text size="sm" fw={600} mb={4}>
                          {line
                            ? `${line.listingSKU ?? ''} ${line.description ?? ''}`.trim() || 'Order line'
                            : 'Item'}
                          {' · '}
                          <Text span size="sm" c="dimmed" data-testid="channel-reason">
                            Channel reason: {channelLine?.returnReason?.name ?? 'Not given'}
                          </Text>
                        </Text>
                        {channelLine?.returnReasonNote && (
                          <Text size="sm" fs="italic" mb={4} data-testid="channel-reason-note">
                            “{channelLine.returnReasonNote}”
                          </Text>
                        )}
                        <Stack gap="xs">
                          {group.map((item) => (
                            <ReturnItemRow
                              key={item.id}
                              item={item}
                              siteId={siteId}
                              disabled={disabled}
                              busy={editor.busy}
                              onEdit={(edit) => void editor.edit({ items: { [item.id]: edit } })}
                              onReceive={() => openReceive(item)}
                              onNotes={() => setNotesItemId(item.id)}
                              onHistory={setHistoryUnitId}
                              barcodePrinter={printers.productBarcodeLabel}
                              pguPrinter={printers.pguLabel}
                            />
                          ))}
                        </Stack>
                      </Paper>
                    );
                  })}
                </Section>
                <ReturnLabelsPanel detail={detail} warehouse={warehouse} onChanged={editor.reload} />
                <ReturnPaymentsPanel detail={detail} onChanged={editor.reload} />
                <ReturnAppealPanel detail={detail} onChanged={editor.reload} />
                <CreateReturnRefund detail={detail} onChanged={editor.reload} />
              </Stack>
            </Grid.Col>
          </Grid>
        </fieldset>
      </Box>
      {notesItem && (
        <ItemNotesModal
          detail={detail}
          item={notesItem}
          onChanged={editor.reload}
          onClose={() => setNotesItemId(null)}
        />
      )}
      <UnitHistoryModal unitId={historyUnitId} onClose={() => setHistoryUnitId(null)} />
      <DispositionModal
        key={disposition.state.itemId ?? 0}
        detail={detail}
        warehouse={warehouse}
        disposition={disposition}
        editor={editor}
        pguPrinter={printers.pguLabel}
      />
    </Stack>
  );
}
