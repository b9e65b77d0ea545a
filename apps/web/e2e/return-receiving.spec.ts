import type { Page } from '@playwright/test';
import { choose, expect, query, signIn, test } from './support/fixtures';

const SCREENS = '../../test-results/screens';

/** A 1x1-ish PNG: a photo of the returned unit for its used product's primary image. */
function png(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Hm1cXdAAAAAElFTkSuQmCC',
    'base64',
  );
}

/** Types a scan as a keyboard-wedge scanner does (fast keys, then Enter) with the focus on the page. */
async function scan(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 2 });
  await page.keyboard.press('Enter');
}

test('receiving a return by scanning: item, bin, grade Very Good, PGU label, Processed and Closed, unit history', async ({
  page,
}) => {
  // An open marketplace return of one unit whose product has a UPC and a brand (its used SKU needs the alias).
  const [demo] = await query<{ id: number; item_id: number; upc: string; sku: string; product_id: number }>(`
    select r.id, i.id as item_id, p.upc, p.sku, p.id as product_id
    from inbound_returns r join accounts a on a.id = r.account_id
    join inbound_return_items i on i.inbound_return_id = r.id join products p on p.id = i.product_id
    where a.name = 'Demo Music Co' and r.return_status_id = 1 and r.is_first_party_return = 0
      and p.upc is not null and p.brand_id is not null and i.quantity = 1 and i.quantity_received = 0
      and (select count(*) from inbound_return_items x where x.inbound_return_id = r.id) = 1
      and not exists (select 1 from products v where v.source_product_id = p.id and v.product_condition_id = 10)
    order by r.id limit 1`);
  expect(demo, 'a demo return of one unit').toBeDefined();
  const [bin] = await query<{ barcode: string; id: number }>(
    `select d.barcode, d.id from warehouse_divisions d join warehouses w on w.id = d.warehouse_id
     where w.short_alias = 'MAIN' and d.chaos_bin = 'R01' and d.parent_id is null`,
  );

  // The built-in printers loaded with the papers these labels need (the printers spec reloads one of them).
  await query(`update printers set paper_id = 12, is_active = 1 where common_name = 'Large Label Printer'`);
  await query(
    `update printers set paper_id = 32, is_active = 1 where common_name = 'Product Barcode Printer'`,
  );

  await signIn(page, 'admin');
  await page.goto(`/return/${demo!.id}`);
  await expect(page.getByTestId('return-title')).toHaveText(`Return #${demo!.id}`);
  await expect(page.getByTestId('return-status')).toHaveText('Open');
  // No warehouse yet: the page asks for one and its controls are off.
  await expect(page.getByText('Choose the warehouse you receive into to work on this return.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return Inventory' })).toBeDisabled();
  await expect(page.getByTestId('printer-warning')).toContainText('Printers not mapped');

  // Map the three printers from the top bar's printer settings: the warning goes.
  await page.getByRole('button', { name: 'Printer Settings' }).first().click();
  await choose(page, 'label-kind-pguLabel', /^Large Label Printer/);
  await choose(page, 'label-kind-productBarcodeLabel', /^Product Barcode Printer/);
  await choose(page, 'label-kind-inboundReturnLabel', /^Return Label Printer/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('printer-warning')).toBeHidden();
  await choose(page, 'return-warehouse', /^Main Warehouse/);
  await expect(page.getByRole('button', { name: 'Return Inventory' })).toBeEnabled();

  // The return barcode label.
  await page.getByRole('button', { name: 'Print Return Barcode' }).click();
  await expect(page.getByText('Printing Inbound Return Label')).toBeVisible();

  // A UPC that is on no item.
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await scan(page, '012345678905');
  await expect(page.getByText('No item found with barcode matching: 012345678905.')).toBeVisible();

  // Scan the item's UPC: the receive dialog opens at once (timed in the page, from the Enter key).
  await page.evaluate(() => {
    const w = window as unknown as { scanShownMs?: number; scanLog?: string[] };
    w.scanLog = [];
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Enter' || w.scanShownMs !== undefined) return;
        const enterAt = performance.now();
        const poll = () => {
          if (document.querySelector('[data-testid="step-receiveSessionBin"]')?.checkVisibility()) {
            w.scanShownMs = performance.now() - enterAt;
          } else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      },
      true,
    );
  });
  await scan(page, demo!.upc);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('step-receiveSessionBin')).toBeVisible();
  const shownMs = await page.evaluate(() => (window as unknown as { scanShownMs?: number }).scanShownMs);
  console.log(`scan → receive dialog shown: ${shownMs?.toFixed(1)} ms`);
  expect(shownMs).toBeDefined();
  // Opening the dialog moved the item to Received.
  await expect(page.getByTestId(`return-item-${demo!.item_id}`).getByTestId('item-status')).toHaveText(
    'Received',
  );

  // Scan the return bin: a group bin leads to the grade. The return bin takes used grades only.
  await scan(page, bin!.barcode);
  await expect(dialog.getByTestId('disposition-bin')).toHaveText(bin!.barcode);
  await expect(dialog.getByRole('radio', { name: 'New' })).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Very Good' }).check();
  const receive = dialog.getByRole('button', { name: 'Receive' });
  await expect(receive).toBeDisabled();
  // The used product: a pool barcode, a photo as its primary image, the condition.
  await expect(dialog.getByTestId('condition-summary')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Pool Barcode' }).click();
  await expect(page.getByText(/^Assigned Barcode \d+$/)).toBeVisible();
  const upc = await dialog.getByLabel('UPC').inputValue();
  await dialog
    .getByTestId('variant-details')
    .locator('input[type=file]')
    .setInputFiles({ name: 'unit.png', mimeType: 'image/png', buffer: png() });
  await dialog.getByLabel('Wear description').fill('light pick scratches');
  await dialog.getByLabel('Additional notes').fill('tested, works');
  await expect(dialog.getByTestId('condition-summary')).toHaveValue(
    'Wear: light pick scratches; Note: tested, works',
  );
  await expect(receive).toBeEnabled();
  await page.screenshot({ path: `${SCREENS}/return-receiving-grade.png`, fullPage: true });
  await receive.click();
  await expect(page.getByText(new RegExp(`^Received 1 × \\S+VG into ${bin!.barcode}$`))).toBeVisible();
  await expect(page.getByText('Printed PGU')).toBeVisible();

  // All in: the item Processed, the return Closed, the unit where it went.
  const row = page.getByTestId(`return-item-${demo!.item_id}`);
  await expect(row.getByTestId('item-status')).toHaveText('Processed');
  await expect(row.getByTestId('item-received')).toHaveText('1 / 1');
  await expect(page.getByTestId('return-status')).toHaveText('Closed');
  await expect(row.getByTestId('item-locations')).toContainText(bin!.barcode);
  await expect(page.getByTestId('received-divisions')).toContainText(bin!.barcode);

  // Print the received-item (PGU) label and the product barcode again from the location.
  await row.getByRole('button', { name: 'Print PGU' }).click();
  await expect(page.getByText('Printed PGU').last()).toBeVisible();
  await row.getByRole('button', { name: 'Print Barcode' }).click();
  await expect(page.getByText('Printed Product Barcode')).toBeVisible();

  // The unit's history.
  await row.getByRole('button', { name: 'History' }).click();
  await expect(page.getByTestId('unit-history')).toContainText('received');
  await expect(page.getByTestId('unit-history')).toContainText(bin!.barcode);
  await page.screenshot({ path: `${SCREENS}/return-receiving-history.png`, fullPage: true });
  await page.keyboard.press('Escape');

  // What the database holds.
  const [stored] = await query<{
    return_status_id: number;
    item_status_id: number;
    quantity_received: number;
  }>(
    `select r.return_status_id, i.inbound_return_item_status_id as item_status_id, i.quantity_received
     from inbound_returns r join inbound_return_items i on i.inbound_return_id = r.id where r.id = $1`,
    [demo!.id],
  );
  expect(stored).toEqual({ return_status_id: 20, item_status_id: 20, quantity_received: 1 });
  const units = await query<{
    id: number;
    inventory_location_id: number;
    inventory_condition_id: number;
    product_condition_id: number;
    upc: string;
    source_product_id: number;
    received_by: number | null;
  }>(
    `select u.id, u.inventory_location_id, u.inventory_condition_id, p.product_condition_id, p.upc,
       p.source_product_id, u.received_by
     from inventory_location_items u join products p on p.id = u.product_id where u.return_item_id = $1`,
    [demo!.item_id],
  );
  expect(units).toHaveLength(1);
  expect(units[0]).toMatchObject({
    inventory_location_id: bin!.id,
    inventory_condition_id: 1,
    product_condition_id: 10,
    upc,
    source_product_id: demo!.product_id,
  });
  expect(units[0]!.received_by).not.toBeNull();
  const events = await query<{ event_type: string; note: string }>(
    'select event_type, note from inventory_unit_events where inventory_location_item_id = $1',
    [units[0]!.id],
  );
  expect(events).toEqual([
    { event_type: 'received', note: `Returned on Return #${demo!.id} (Very Good) into ${bin!.barcode}` },
  ]);
  const jobs = await query<{ label_kind: string; n: number }>(
    `select label_kind, count(*)::int as n from print_jobs
     where description in ($1, $2) or description like $3 group by label_kind order by label_kind`,
    [`Return #${demo!.id} label`, `PGU %#${units[0]!.id}`, `PGU %#${units[0]!.id}`],
  );
  expect(jobs).toEqual([
    { label_kind: 'inboundReturnLabel', n: 1 },
    { label_kind: 'pguLabel', n: 2 },
  ]);
});

test('a first-party return: a scan expects one more unit and saves In Process; edits save; a stale save reloads', async ({
  page,
}) => {
  const [demo] = await query<{ id: number; item_id: number; upc: string; quantity: number }>(`
    select r.id, i.id as item_id, p.upc, i.quantity
    from inbound_returns r join accounts a on a.id = r.account_id
    join inbound_return_items i on i.inbound_return_id = r.id join products p on p.id = i.product_id
    where a.name = 'Demo Music Co' and r.return_status_id = 1 and r.is_first_party_return = 1
      and i.inbound_return_item_status_id = 1 and p.upc is not null
      and (select count(*) from inbound_return_items x where x.inbound_return_id = r.id) = 1
    order by r.id limit 1`);
  expect(demo, 'a first-party demo return').toBeDefined();
  await signIn(page, 'admin');
  await page.goto(`/return/${demo!.id}`);
  await choose(page, 'return-warehouse', /^Main Warehouse/);
  const row = page.getByTestId(`return-item-${demo!.item_id}`);
  await expect(row.getByTestId('item-received')).toHaveText(`0 / ${demo!.quantity}`);

  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await scan(page, demo!.upc);
  await expect(row.getByTestId('item-received')).toHaveText(`0 / ${demo!.quantity + 1}`);
  await expect(page.getByTestId('return-status')).toHaveText('In Process');
  await expect
    .poll(async () =>
      query<{ quantity: number; status: number }>(
        `select i.quantity, r.return_status_id as status from inbound_return_items i
         join inbound_returns r on r.id = i.inbound_return_id where i.id = $1`,
        [demo!.item_id],
      ),
    )
    .toEqual([{ quantity: demo!.quantity + 1, status: 10 }]);

  // Minus on a New item, a reason and its detail: each saved.
  await row.getByRole('button', { name: 'One less' }).click();
  await expect(row.getByTestId('item-received')).toHaveText(`0 / ${demo!.quantity}`);
  await row.getByLabel('Return reason').click();
  await page.getByRole('option', { name: 'Defective' }).click();
  await row.getByLabel('Reason detail').fill('Buzzes on the low E');
  await expect
    .poll(async () =>
      query<{ quantity: number; reason: number; note: string }>(
        `select quantity, return_reason_id as reason, return_reason_note as note
         from inbound_return_items where id = $1`,
        [demo!.item_id],
      ),
    )
    .toEqual([{ quantity: demo!.quantity, reason: 5, note: 'Buzzes on the low E' }]);

  // Another clerk puts the return on Hold meanwhile: this screen's next save is refused and it reloads.
  await query(
    `update inbound_returns set return_status_id = 15, modified_at = modified_at + interval '1 second' where id = $1`,
    [demo!.id],
  );
  await row.getByLabel('Return reason').click();
  await page.getByRole('option', { name: 'Not Needed' }).click();
  await expect(page.getByText('Error Saving Inbound Return')).toBeVisible();
  await expect(
    page.getByText(
      `Return #${demo!.id} was changed by someone else. It has been reloaded: check it and make your change again.`,
    ),
  ).toBeVisible();
  await expect(page.getByTestId('return-status')).toHaveText('Hold');
  const [kept] = await query<{ reason: number }>(
    'select return_reason_id as reason from inbound_return_items where id = $1',
    [demo!.item_id],
  );
  expect(kept!.reason).toBe(5);
  await page.screenshot({ path: `${SCREENS}/return-first-party-stale.png`, fullPage: true });
});

test('the channel reason on its card, scans outside the dialog, Return to Vendor, refusals and the status moves allowed', async ({
  page,
}) => {
  // A fulfilled marketplace order of two or more lines, the first of one unit with a UPC, on no return yet: its
  // return is started, and the channel's lines get the reason and words the customer gave the channel.
  const [order] = await query<{ id: number }>(`
    select o.id from channel_orders o join accounts a on a.id = o.account_id
    join sales_channels c on c.id = o.channel_id
    where a.name = 'Demo Music Co' and o.system_order_status_id in (20, 21) and c.site_id in (1, 2)
      and (select count(*) from channel_order_items i where i.channel_order_id = o.id) > 1
      and not exists (select 1 from channel_order_items i left join products p on p.id = i.product_id
        where i.channel_order_id = o.id and p.upc is null)
      and exists (select 1 from channel_order_items i where i.channel_order_id = o.id and i.quantity_ordered = 1)
      and (select count(distinct p.upc) = count(*) from channel_order_items i join products p on p.id = i.product_id
        where i.channel_order_id = o.id)
      and not exists (select 1 from channel_order_returns r where r.channel_order_id = o.id)
    order by o.id desc limit 1`);
  expect(order, 'a demo marketplace order to return').toBeDefined();
  await signIn(page, 'admin');
  const started = await page.request.put('/api/v1/backroom/returns', { data: { channelOrderId: order!.id } });
  expect(started.status()).toBe(200);
  const returnId = (await started.json()).data[0].id as number;
  await query(
    `update channel_order_return_items set return_reason_id = 5, return_reason_note = 'Stopped working after a week.'
     where channel_order_return_id = (select channel_order_return_id from inbound_returns where id = $1)`,
    [returnId],
  );
  const [demo] = await query<{ id: number; item_id: number; upc: string; reason: string; note: string }>(
    `select r.id, i.id as item_id, p.upc, cri.return_reason_id::text as reason, cri.return_reason_note as note
     from inbound_returns r join inbound_return_items i on i.inbound_return_id = r.id
     join products p on p.id = i.product_id
     join channel_order_return_items cri on cri.id = i.channel_order_return_item_id
     where r.id = $1 and i.quantity = 1 order by i.id limit 1`,
    [returnId],
  );
  // The channel's reason as the spec names id 5.
  const reasonName = 'Defective';
  const [transfer] = await query<{ id: number; barcode: string }>(
    `select d.id, d.barcode from warehouse_divisions d join warehouses w on w.id = d.warehouse_id
     where w.short_alias = 'MAIN' and d.chaos_bin = 'T01'`,
  );
  const [elsewhere] = await query<{ barcode: string }>(
    `select d.barcode from warehouse_divisions d join warehouses w on w.id = d.warehouse_id
     join accounts a on a.id = w.account_id
     where a.name = 'Demo Music Co' and w.short_alias <> 'MAIN' and d.barcode is not null order by d.id limit 1`,
  );
  const [bin] = await query<{ barcode: string }>(
    `select d.barcode from warehouse_divisions d join warehouses w on w.id = d.warehouse_id
     where w.short_alias = 'MAIN' and d.chaos_bin = 'R01' and d.parent_id is null`,
  );

  await page.goto(`/return/${demo!.id}`);
  const row = page.getByTestId(`return-item-${demo!.item_id}`);
  const card = page.getByTestId('return-item-card').filter({ has: row });
  await expect(card.getByTestId('channel-reason')).toHaveText(`Channel reason: ${reasonName}`);
  await expect(card.getByTestId('channel-reason-note')).toHaveText(`“${demo!.note}”`);
  // No warehouse: the whole page is off, not only the item buttons.
  await expect(page.getByRole('button', { name: 'Print Return Barcode' })).toBeDisabled();
  await expect(row.getByLabel('Reason detail')).toBeDisabled();

  await choose(page, 'return-warehouse', /^Main Warehouse/);
  await expect(row.getByLabel('Reason detail')).toBeEnabled();
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  // A bin scanned with no item in hand, and a bin of another warehouse.
  await scan(page, bin!.barcode);
  await expect(page.getByText(`${bin!.barcode}: scan an item first, then its bin.`)).toBeVisible();
  await scan(page, elsewhere!.barcode);
  await expect(page.getByText('Invalid Division: Not in Warehouse Main Warehouse')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Return to Vendor: the item, then a transfer bin.
  await scan(page, demo!.upc);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('step-receiveSessionBin')).toBeVisible();
  await scan(page, elsewhere!.barcode);
  await expect(page.getByText('Invalid Division: Not in Warehouse Main Warehouse').last()).toBeVisible();
  await scan(page, transfer!.barcode);
  await expect(dialog.getByTestId('step-returnToVendor')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/return-to-vendor.png`, fullPage: true });
  await dialog.getByRole('button', { name: /Purgatory/i }).click();
  await expect(page.getByText(new RegExp(`^Received 1 × \\S+ into ${transfer!.barcode}$`))).toBeVisible();
  await expect(row.getByTestId('item-status')).toHaveText('Sent Back');
  await expect(page.getByTestId('return-status')).toHaveText('In Process');

  // The same UPC again: nothing more to receive, said at the scan.
  await scan(page, demo!.upc);
  await expect(page.getByText(/is already closed: nothing more can be received for it\.$/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // With a unit in, the dropdowns do not offer what would say it never came.
  await page.getByTestId('return-status-select').click();
  await expect(page.getByRole('option', { name: 'Cancelled' })).toHaveAttribute(
    'data-combobox-disabled',
    'true',
  );
  await expect(page.getByRole('option', { name: 'Hold' })).not.toHaveAttribute(
    'data-combobox-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await row.getByTestId('item-status-select').click();
  await expect(page.getByRole('option', { name: 'New', exact: true })).toHaveAttribute(
    'data-combobox-disabled',
    'true',
  );
  await page.getByRole('option', { name: 'Under Review' }).click();
  await expect(row.getByTestId('item-status')).toHaveText('Under Review');

  // What the database holds: the unit in the transfer bin, the item and the return.
  await expect
    .poll(() =>
      query<{ bin: number; status: number; ret: number }>(
        `select u.inventory_location_id as bin, i.inbound_return_item_status_id as status, r.return_status_id as ret
         from inventory_location_items u join inbound_return_items i on i.id = u.return_item_id
         join inbound_returns r on r.id = i.inbound_return_id where i.id = $1`,
        [demo!.item_id],
      ),
    )
    .toEqual([{ bin: transfer!.id, status: 15, ret: 10 }]);
});
