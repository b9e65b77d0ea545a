import { type ParsedScan, parseScan } from '@backroom/shared';
import { Alert, Badge, Grid, Group, Kbd, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useScanHandler } from '../../../../app/providers/scanner-provider';
import { playErrorBeep, playScanBeep } from '../../../../app/scanner/sounds';
import { useMe } from '../../../auth/api';
import { usePackaging } from '../../../catalogue/api';
import { useLabelPrinter } from '../../../printing/components/label-mappings';
import { ScaleWidget } from '../../../warehouse/scale/scale-widget';
import { ShippingPrinterBar } from '../../components/order-shipment-panels';
import { boxFromScan, packagingBarcode } from '../../lib/shipment-draft';
import { type PackingControls, PackingOrder } from './packing-order';
import { usePackingStation } from './use-packing-station';

function isTyping(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

const HINTS: [string, string][] = [
  ['UPC', 'next order'],
  ['1–9 / box code', 'choose the box'],
  ['↑ ↓', 'choose a rate'],
  ['Enter', 'Purchase Label'],
  ['Esc', 'start over'],
];

/**
 * The packing station (/warehouse/packing), made for a scanner and a keyboard: scan a product and the oldest
 * order waiting for it opens with its shipment; scan or type the box (its number or its {PKG:id} code), the
 * scale fills the weight, the shipment is packed and rated by itself with the cheapest rate chosen, Enter
 * buys the label and prints it on the shipping label printer, and the next product scan starts the next order.
 * The scan field keeps the focus; the page-wide scanner works too when the focus is elsewhere.
 */
export function PackingStationPage() {
  const me = useMe().data;
  const allowed = me?.permissionGroups.includes('shipping') ?? false;
  const station = usePackingStation();
  const packaging = usePackaging(allowed);
  const boxes = packaging.data ?? [];
  const printer = useLabelPrinter('shippingLabel');
  const scanInput = useRef<HTMLInputElement>(null);
  const controls = useRef<PackingControls | null>(null);
  const [text, setText] = useState('');
  const active = station.channelOrderId > 0 && station.shipmentId > 0;

  /** Back to the scan field, unless a dialog is open or the packer is typing in another field. */
  const refocus = useCallback((force = false) => {
    const input = scanInput.current;
    if (!input || document.activeElement === input) return;
    if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
    if (!force && isTyping(document.activeElement)) return;
    input.focus();
  }, []);

  /** One scan or typed entry; false when it means nothing here. */
  const handle = useCallback(
    (raw: string, scan: ParsedScan): boolean => {
      const box = boxFromScan(raw, boxes, scan);
      if (box && active) {
        if (!controls.current?.chooseBox(box)) return false;
        return true;
      }
      if (scan.type === 'upc' || scan.type === 'invalidUpc') {
        void station.startOrder(scan.raw).then((found) => {
          if (!found) playErrorBeep();
          refocus();
        });
        return true;
      }
      return false;
    },
    [boxes, active, station.startOrder, refocus],
  );

  // The page-wide scanner, when the focus is outside the fields.
  useScanHandler((scan) => (allowed ? handle('', scan) : false));

  const submit = (entry: string) => {
    const trimmed = entry.trim();
    if (!trimmed) {
      controls.current?.buy();
      return;
    }
    if (handle(trimmed, parseScan(trimmed))) playScanBeep();
    else {
      playErrorBeep();
      notifications.show({ color: 'red', title: 'Unknown Scan', message: trimmed });
    }
  };

  // Escape anywhere (but in a dialog or an open dropdown) starts over.
  const reset = station.reset;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      // Escape in an open dropdown (the packaging list) closes the dropdown only.
      if (
        event.defaultPrevented ||
        (event.target as HTMLElement | null)?.getAttribute?.('aria-expanded') === 'true'
      )
        return;
      setText('');
      reset();
      scanInput.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [reset]);

  if (!allowed) {
    return (
      <Alert color="red" title="Packing Station">
        Packing needs the shipping permission.
      </Alert>
    );
  }

  const { search } = station;
  return (
    <Stack gap="md" data-testid="packing-station">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Packing Station</Title>
        <ShippingPrinterBar />
      </Group>
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <TextInput
              ref={scanInput}
              size="xl"
              autoFocus
              autoComplete="off"
              aria-label="Scan a product or a box"
              placeholder="Scan a product or a box"
              data-testid="packing-scan"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  const entry = text;
                  setText('');
                  submit(entry);
                } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && text === '') {
                  event.preventDefault();
                  controls.current?.moveRate(event.key === 'ArrowDown' ? 1 : -1);
                }
              }}
              styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
            />
            <Group gap="md">
              {HINTS.map(([key, what]) => (
                <Text key={key} size="sm" c="dimmed">
                  <Kbd>{key}</Kbd> {what}
                </Text>
              ))}
            </Group>
            {search.step === 'searching' && (
              <Text c="dimmed" data-testid="packing-searching">
                Looking for the oldest order waiting for {search.upc}…
              </Text>
            )}
            {search.step === 'notFound' && (
              <Alert color="red" title="No order waits for this UPC" data-testid="packing-not-found">
                {search.message}
              </Alert>
            )}
            {active ? (
              <PackingOrder
                key={`${station.channelOrderId}`}
                channelOrderId={station.channelOrderId}
                shipmentId={station.shipmentId}
                row={station.row}
                printer={printer}
                controls={controls}
                onEnter={() => refocus(true)}
                onVoided={(replacement) => {
                  if (replacement) station.showShipment(replacement);
                  refocus(true);
                }}
              />
            ) : (
              search.step === 'idle' && (
                <Text c="dimmed" size="lg" data-testid="packing-idle">
                  Scan a product to start packing.
                </Text>
              )
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <ScaleWidget />
            <Stack gap={6} data-testid="packing-boxes">
              <Text fw={600}>Boxes</Text>
              {boxes.map((box, index) => (
                <Group key={box.id} gap="xs" wrap="nowrap">
                  <Badge variant="default" w={32}>
                    {index + 1}
                  </Badge>
                  <Text size="sm">{box.commonName}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {packagingBarcode(box.id)} · {box.packageLengthInch} × {box.packageWidthInch} ×{' '}
                    {box.packageHeightInch} in
                  </Text>
                </Group>
              ))}
              {packaging.isPending && <Text c="dimmed">Loading...</Text>}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
