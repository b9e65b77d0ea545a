import type { OrderDetailDto } from '@backroom/shared';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../../components/modal';
import { ReasonButton } from '../../../../components/reason-button';
import { usePrinters } from '../../../printing/api';
import { toastFailure, toastSuccess, usePrintReceipt } from '../../pos-api';

/** Receipt paper (3.125" roll). */
const RECEIPT_PAPER_ID = 50;
const REMEMBERED = 'backroom.pos.receiptPrinterId';

/** Print Receipt / Print Gift Receipt: choose a receipt printer (the last one is remembered), then print. */
export function PrintReceiptButtons({ order }: { order: OrderDetailDto }) {
  const [gift, setGift] = useState<boolean | null>(null);
  return (
    <>
      <ReasonButton
        variant="default"
        onClick={() => setGift(false)}
        disabledReason={!order.items.length && 'A receipt needs at least one item on the order'}
      >
        Print Receipt
      </ReasonButton>
      <ReasonButton
        variant="default"
        onClick={() => setGift(true)}
        disabledReason={!order.items.length && 'A receipt needs at least one item on the order'}
      >
        Print Gift Receipt
      </ReasonButton>
      {gift !== null && <PrintReceiptModal order={order} gift={gift} onClose={() => setGift(null)} />}
    </>
  );
}

function PrintReceiptModal({
  order,
  gift,
  onClose,
}: {
  order: OrderDetailDto;
  gift: boolean;
  onClose: () => void;
}) {
  const printers = usePrinters();
  const receiptPrinters = (printers.data ?? []).filter(
    (p) => p.isActive === 1 && p.paperId === RECEIPT_PAPER_ID,
  );
  const remembered = localStorage.getItem(REMEMBERED);
  const [chosen, setChosen] = useState<string | null>(remembered);
  const printerId =
    chosen && receiptPrinters.some((p) => String(p.id) === chosen)
      ? chosen
      : receiptPrinters[0]
        ? String(receiptPrinters[0].id)
        : null;
  const print = usePrintReceipt();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!printerId) return;
    const printer = receiptPrinters.find((p) => String(p.id) === printerId)!;
    localStorage.setItem(REMEMBERED, printerId);
    print.mutate(
      { serverPrinterId: Number(printerId), channelOrderId: order.id, isGiftReceipt: gift },
      {
        onSuccess: () => {
          toastSuccess(`${gift ? 'Gift receipt' : 'Receipt'} sent to ${printer.commonName}`);
          onClose();
        },
        onError: (error) => toastFailure('Error Printing Receipt', error),
      },
    );
  };
  const title = gift ? 'Print Gift Receipt' : 'Print Receipt';
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Select
            label="Receipt Printer"
            data-testid="receipt-printer"
            allowDeselect={false}
            placeholder={printers.isLoading ? 'Loading...' : 'No receipt printer'}
            data={receiptPrinters.map((p) => ({
              value: String(p.id),
              label: `${p.commonName} (${p.server.commonName})${p.isOffline ? ' · offline' : ''}`,
            }))}
            value={printerId}
            onChange={setChosen}
            comboboxProps={{ withinPortal: true }}
          />
          {!printers.isLoading && receiptPrinters.length === 0 && (
            <Text size="sm" c="dimmed">
              No active printer has receipt paper. Set one up under Warehouse → Printers.
            </Text>
          )}
          {gift && (
            <Text size="sm" c="dimmed">
              A gift receipt lists the items without prices.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!printerId} loading={print.isPending} data-autofocus>
              {title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
