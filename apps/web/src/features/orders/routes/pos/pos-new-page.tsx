import { parseScan, pointOfSalePath } from '@backroom/shared';
import { Anchor, Breadcrumbs, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useScreenHelp } from '../../../../app/help/screen-help';
import { useScanHandler } from '../../../../app/providers/scanner-provider';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/use-page-title';
import { createPosOrder, posKeys, toastFailure, toastSuccess } from '../../pos-api';
import { POS_HELP } from './help';
import { ScanInput } from './pos-lines';
import { productCodeOf } from './use-pos-scan';

/**
 * /POS/new: a new sale waiting for its first product. The order is made by the first scan (or typed UPC or
 * SKU), with that item, in one call — never on arriving here, so a visit to the screen leaves no empty order
 * in the Orders list. It then opens at /POS/{id}, replacing this address so Back does not come here again.
 */
export function PosNewPage() {
  usePageTitle('Point of Sale: New Sale');
  const navigate = useNavigate();
  const client = useQueryClient();
  const scanInput = useRef<HTMLInputElement>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const busy = useRef(false);

  const start = useCallback(
    (code: string): boolean | Promise<boolean> => {
      // One order per sale: scans that come while it is being made wait for the sale screen.
      if (busy.current) return true;
      busy.current = true;
      setStarting(code);
      return createPosOrder(code)
        .then((order) => {
          client.setQueryData(posKeys.order(order.id), order);
          toastSuccess('Order Created Successfully');
          navigate(pointOfSalePath(order.id), { replace: true });
          return true;
        })
        .catch((failure) => {
          busy.current = false;
          setStarting(null);
          toastFailure('Error Creating Order', failure);
          scanInput.current?.focus();
          return false;
        });
    },
    [client, navigate],
  );

  /** The scan field's Enter; false (or a promise of it) when refused, so the field keeps the code selected. */
  const typed = (text: string): boolean | Promise<boolean> => {
    const trimmed = text.trim();
    if (!trimmed) return true;
    const code = productCodeOf(parseScan(trimmed), trimmed);
    if (code) return start(code);
    notify({ color: 'red', title: 'Unknown Scan', message: trimmed });
    return false;
  };

  // The page-wide scanner, when the focus is elsewhere. What the POS takes is declared in ./help.ts.
  useScreenHelp(POS_HELP);
  useScanHandler((scan) => {
    const raw = 'raw' in scan ? scan.raw : null;
    const code = raw ? productCodeOf(scan, raw) : null;
    if (!code) return false;
    start(code);
    return true;
  });

  return (
    <Stack gap="md" data-testid="pos-new">
      <Breadcrumbs>
        <Anchor component={Link} to="/orders" size="sm">
          Orders
        </Anchor>
        <Text size="sm">Point of Sale</Text>
      </Breadcrumbs>
      <Title order={2}>Point of Sale: New Sale</Title>
      <ScanInput inputRef={scanInput} onSubmit={typed} check={{ allowed: true }} />
      <Paper withBorder p="xl">
        {starting ? (
          <Group gap="xs" data-testid="pos-starting">
            <Loader size="sm" />
            <Text c="dimmed">Starting the sale with {starting}…</Text>
          </Group>
        ) : (
          <Text c="dimmed" data-testid="pos-waiting">
            Scan or type the first product's UPC or SKU: the order is made with it.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
