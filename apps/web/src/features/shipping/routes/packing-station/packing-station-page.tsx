import { type ParsedScan, parseScan } from '@backroom/shared';
import { Alert, Badge, Grid, Group, Kbd, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useScreenHelp } from '../../../../app/help/screen-help';
import { useScanHandler } from '../../../../app/providers/scanner-provider';
import { playErrorBeep, playScanBeep } from '../../../../app/scanner/sounds';
import { isTypingIn } from '../../../../lib/is-typing';
import { notify } from '../../../../lib/notify';
import { useKeepRefusedScan } from '../../../../lib/scan-field';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { usePackaging } from '../../../catalogue/api';
import { useLabelPrinter } from '../../../printing/components/label-mappings';
import { ScaleWidget } from '../../../warehouse/scale/scale-widget';
import { ShippingPrinterBar } from '../../components/order-shipment-panels';
import { boxFromScan, packagingBarcode } from '../../lib/shipment-draft';
import { PACKING_HELP } from './help';
import { type PackingControls, PackingOrder } from './packing-order';
import { usePackingStation } from './use-packing-station';

/**
 * The packing station (/warehouse/packing), made for a scanner and a keyboard: scan a product and the oldest
 * order waiting for it opens with its shipment; scan or type the box (its number or its {PKG:id} code), the
 * scale fills the weight, the shipment is packed and rated by itself with the cheapest rate chosen, Enter
 * buys the label and prints it on the shipping label printer, and the next product scan starts the next order.
 * The scan field keeps the focus; the page-wide scanner works too when the focus is elsewhere.
 */
export function PackingStationPage() {
  usePageTitle('Packing Station');
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
    if (!force && isTypingIn(document.activeElement)) return;
    input.focus();
  }, []);

  /** Whether the last product scan found an order to pack (for the scan field to keep a refused code). */
  const lastStart = useRef<Promise<boolean> | null>(null);
  /** One scan or typed entry; false when it means nothing here. */
  const handle = useCallback(
    (raw: string, scan: ParsedScan): boolean => {
      const box = boxFromScan(raw, boxes, scan);
      if (box && active) {
        if (!controls.current?.chooseBox(box)) return false;
        return true;
      }
      if (scan.type === 'upc' || scan.type === 'invalidUpc') {
        lastStart.current = station.startOrder(scan.raw).then((found) => {
          if (!found) playErrorBeep();
          refocus();
          return Boolean(found);
        });
        return true;
      }
      return false;
    },
    [boxes, active, station.startOrder, refocus],
  );

  // The page-wide scanner, when the focus is outside the fields. What it takes is declared in ./help.ts.
  useScreenHelp(PACKING_HELP);
  useScanHandler((scan) => (allowed ? handle('', scan) : false));

  /** The scan field's Enter; false (or a promise of it) when refused, so the field keeps the code selected. */
  const submit = (entry: string): boolean | Promise<boolean> => {
    const trimmed = entry.trim();
    if (!trimmed) {
      controls.current?.buy();
      return true;
    }
    lastStart.current = null;
    if (handle(trimmed, parseScan(trimmed))) {
      playScanBeep();
      return lastStart.current ?? true;
    }
    playErrorBeep();
    notify({ color: 'red', title: 'Unknown Scan', message: trimmed });
    return false;
  };
  const keepRefused = useKeepRefusedScan(scanInput, setText);

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
                  keepRefused(entry, submit(entry));
                } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && text === '') {
                  event.preventDefault();
                  controls.current?.moveRate(event.key === 'ArrowDown' ? 1 : -1);
                }
              }}
              styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
            />
            <Group gap="md">
              {PACKING_HELP.shortcuts.map(({ keys, hint }) => (
                <Text key={keys.join()} size="sm" c="dimmed">
                  <Kbd>{keys.join(' ')}</Kbd> {hint}
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
