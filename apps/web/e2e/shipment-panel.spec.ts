import { mkdirSync, readFileSync } from 'node:fs';
import { formatMoney, toCents } from '@backroom/shared';
import { expect, query, signIn, test } from './support/fixtures';
import { mapShippingPrinter } from './support/shipping';

const SHOTS = '../../test-results/screens';
mkdirSync(SHOTS, { recursive: true });

// The order detail's two columns need a wide screen.
test.use({ viewport: { width: 1600, height: 1100 } });

const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

interface ShipmentRow {
  id: number;
  is_packed: number;
  is_purchased: number;
  is_voided: number;
  is_shipped: number;
  tracking_number: string | null;
  carrier_fee_billed: string;
  warehouse_packaging_id: number | null;
  package_length_inch: string | null;
  package_width_inch: string | null;
  package_height_inch: string | null;
  package_weight_ounce: string | null;
  is_training_shipment: number;
}

const shipmentRow = async (id: number) =>
  (await query<ShipmentRow>('select * from channel_order_shipments where id = $1', [id]))[0]!;

const notesLike = async (orderId: number, text: string) =>
  (
    await query<{ text: string }>(
      `select text from order_notes where channel_order_id = $1 and note_type_id <> 0 and text like $2 order by id`,
      [orderId, text],
    )
  ).map((n) => n.text);

test('shipment panel on an order detail: box and weight, pack, rates, one label for a double click, reprint, download, void', async ({
  page,
}) => {
  // A Packing order whose shipment is not packed yet (the newest, away from the orders spec's picks).
  const [order] = await query<{ id: number; shipment_id: number }>(
    `select o.id, s.id as shipment_id from channel_orders o
       join channel_order_shipments s on s.channel_order_id = o.id and s.is_voided = 0
      where o.account_id = ${MUSIC} and o.system_order_status_id = 13 and o.is_fba = 0 and s.is_packed = 0
      order by o.id desc limit 1`,
  );
  expect(order, 'a demo order at the packing bench').toBeDefined();
  const sid = order!.shipment_id;
  const [pedal] = await query<{ id: number }>(
    `select id from packaging where account_id = ${MUSIC} and common_name = 'Pedal Box'`,
  );

  await signIn(page, 'admin');
  await page.goto(`/channelOrder/${order!.id}/detail`);
  const section = page.getByTestId('shipment-panels');
  const panel = page.getByTestId(`shipment-panel-${sid}`);
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('order-shipments').getByTestId(`shipment-${sid}`)).toBeVisible();
  await expect(section.getByTestId('shipping-printer')).toContainText('No shipping label printer is mapped');
  await mapShippingPrinter(page, section);
  await expect(section.getByTestId('shipping-printer')).toContainText(
    'Labels print on Shipping Label Printer',
  );

  // Not packed, no box: rates cannot be asked for, and the packaging is marked as an error.
  const calculate = panel.getByRole('button', { name: 'Calculate Shipping' });
  await expect(calculate).toBeDisabled();
  await expect(panel.getByTestId(`rates-blocked-${sid}`)).toHaveText(
    'Pack the shipment before calculating rates.',
  );
  const packaging = panel.getByRole('textbox', { name: 'Packaging' });
  await expect(packaging).toHaveAttribute('aria-invalid', 'true');
  await packaging.click();
  await expect(page.getByRole('option', { name: 'Unknown Packaging' })).toHaveAttribute(
    'data-combobox-disabled',
  );
  await page.getByRole('option', { name: /Pedal Box/ }).click();
  await expect(packaging).toHaveAttribute('aria-invalid', 'false');
  // The box fills its sides.
  await expect(panel.getByRole('textbox', { name: 'Length (in)' })).toHaveValue('8');
  await expect(panel.getByRole('textbox', { name: 'Width (in)' })).toHaveValue('6');
  await expect(panel.getByRole('textbox', { name: 'Height (in)' })).toHaveValue('4');

  // Weight in pounds: 1 lb or less is highlighted; stored as ounces (× 16) after the 650 ms announcement.
  const weight = panel.getByRole('textbox', { name: 'Weight (lb)' });
  await weight.fill('0.75');
  await expect(weight).toHaveAttribute('aria-invalid', 'true');
  await weight.fill('2.35');
  await expect(weight).toHaveAttribute('aria-invalid', 'false');
  const height = panel.getByRole('textbox', { name: 'Height (in)' });
  await height.fill('1');
  await expect(height).toHaveAttribute('aria-invalid', 'true');
  await height.fill('4.5');
  await expect.poll(async () => (await shipmentRow(sid)).package_weight_ounce).toBe('37.60');
  await expect.poll(async () => (await shipmentRow(sid)).package_height_inch).toBe('4.50');
  expect(await shipmentRow(sid)).toMatchObject({
    warehouse_packaging_id: pedal!.id,
    package_length_inch: '8.00',
    package_width_inch: '6.00',
    is_packed: 0,
  });
  await page.screenshot({ path: `${SHOTS}/shipment-panel-package.png`, fullPage: true });

  // Pack: the shipment is packed (with a note), and rates may now be asked for.
  await panel.getByRole('button', { name: 'Pack' }).click();
  await expect(page.getByText(`Updated ${sid}.`)).toBeVisible();
  await expect(panel.getByText('Packed', { exact: true })).toBeVisible();
  expect((await shipmentRow(sid)).is_packed).toBe(1);
  expect(await notesLike(order!.id, `Shipment ${sid} packed in Pedal Box%`)).toEqual([
    `Shipment ${sid} packed in Pedal Box (8 x 6 x 4.5 in, 2.35 lb).`,
  ]);

  await calculate.click();
  const rates = panel.getByTestId('rate-row');
  await expect(rates.first()).toBeVisible();
  const costs = (await panel.getByTestId('rate-cost').allTextContents()).map((c) =>
    toCents(c.replace(/[$,]/g, '')),
  );
  expect(costs.length).toBeGreaterThan(1);
  expect(costs).toEqual([...costs].sort((a, b) => a - b));
  await expect(panel.getByText(/Envelope/)).toHaveCount(0);

  // Purchase Label needs a chosen rate; a double click buys one label.
  const buy = panel.getByRole('button', { name: 'Purchase Label' });
  await expect(buy).toBeDisabled();
  await rates.nth(1).getByRole('radio').check();
  await expect(buy).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/shipment-panel-rates.png`, fullPage: true });
  await buy.dblclick();
  const purchased = page.getByText(/^Label Purchased with total Fee: \$\d+\.\d{2}$/);
  await expect(purchased).toBeVisible();
  const tracking = panel.getByTestId(`tracking-${sid}`);
  await expect(tracking).toHaveText(/\S{10,}/);
  const trackingNumber = (await tracking.textContent())!;
  await expect(page.getByTestId('order-shipments').getByTestId(`shipment-${sid}`)).toContainText(
    trackingNumber,
  );

  // The database: the shipment bought with its tracking number and fee, one label, one note, one print.
  const bought = await shipmentRow(sid);
  expect(bought).toMatchObject({ is_purchased: 1, is_shipped: 1, tracking_number: trackingNumber });
  const labels = await query<{ id: number; fee: string; carrier: string; state: string }>(
    `select id, fee, carrier, state from shipping_labels where owner_kind = 'orderShipment' and owner_id = $1`,
    [sid],
  );
  expect(labels).toHaveLength(1);
  expect(labels[0]!.state).toBe('bought');
  expect(Number(bought.carrier_fee_billed)).toBe(Number(labels[0]!.fee));
  await expect(purchased).toHaveText(`Label Purchased with total Fee: $${Number(labels[0]!.fee).toFixed(2)}`);
  await expect(panel.getByTestId(`label-fee-${sid}`)).toContainText(formatMoney(toCents(labels[0]!.fee)));
  const purchaseNotes = await notesLike(order!.id, `Label purchased for shipment ${sid}:%`);
  expect(purchaseNotes).toHaveLength(1);
  expect(purchaseNotes[0]).toContain(`tracking ${trackingNumber}`);
  const printJobs = () =>
    query<{ id: number; label_kind: string; printer: string }>(
      `select j.id, j.label_kind, p.common_name as printer from print_jobs j join printers p on p.id = j.printer_id
        where j.description = $1 order by j.id`,
      [`${labels[0]!.carrier} ${trackingNumber}`],
    );
  expect(await printJobs()).toEqual([
    expect.objectContaining({ label_kind: 'shippingLabel', printer: 'Shipping Label Printer' }),
  ]);
  await page.screenshot({ path: `${SHOTS}/shipment-panel-bought.png`, fullPage: true });

  // Print again: a second job on the mapped printer.
  await panel.getByRole('button', { name: 'Print Label' }).click();
  await expect(page.getByText('Printing Shipping Label')).toBeVisible();
  await expect.poll(async () => (await printJobs()).length).toBe(2);

  // Download: the label's PDF.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('link', { name: 'Download Label' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`shipping-label-${labels[0]!.id}-${trackingNumber}.pdf`);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Void: refund requested, the shipment voided, and a shipment replaces it back at the bench.
  await panel.getByRole('button', { name: 'Void Label' }).click();
  await expect(page.getByText(`Voided Shipment ${sid}: Refund Requested.`)).toBeVisible();
  const voided = await shipmentRow(sid);
  expect(voided).toMatchObject({ is_voided: 1, is_shipped: 0 });
  const [label] = await query<{ state: string; refund_status: string | null }>(
    'select state, refund_status from shipping_labels where id = $1',
    [labels[0]!.id],
  );
  expect(label!.state).toBe('voided');
  expect(label!.refund_status).not.toBeNull();
  expect(await notesLike(order!.id, `Label voided for shipment ${sid} %`)).toHaveLength(1);
  const [replacement] = await query<ShipmentRow>(
    `select * from channel_order_shipments where channel_order_id = $1 and id > $2 order by id limit 1`,
    [order!.id, sid],
  );
  expect(replacement).toMatchObject({ is_packed: 0, is_voided: 0, warehouse_packaging_id: pedal!.id });
  // The voided shipment leaves the panels (its row says Voided); the replacement is ready to pack.
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('order-shipments').getByTestId(`shipment-${sid}`)).toContainText('Voided');
  const next = page.getByTestId(`shipment-panel-${replacement!.id}`);
  await expect(next.getByRole('button', { name: 'Pack' })).toBeEnabled();
  await expect(next.getByRole('button', { name: 'Print Label' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/shipment-panel-voided.png`, fullPage: true });
});

test('the point of sale shows the shipment panel of a packed order and rates it; a sales person sees no panel', async ({
  page,
}) => {
  const [order] = await query<{ id: number; shipment_id: number }>(
    `select o.id, s.id as shipment_id from channel_orders o
       join sales_channels c on c.id = o.channel_id
       join channel_order_shipments s on s.channel_order_id = o.id and s.is_voided = 0 and s.is_packed = 1
      where o.account_id = ${MUSIC} and o.channel_order_type_id = 2 and o.system_order_status_id = 14
        and s.rates is null
      order by o.id desc limit 1`,
  );
  expect(order, 'a packed point-of-sale order').toBeDefined();
  await signIn(page, 'admin');
  await page.goto(`/POS/${order!.id}`);
  const panel = page.getByTestId(`shipment-panel-${order!.shipment_id}`);
  await expect(panel.getByText('Packed', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Calculate Shipping' }).click();
  await expect(panel.getByTestId('rate-row').first()).toBeVisible();
  const [saved] = await query<{ rates: unknown[] | null }>(
    'select rates from channel_order_shipments where id = $1',
    [order!.shipment_id],
  );
  expect(saved!.rates?.length).toBe(await panel.getByTestId('rate-row').count());
  await page.screenshot({ path: `${SHOTS}/shipment-panel-pos.png`, fullPage: true });

  // Without the shipping permission the table stays and the panel does not show.
  await page.context().clearCookies();
  await signIn(page, 'sales');
  await page.goto(`/POS/${order!.id}`);
  await expect(page.getByTestId('order-shipments')).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('New Shipment makes a shipment of an order ready to ship, with its items, to its ship-to address', async ({
  page,
}) => {
  const [order] = await query<{ id: number; default_ship_address_id: number }>(
    `select o.id, o.default_ship_address_id from channel_orders o
      where o.account_id = ${MUSIC} and o.system_order_status_id = 4 and o.is_fba = 0
        and o.default_ship_address_id is not null
        and not exists (select 1 from channel_order_shipments s where s.channel_order_id = o.id)
        and exists (select 1 from channel_order_items i where i.channel_order_id = o.id and i.delivery_type_id = 1)
      order by o.id desc limit 1`,
  );
  expect(order, 'a demo order ready to ship without a shipment').toBeDefined();
  await signIn(page, 'admin');
  await page.goto(`/channelOrder/${order!.id}/detail`);
  await expect(page.getByTestId('order-shipments')).toContainText('No Shipments');
  await page.getByRole('button', { name: 'New Shipment' }).click();
  await expect(page.getByText(/^Updated \d+\.$/)).toBeVisible();
  const [created] = await query<{
    id: number;
    address_id: number;
    warehouse_id: number | null;
    units: number;
  }>(
    `select s.id, s.address_id, s.warehouse_id,
        (select sum(quantity)::int from channel_order_shipment_items where channel_order_shipment_id = s.id) as units
       from channel_order_shipments s where s.channel_order_id = $1`,
    [order!.id],
  );
  expect(created).toBeDefined();
  const [ordered] = await query<{ units: number }>(
    'select sum(quantity_ordered)::int as units from channel_order_items where channel_order_id = $1',
    [order!.id],
  );
  expect(created).toMatchObject({ address_id: order!.default_ship_address_id, units: ordered!.units });
  expect(created!.warehouse_id).not.toBeNull();
  await expect(page.getByText(`Updated ${created!.id}.`)).toBeVisible();
  const panel = page.getByTestId(`shipment-panel-${created!.id}`);
  await expect(panel.getByText('Not Packed')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Pack' })).toBeEnabled();
  // Everything is in a shipment now: no second one is offered.
  await expect(page.getByRole('button', { name: 'New Shipment' })).toHaveCount(0);
});
