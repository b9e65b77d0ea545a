import { mkdirSync } from 'node:fs';
import { parseScan } from '@backroom/shared';
import type { Page } from '@playwright/test';
import { installFakeScale, weigh } from './support/fake-scale';
import { expect, query, signIn, test } from './support/fixtures';
import { decodeBarcodePng, mapShippingPrinter } from './support/shipping';

const SHOTS = '../../test-results/screens';
mkdirSync(SHOTS, { recursive: true });

test.use({ viewport: { width: 1500, height: 1000 } });

const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

/**
 * A demo product whose oldest order waiting at the bench (Packing, Packed, Partially Shipped) with a shipment
 * left to pack is in Packing with that shipment unpacked: the station then goes through box, weight and
 * packing. The UPC as printed on the box (12 digits, or 13 for an EAN).
 */
async function aProductToPack() {
  const [found] = await query<{
    upc: string;
    order_id: number;
    channel_order_number: string;
    shipment_id: number;
  }>(
    `with waiting as (
       select o.id, o.channel_order_number, o.ordered_at, o.system_order_status_id, i.product_id,
         (select s.id from channel_order_shipments s where s.channel_order_id = o.id and s.is_voided = 0
            and s.is_purchased = 0 and s.is_shipped = 0 and s.tracking_number is null order by s.id limit 1) as shipment_id
       from channel_orders o join channel_order_items i on i.channel_order_id = o.id
       where o.account_id = ${MUSIC} and o.system_order_status_id in (13, 14, 19, 21)),
     oldest as (
       select distinct on (product_id) product_id, id, channel_order_number, system_order_status_id, shipment_id
       from waiting where shipment_id is not null order by product_id, ordered_at, id)
     select lpad(ltrim(p.normalized_upc, '0'), 12, '0') as upc, f.id as order_id, f.channel_order_number, f.shipment_id
     from oldest f join products p on p.id = f.product_id
     join channel_order_shipments s on s.id = f.shipment_id
     where f.system_order_status_id = 13 and s.is_packed = 0 and p.normalized_upc is not null
     order by f.id limit 1`,
  );
  expect(found, 'a demo product whose oldest waiting order is unpacked').toBeDefined();
  return found!;
}

/** The station's performance marks: milliseconds since the page opened, and the wall clock of each. */
async function marks(page: Page) {
  return page.evaluate(() => {
    const mark = (name: string) =>
      performance.getEntriesByName(name, 'mark').at(-1) as PerformanceMark | undefined;
    const at = (name: string) => mark(name)?.startTime ?? Number.NaN;
    const epoch = (name: string) =>
      (mark(name)?.detail as { epoch?: number } | undefined)?.epoch ?? Number.NaN;
    const request = (part: string) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes(part))
        .at(-1)?.duration ?? Number.NaN;
    return {
      scanToShownMs: Math.round(at('packing:shown') - at('packing:scan')),
      scanToReadyMs: Math.round(at('packing:ready') - at('packing:scan')),
      scanToBoughtMs: Math.round(at('packing:bought') - at('packing:scan')),
      scanEpoch: epoch('packing:scan'),
      readyEpoch: epoch('packing:ready'),
      searchRequestMs: Math.round(request('/packing/search')),
      shipmentsRequestMs: Math.round(request('/warehouse/shipments?channelOrderId=')),
      packRequestMs: Math.round(request('/shipments/package/pack')),
      ratesRequestMs: Math.round(request('/shipment/package/rates')),
      buyRequestMs: Math.round(request('/shipment/package/buy')),
    };
  });
}

/** The print job of a label (by its queue description, '{carrier} {tracking}'). */
async function labelJob(description: string) {
  const [job] = await query<{
    id: number;
    state: string;
    created_at: Date;
    printed_at: Date | null;
    printer: string;
    label_kind: string;
  }>(
    `select j.id, j.state, j.created_at, j.printed_at, p.common_name as printer, j.label_kind from print_jobs j
      join printers p on p.id = j.printer_id where j.description = $1`,
    [description],
  );
  return job;
}

test('packing station: scan a product, scan the box, the scale weighs, Enter buys and prints; the label in the Print Queue; void', async ({
  page,
}) => {
  const target = await aProductToPack();
  const [pedal] = await query<{ id: number }>(
    `select id from packaging where account_id = ${MUSIC} and common_name = 'Pedal Box'`,
  );
  await installFakeScale(page);
  // The browser keeps 250 resource timings by default: room for the station's requests of the test.
  await page.addInitScript(() => performance.setResourceTimingBufferSize(5000));
  await signIn(page, 'warehouse');

  // From the menu; the scale reconnects by itself, the scan field has the focus.
  await page.getByRole('navigation').getByRole('link', { name: 'Packing Station' }).click();
  await expect(page).toHaveURL(/\/warehouse\/packing$/);
  const station = page.getByTestId('packing-station');
  await expect(station.getByTestId('usb-scale')).toHaveAttribute('data-status', 'connected');
  await mapShippingPrinter(page, station);
  await expect(station.getByTestId('shipping-printer')).toContainText(
    'Labels print on Shipping Label Printer',
  );
  const scan = page.getByTestId('packing-scan');
  await scan.focus();
  await expect(scan).toBeFocused();
  const scanText = async (text: string) => {
    await page.keyboard.type(text, { delay: 2 });
    await page.keyboard.press('Enter');
  };

  // A UPC no order waits for says so.
  const [unknown] = await query<{ n: number }>(
    `select count(*)::int as n from products where normalized_upc = '0000036000291452'`,
  );
  expect(unknown!.n).toBe(0);
  await scanText('036000291452');
  await expect(page.getByTestId('packing-not-found')).toContainText(
    'No order is waiting for UPC 036000291452',
  );
  await expect(page.getByTestId('packing-not-found')).toContainText('No order waits for this UPC');
  await page.screenshot({ path: `${SHOTS}/packing-not-found.png` });

  // The product's UPC: the oldest order waiting for it opens with its shipment.
  await scanText(target.upc);
  await expect(page.getByTestId('packing-order-number')).toHaveText(target.channel_order_number);
  const panel = page.getByTestId(`shipment-panel-${target.shipment_id}`);
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(
    new RegExp(`/warehouse/packing\\?order=${target.order_id}&shipment=${target.shipment_id}$`),
  );

  // The box by its code, the weight from the scale: packed and rated by itself, the cheapest rate chosen.
  await scanText(`{PKG:${pedal!.id}}`);
  await expect(panel.getByRole('textbox', { name: 'Packaging' })).toHaveValue(/Pedal Box/);
  const weighAt = Date.now();
  await weigh(page, 37.6);
  await expect(page.getByTestId('packing-ready')).toBeVisible();
  const rows = panel.getByTestId('rate-row');
  await expect(rows.first()).toHaveAttribute('data-selected', 'true');
  await expect(scan).toBeFocused();
  // ↓ and ↑ move the choice; back on the cheapest.
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(rows.first()).toHaveAttribute('data-selected', 'true');
  await page.screenshot({ path: `${SHOTS}/packing-rated.png` });
  const chosenRateId = await rows.first().getAttribute('data-rate-id');

  // Enter buys the chosen rate; the label prints on the mapped printer.
  const enterAt = Date.now();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('packing-done')).toContainText('Printed on Shipping Label Printer');
  await expect(page.getByText(/^Label Purchased with total Fee: \$\d+\.\d{2}$/)).toBeVisible();
  const tracking = (await panel.getByTestId(`tracking-${target.shipment_id}`).textContent())!;

  const [shipment] = await query<{
    is_packed: number;
    is_purchased: number;
    tracking_number: string;
    carrier_fee_billed: string;
    warehouse_packaging_id: number;
    package_weight_ounce: string;
  }>('select * from channel_order_shipments where id = $1', [target.shipment_id]);
  expect(shipment).toMatchObject({
    is_packed: 1,
    is_purchased: 1,
    tracking_number: tracking,
    warehouse_packaging_id: pedal!.id,
    package_weight_ounce: '37.60',
  });
  const [label] = await query<{ id: number; carrier: string; fee: string; rate_id: string }>(
    `select id, carrier, fee, rate_id from shipping_labels where owner_kind = 'orderShipment' and owner_id = $1`,
    [target.shipment_id],
  );
  expect(label!.rate_id).toBe(chosenRateId);
  expect(Number(shipment!.carrier_fee_billed)).toBe(Number(label!.fee));
  // The label's print job, printed by the built-in print server.
  const description = `${label!.carrier} ${tracking}`;
  await expect.poll(async () => (await labelJob(description))?.state).toBe('printed');
  const printed = (await labelJob(description))!;
  expect(printed).toMatchObject({ printer: 'Shipping Label Printer', label_kind: 'shippingLabel' });
  const [notes] = await query<{ packed: number; purchased: number }>(
    `select count(*) filter (where text like $2)::int as packed, count(*) filter (where text like $3)::int as purchased
       from order_notes where channel_order_id = $1`,
    [
      target.order_id,
      `Shipment ${target.shipment_id} packed in Pedal Box%`,
      `Label purchased for shipment ${target.shipment_id}:%`,
    ],
  );
  expect(notes).toEqual({ packed: 1, purchased: 1 });
  await page.screenshot({ path: `${SHOTS}/packing-bought.png` });

  const full = await marks(page);
  const firstPass = {
    ...full,
    scanEpoch: undefined,
    readyEpoch: undefined,
    scanToBoughtMs: undefined,
    weighToReadyMs: full.readyEpoch - weighAt,
    enterToPrintedMs: printed.printed_at!.getTime() - enterAt,
    queuedToPrintedMs: printed.printed_at!.getTime() - printed.created_at.getTime(),
  };

  // The Print Queue shows the job with its preview; the preview's barcode is the tracking number.
  await page.getByRole('navigation').getByRole('link', { name: 'Print Queue' }).click();
  const row = page.getByTestId(`print-job-${printed.id}`);
  await expect(row).toContainText(`${label!.carrier} ${tracking}`);
  await expect(row).toContainText('printed');
  await expect(row).toContainText('Shipping Label Printer');
  const preview = row.getByRole('img', { name: `Preview of ${label!.carrier} ${tracking}` });
  await expect(preview).toBeVisible();
  await preview.click();
  await expect(page.getByRole('dialog').getByRole('img', { name: /^Preview of / })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/packing-print-queue.png` });
  const png = await page.request.get(`/api/v1/backroom/print/jobs/${printed.id}/preview`);
  expect(png.headers()['content-type']).toContain('image/png');
  const decoded = decodeBarcodePng(await png.body());
  expect(decoded.format).toBe('CODE_128');
  const [saved] = await query<{ tracking_number: string }>(
    'select tracking_number from channel_order_shipments where id = $1',
    [target.shipment_id],
  );
  // As a scanner reads it: a USPS barcode carries the 420 + ZIP routing prefix before the tracking number.
  expect(decoded.text.endsWith(saved!.tracking_number)).toBe(true);
  expect(parseScan(decoded.text)).toMatchObject({
    type: 'trackingNumber',
    trackingNumber: saved!.tracking_number,
  });
  await page.keyboard.press('Escape');

  // Back to the station: the order and its label are still there (the address keeps them); void it.
  await page.goBack();
  await expect(page.getByTestId('packing-order-number')).toHaveText(target.channel_order_number);
  await expect(panel.getByTestId(`tracking-${target.shipment_id}`)).toHaveText(tracking);
  await panel.getByRole('button', { name: 'Void Label' }).click();
  await expect(page.getByText(`Voided Shipment ${target.shipment_id}: Refund Requested.`)).toBeVisible();
  const [voided] = await query<{ is_voided: number; state: string }>(
    `select s.is_voided, l.state from channel_order_shipments s
       join shipping_labels l on l.owner_kind = 'orderShipment' and l.owner_id = s.id where s.id = $1`,
    [target.shipment_id],
  );
  expect(voided).toEqual({ is_voided: 1, state: 'voided' });
  // The shipment that replaces it is the one at the bench now.
  const [replacement] = await query<{ id: number }>(
    'select id from channel_order_shipments where channel_order_id = $1 and id > $2 order by id limit 1',
    [target.order_id, target.shipment_id],
  );
  await expect(page).toHaveURL(new RegExp(`shipment=${replacement!.id}$`));
  await expect(page.getByTestId(`shipment-panel-${replacement!.id}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/packing-voided.png` });

  // Escape starts over.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/warehouse\/packing$/);
  await expect(page.getByTestId('packing-idle')).toBeVisible();
  await expect(scan).toBeFocused();

  // The same product again: its order waits again, with the replacement shipment, which the station packed
  // and rated as soon as it showed it after the void (same box, the box still on the scale). The scan finds
  // it ready to buy, and Enter at once: timed from the scan to the printed label.
  await page.evaluate(() => performance.clearResourceTimings());
  await scanText(target.upc);
  await expect(page.getByTestId('packing-ready')).toBeVisible();
  const againEnterAt = Date.now();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('packing-done')).toBeVisible();
  const againId = `tracking-${replacement!.id}`;
  const again = (await page.getByTestId(againId).textContent())!;
  const [second] = await query<{ carrier: string }>(
    `select carrier from shipping_labels where owner_kind = 'orderShipment' and owner_id = $1 and state = 'bought'`,
    [replacement!.id],
  );
  const againDescription = `${second!.carrier} ${again}`;
  await expect.poll(async () => (await labelJob(againDescription))?.state).toBe('printed');
  const job = (await labelJob(againDescription))!;
  const timed = await marks(page);
  const figures = {
    boxAndScale: firstPass,
    packedAndRated: {
      ...timed,
      scanEpoch: undefined,
      readyEpoch: undefined,
      scanToPrintedMs: job.printed_at!.getTime() - timed.scanEpoch,
      enterToPrintedMs: job.printed_at!.getTime() - againEnterAt,
      queuedToPrintedMs: job.printed_at!.getTime() - job.created_at.getTime(),
    },
  };
  console.log(`packing station figures: ${JSON.stringify(figures)}`);
  await page.screenshot({ path: `${SHOTS}/packing-timed.png` });
});
