import { mkdirSync } from 'node:fs';
import {
  formatMoney,
  formatNoteDate,
  formatOrderDate,
  formatShipmentDate,
  orderStatusName,
  toCents,
} from '@backroom/shared';
import type { Page } from '@playwright/test';
import { expect, query, signIn, test } from './support/fixtures';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

// A back-office screen: wide enough for the two columns of the order detail.
test.use({ viewport: { width: 1600, height: 1000 } });

const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

async function accountOffset(): Promise<string> {
  const [account] = await query<{ utc_offset: string }>(
    `select utc_offset from accounts where id = ${MUSIC}`,
  );
  return account!.utc_offset;
}

interface OrderRow {
  id: number;
  channel_order_number: string;
  system_order_status_id: number;
}

/** A Demo Music Co order matching `where` (on channel_orders o joined to sales_channels c). */
async function anOrder(where: string, pick: 'first' | 'last' = 'first'): Promise<OrderRow> {
  const [order] = await query<OrderRow>(
    `select o.id, o.channel_order_number, o.system_order_status_id
       from channel_orders o join sales_channels c on c.id = o.channel_id
      where o.account_id = ${MUSIC} and ${where} order by o.id ${pick === 'first' ? 'asc' : 'desc'} limit 1`,
  );
  expect(order, `a demo order where ${where}`).toBeDefined();
  return order!;
}

const money = (value: string | number) => formatMoney(toCents(value));

async function openActions(page: Page) {
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByTestId('order-actions')).toBeVisible();
}

test('finds an Amazon order in the orders list and shows its detail: items, totals, link, status, dates, related orders', async ({
  page,
}) => {
  const offset = await accountOffset();
  // A shipped Amazon Prime order with a replacement made for it.
  const order = await anOrder(
    `c.site_id = 1 and o.system_order_status_id = 20 and o.related_order_id is null
       and exists (select 1 from channel_orders r where r.related_order_id = o.id)`,
  );
  const [facts] = await query<{
    ordered_at: Date;
    latest_delivered_at: Date;
    billed_order_total: string;
    billed_tax: string;
    billed_unit_total: string;
    shipped_at: Date;
  }>(
    `select o.ordered_at, o.latest_delivered_at, o.billed_order_total, o.billed_tax, o.billed_unit_total,
            (select max(shipped_at) from channel_order_shipments s where s.channel_order_id = o.id) as shipped_at
       from channel_orders o where o.id = $1`,
    [order.id],
  );
  const items = await query<{
    sku: string;
    name: string;
    quantity_ordered: number;
    unit_price: string;
    tax_percent: string;
  }>(
    `select p.sku, p.name, i.quantity_ordered, i.unit_price, i.tax_percent
       from channel_order_items i join products p on p.id = i.product_id
      where i.channel_order_id = $1 order by i.sort_order, i.id`,
    [order.id],
  );
  const [replacement] = await query<{ id: number; channel_order_number: string }>(
    'select id, channel_order_number from channel_orders where related_order_id = $1',
    [order.id],
  );

  await signIn(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const table = page.getByTestId('orders-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/orders-list.png` });

  // Search by the order number: the list narrows to it (and its replacement, whose number extends it).
  await page.getByTestId('orders-search').fill(order.channel_order_number);
  await expect(page).toHaveURL(new RegExp(`q=${order.channel_order_number}`));
  const row = page.getByTestId(`order-row-${order.id}`);
  await expect(row).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(row).toContainText('Amazon');
  await expect(row).toContainText(formatOrderDate(facts!.ordered_at, offset));
  await expect(row).toContainText(money(facts!.billed_order_total));
  await expect(row.getByTestId('order-status')).toHaveText('Fulfilled');
  await expect(
    row.getByRole('link', { name: `Open ${order.channel_order_number} on Amazon` }),
  ).toHaveAttribute('href', `https://sellercentral.amazon.com/orders-v3/order/${order.channel_order_number}`);
  await page.screenshot({ path: `${SHOTS}/orders-search.png` });

  await row.getByRole('link', { name: order.channel_order_number, exact: true }).click();
  await expect(page).toHaveURL(`/channelOrder/${order.id}/detail`);
  const detail = page.getByTestId('channel-order-detail');
  await expect(detail.getByTestId('order-number')).toHaveText(order.channel_order_number);
  await expect(detail.getByTestId('order-name')).toHaveText('Amazon Order');
  await expect(detail.getByTestId('order-id')).toHaveText(`ID ${order.id}`);
  await expect(detail.getByTestId('channel-link')).toHaveAttribute(
    'href',
    `https://sellercentral.amazon.com/orders-v3/order/${order.channel_order_number}`,
  );
  await expect(detail.getByTestId('channel-link')).toHaveAttribute('target', '_blank');

  // Status tag: green when fulfilled.
  const status = detail.getByTestId('order-summary').getByTestId('order-status');
  await expect(status).toHaveText('Fulfilled');
  await expect(status).toHaveAttribute('data-fulfilled', 'true');
  // The theme's green filled badge (darkened for contrast, issue 19).
  await expect(status).toHaveCSS('background-color', 'rgb(34, 114, 49)');

  // Dates in 'yyyy-MM-dd HH:mm zz' in the account's offset.
  const dateFormat = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC[+-]\d{1,2}(:\d{2})?$/;
  for (const [id, value] of [
    ['ordered', facts!.ordered_at],
    ['delivery-by', facts!.latest_delivered_at],
    ['shipped', facts!.shipped_at],
  ] as const) {
    const cell = detail.getByTestId(`order-date-${id}`);
    await expect(cell).toHaveText(formatOrderDate(value, offset));
    expect(await cell.textContent()).toMatch(dateFormat);
  }

  // Items: the spec's columns, a row per item with its line money.
  const itemsTable = detail.getByTestId('order-items');
  await expect(itemsTable.locator('thead th')).toHaveText([
    'SKU',
    'Name',
    'Qty',
    'Price',
    'Line Total',
    'Line Discount',
    'Line Subtotal',
    'Line Tax',
  ]);
  await expect(itemsTable.locator('tbody tr')).toHaveCount(items.length);
  for (const [index, item] of items.entries()) {
    const line = item.quantity_ordered * toCents(item.unit_price);
    const tax = Math.round((line * Number(item.tax_percent)) / 100);
    await expect(itemsTable.locator('tbody tr').nth(index).locator('td')).toHaveText([
      item.sku,
      item.name,
      String(item.quantity_ordered),
      money(item.unit_price),
      formatMoney(line),
      '$0.00',
      formatMoney(line),
      formatMoney(tax),
    ]);
  }

  // Totals as the channel billed them (no discounts on a demo Amazon order).
  await expect(detail.getByTestId('total-unit-total')).toContainText(money(facts!.billed_unit_total));
  await expect(detail.getByTestId('total-discount-total')).toContainText('$0.00');
  await expect(detail.getByTestId('total-tax-total')).toContainText(money(facts!.billed_tax));
  await expect(detail.getByTestId('total-order-total')).toContainText(money(facts!.billed_order_total));

  // The shipment: its date as MM/DD/YY, the package weight in pounds.
  const [shipment] = await query<{
    id: number;
    shipped_at: Date;
    package_weight_ounce: string;
    tracking_number: string;
  }>(
    'select id, shipped_at, package_weight_ounce, tracking_number from channel_order_shipments where channel_order_id = $1',
    [order.id],
  );
  const shipmentRow = detail.getByTestId(`shipment-${shipment!.id}`);
  await expect(shipmentRow).toContainText(formatShipmentDate(shipment!.shipped_at, offset));
  expect(formatShipmentDate(shipment!.shipped_at, offset)).toMatch(/^\d{2}\/\d{2}\/\d{2}$/);
  await expect(shipmentRow).toContainText(`${(Number(shipment!.package_weight_ounce) / 16).toFixed(2)} lb`);
  await expect(shipmentRow).toContainText(shipment!.tracking_number);

  // Returns: the demo return of this order (a replacement was issued for it), with its columns.
  const returns = await query<{
    id: number;
    reference_id: string | null;
    tracking: string | null;
    payments: string | null;
    amount: string;
    claim: string | null;
    reimbursed: string | null;
  }>(
    `select ir.id, r.reference_id,
        (select string_agg(s.tracking_number, ', ' order by s.id) from inbound_return_shipments s where s.inbound_return_id = ir.id) as tracking,
        (select string_agg(p.amount::text, ',' order by p.id) from inbound_return_payments p where p.inbound_return_id = ir.id) as payments,
        (select sum(i.quantity * coi.unit_price) from inbound_return_items i
          join channel_order_items coi on coi.id = i.channel_order_item_id where i.inbound_return_id = ir.id) as amount,
        a.claim_amount_dollar as claim, a.reimbursement_amount_dollar as reimbursed
       from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
       left join inbound_return_appeals a on a.inbound_return_id = ir.id
      where r.channel_order_id = $1 order by ir.id`,
    [order.id],
  );
  expect(returns.length).toBeGreaterThan(0);
  const returnsTable = detail.getByTestId('order-returns');
  await expect(returnsTable.locator('thead th')).toHaveText([
    'ID',
    'Reference',
    'Shipments',
    'Payments',
    'Amount',
    'Claim $',
    'Reimbursed $',
  ]);
  await expect(returnsTable.locator('tbody tr')).toHaveCount(returns.length);
  for (const r of returns) {
    await expect(returnsTable.getByTestId(`return-${r.id}`).locator('td')).toHaveText([
      String(r.id),
      r.reference_id ?? '—',
      r.tracking ?? '—',
      r.payments ? r.payments.split(',').map(money).join(', ') : '—',
      money(r.amount),
      r.claim === null ? '—' : money(r.claim),
      r.reimbursed === null ? '—' : money(r.reimbursed),
    ]);
  }
  await expect(detail.getByRole('button', { name: 'Start Return' })).toBeEnabled();

  // Related Orders: the replacement, opening in a new tab.
  const related = detail.getByTestId('related-orders');
  await expect(related.locator('tbody tr')).toHaveCount(1);
  await expect(related.locator('tbody tr td').nth(1)).toHaveText('Replacement');
  await expect(related.locator('tbody tr td').nth(2)).toHaveText('Fulfilled');
  const relatedLink = related.getByRole('link', { name: String(replacement!.id) });
  await expect(relatedLink).toHaveAttribute('href', `/channelOrder/${replacement!.id}/detail`);
  await expect(relatedLink).toHaveAttribute('target', '_blank');
  // A marketplace order sends no confirmation e-mail.
  await expect(page.getByRole('button', { name: 'Send Order Confirmation Email' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/orders-detail.png`, fullPage: true });

  // Back keeps the search.
  await page.goBack();
  await expect(page.getByTestId('orders-search')).toHaveValue(order.channel_order_number);
  await expect(page.getByTestId(`order-row-${order.id}`)).toBeVisible();

  // A return's ID opens it; the replacement issued for the order shows as an alert there.
  await page.goForward();
  await page
    .getByTestId(`return-${returns[0]!.id}`)
    .getByRole('link', { name: String(returns[0]!.id) })
    .click();
  await expect(page).toHaveURL(`/return/${returns[0]!.id}`);
  await expect(page.getByTestId('return-title')).toHaveText(`Return #${returns[0]!.id}`);
  await expect(page.getByTestId('return-rma')).toHaveText(`RMA ${returns[0]!.reference_id}`);
  const alert = page.getByTestId('replacement-alert');
  await expect(alert).toContainText('Replacement Order Issued');
  await expect(alert.getByRole('link', { name: replacement!.channel_order_number })).toHaveAttribute(
    'href',
    `/channelOrder/${replacement!.id}/detail`,
  );
  await page.screenshot({ path: `${SHOTS}/return-of-order.png`, fullPage: true });
});

test('the orders list: keyboard, filters in the URL, paging and the empty state', async ({ page }) => {
  const order = await anOrder(`c.site_id = 2 and o.system_order_status_id in (40, 41)`);
  const [customer] = await query<{ email: string }>(
    'select c.email from customers c join channel_orders o on o.customer_id = c.id where o.id = $1',
    [order.id],
  );
  await signIn(page, 'admin');
  await page.goto('/orders');
  await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(100);
  await expect(page.getByTestId('orders-range')).toHaveText('Orders 1–100');

  // Next / Previous by hasMore, the page in the URL.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('orders-range')).toHaveText(/^Orders 101–/);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByTestId('orders-range')).toHaveText('Orders 1–100');

  // '/' focuses the search box; the customer's e-mail finds the order; Enter searches at once.
  await page.locator('body').click({ position: { x: 5, y: 500 } });
  await page.keyboard.press('/');
  await expect(page.getByTestId('orders-search')).toBeFocused();
  await page.keyboard.type(customer!.email);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`order-row-${order.id}`)).toBeVisible();

  // Channel and status filters, kept in the URL across a reload.
  await page.getByTestId('orders-channel').click();
  await page.getByRole('option', { name: 'eBay' }).click();
  await page.getByTestId('orders-status').click();
  await expect(page.getByRole('listbox')).toContainText('On Hold');
  await page.screenshot({ path: `${SHOTS}/orders-status-filter.png` });
  await page
    .getByRole('option', { name: orderStatusName(order.system_order_status_id), exact: true })
    .click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`channel=\\d+&status=${order.system_order_status_id}`));
  await page.reload();
  await expect(page.getByTestId('orders-search')).toHaveValue(customer!.email);
  const rows = page.getByTestId('orders-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) {
    expect(text).toContain('eBay');
    expect(text).toContain(orderStatusName(order.system_order_status_id));
  }
  await page.screenshot({ path: `${SHOTS}/orders-filtered.png` });

  // ArrowDown from the search box walks into the rows; Enter opens the row.
  await page.getByTestId('orders-search').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId(`order-row-${order.id}`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/channelOrder/${order.id}/detail`);
  await expect(page.getByTestId('order-number')).toHaveText(order.channel_order_number);

  // Nothing matches: the empty state.
  await page.goto('/orders?q=no-such-order-zzz');
  await expect(page.getByTestId('orders-empty')).toContainText('No Orders Found');
});

test('scanning a product barcode or a tracking number on the Orders screens finds the orders', async ({
  page,
}) => {
  const [line] = await query<{ upc: string; id: number }>(
    `select p.upc, o.id from channel_order_items i join products p on p.id = i.product_id
       join channel_orders o on o.id = i.channel_order_id
      where o.account_id = ${MUSIC} and length(p.upc) = 12 order by o.ordered_at desc, o.id desc limit 1`,
  );
  const order = await anOrder(`o.system_order_status_id = 20`, 'last');
  await query(
    `insert into channel_order_shipments (account_id, channel_order_id, tracking_number, is_purchased, is_shipped)
     values (${MUSIC}, $1, '1ZBACKROOM0000SCAN', 1, 1)`,
    [order.id],
  );
  await signIn(page, 'admin');
  await page.goto(`/channelOrder/${order.id}/detail`);
  await expect(page.getByTestId('order-name')).toBeVisible();

  // From an order's detail, a UPC scan (a keyboard wedge: fast keys, then Enter) lists the orders holding it.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.type(line!.upc, { delay: 2 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders\\?q=${line!.upc}$`));
  await expect(page.getByTestId(`order-row-${line!.id}`)).toBeVisible();
  await expect(page.getByTestId('orders-search')).toHaveValue(line!.upc);

  // On the list, a tracking number scan finds the order it shipped with.
  await page.locator('body').click({ position: { x: 5, y: 500 } });
  await page.keyboard.type('1ZBACKROOM0000SCAN', { delay: 2 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`order-row-${order.id}`)).toBeVisible();
  await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: 'This screen does not take' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/orders-scan-tracking.png` });
});

test('order notes: Enter saves a one-line user note; System Notes shows and hides the import note', async ({
  page,
}) => {
  const offset = await accountOffset();
  const order = await anOrder(`c.site_id = 1 and o.id % 7 <> 0 and o.related_order_id is null`);
  const [admin] = await query<{ first_name: string; last_name: string }>(
    `select first_name, last_name from users where email = 'admin@backroom.local'`,
  );
  await signIn(page, 'admin');
  await page.goto(`/channelOrder/${order.id}/detail`);
  const panel = page.getByTestId('order-notes');
  await expect(panel.getByTestId('no-notes')).toBeVisible();
  // The import's system note is hidden by default.
  await expect(panel.getByText('Order imported from Amazon.')).toHaveCount(0);

  const box = panel.getByPlaceholder('Leave a Note');
  await box.click();
  await page.keyboard.type('Customer asked for a signature on delivery.');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('');
  await expect(page.getByText('Order Note Added Successfully')).toBeVisible();
  const first = panel
    .getByTestId('order-note')
    .filter({ hasText: 'Customer asked for a signature on delivery.' });
  await expect(first).toBeVisible();
  await expect(first.getByTestId('note-author')).toHaveText(`${admin!.first_name} ${admin!.last_name}`);

  // Shift+Enter does not make a new line either: it saves, and the note is one line.
  await box.click();
  await page.keyboard.type('Second note');
  await page.keyboard.press('Shift+Enter');
  await expect(box).toHaveValue('');
  expect(await box.inputValue()).not.toContain('\n');
  const second = panel.getByTestId('order-note').filter({ hasText: 'Second note' });
  await expect(second).toBeVisible();
  // Newest first.
  await expect(panel.getByTestId('order-note').first()).toContainText('Second note');

  const notes = await query<{ text: string; note_type_id: number; created_at: Date }>(
    `select text, note_type_id, created_at from order_notes where channel_order_id = $1 and note_type_id = 0 order by id`,
    [order.id],
  );
  expect(notes.map((n) => [n.text, n.note_type_id])).toEqual([
    ['Customer asked for a signature on delivery.', 0],
    ['Second note', 0],
  ]);
  await expect(first.getByTestId('note-date')).toHaveText(formatNoteDate(notes[0]!.created_at, offset));
  expect(await first.getByTestId('note-date').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

  // System Notes on: the import note shows, after the user notes; off: it hides again.
  const toggle = panel.getByRole('switch', { name: 'System Notes' });
  await expect(toggle).not.toBeChecked();
  await toggle.dispatchEvent('click');
  const system = panel.getByTestId('order-note').filter({ hasText: 'Order imported from Amazon.' });
  await expect(system).toBeVisible();
  await expect(system).toContainText('System');
  await expect(panel.getByTestId('order-note').last()).toContainText('Order imported from Amazon.');
  await page.screenshot({ path: `${SHOTS}/orders-notes.png`, fullPage: true });
  await toggle.dispatchEvent('click');
  await expect(system).toHaveCount(0);
  await expect(panel.getByTestId('order-note')).toHaveCount(2);
});

test('order actions: refused ones are off with their reason; Make Shippable Backorder updates the status', async ({
  page,
}) => {
  const order = await anOrder(`c.channel_type_id = 3 and o.system_order_status_id = 30`);
  await signIn(page, 'admin');
  await page.goto(`/channelOrder/${order.id}/detail`);
  const status = page.getByTestId('order-summary').getByTestId('order-status');
  await expect(status).toHaveText('Backordered');
  await expect(status).toHaveAttribute('data-fulfilled', 'false');

  await openActions(page);
  const menu = page.getByTestId('order-actions');
  // A marketplace order cannot be canceled here; a backordered one cannot be shipped.
  await expect(menu.getByRole('menuitem', { name: 'Cancel' })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: 'Mark Shipped' })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: 'Pre-Pack' })).toBeDisabled();
  await menu.getByTestId('action-cancel').hover();
  await expect(
    page.getByRole('tooltip', {
      name: 'Only point-of-sale orders, or orders without a sales channel, can be canceled here',
    }),
  ).toBeVisible();
  await menu.getByTestId('action-markShipped').hover();
  await expect(page.getByRole('tooltip', { name: 'A Backordered order cannot be shipped' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/orders-actions.png` });

  const item = menu.getByRole('menuitem', { name: 'Make Shippable Backorder' });
  await expect(item).toBeEnabled();
  await item.click();
  await expect(page.getByText(`Updated ${order.id}.`)).toBeVisible();
  await expect(status).toHaveText('Awaiting Allocation');
  const [saved] = await query<{ system_order_status_id: number }>(
    'select system_order_status_id from channel_orders where id = $1',
    [order.id],
  );
  expect(saved!.system_order_status_id).toBe(10);
  // Now the rule refuses it.
  await openActions(page);
  await expect(
    page.getByTestId('order-actions').getByRole('menuitem', { name: 'Make Shippable Backorder' }),
  ).toBeDisabled();
  // Awaiting Allocation: nothing is picked, so nothing can have shipped yet.
  await expect(menu.getByRole('menuitem', { name: 'Mark Shipped' })).toBeDisabled();
  await menu.getByTestId('action-markShipped').hover();
  await expect(
    page.getByRole('tooltip', { name: 'An Awaiting Allocation order has nothing picked to ship yet' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
});

test('order actions: the server’s refusal (409) shows in the failure toast', async ({ page }) => {
  // Another backordered order, changed behind the screen's back after it loaded.
  const order = await anOrder(`c.channel_type_id = 3 and o.system_order_status_id = 30`, 'last');
  await signIn(page, 'admin');
  await page.goto(`/channelOrder/${order.id}/detail`);
  await expect(page.getByTestId('order-summary').getByTestId('order-status')).toHaveText('Backordered');
  await query('update channel_orders set system_order_status_id = 4 where id = $1', [order.id]);
  await openActions(page);
  await page.getByTestId('order-actions').getByRole('menuitem', { name: 'Make Shippable Backorder' }).click();
  await expect(page.getByText(`Error updating ${order.id}.`)).toBeVisible();
  await expect(page.getByText('Only a backordered order can be made shippable')).toBeVisible();
  const [row] = await query<{ system_order_status_id: number }>(
    'select system_order_status_id from channel_orders where id = $1',
    [order.id],
  );
  expect(row!.system_order_status_id).toBe(4);
});

test('Mark Shipped records the tracking numbers and the order turns fulfilled (green)', async ({ page }) => {
  const order = await anOrder(`o.system_order_status_id = 14`);
  await signIn(page, 'admin');
  await page.goto(`/channelOrder/${order.id}/detail`);
  const status = page.getByTestId('order-summary').getByTestId('order-status');
  await expect(status).toHaveText('Packed');
  await openActions(page);
  await page.getByTestId('order-actions').getByRole('menuitem', { name: 'Mark Shipped' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark ${order.channel_order_number} Shipped` });
  const tracking = dialog.getByLabel('Tracking Numbers');
  await tracking.fill('1Z999AA10123456784');
  await tracking.press('Enter');
  await tracking.fill('9400100000000000000001');
  await tracking.press('Enter');
  await page.screenshot({ path: `${SHOTS}/orders-mark-shipped.png` });
  await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
  await expect(page.getByText(`Updated ${order.id}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveText('Fulfilled');
  await expect(status).toHaveAttribute('data-fulfilled', 'true');
  const shipments = page.getByTestId('order-shipments');
  await expect(shipments).toContainText('1Z999AA10123456784');
  await expect(shipments).toContainText('9400100000000000000001');
  const saved = await query<{ tracking_number: string }>(
    'select tracking_number from channel_order_shipments where channel_order_id = $1 order by id',
    [order.id],
  );
  expect(saved.map((s) => s.tracking_number)).toEqual(['1Z999AA10123456784', '9400100000000000000001']);
  const [row] = await query<{ system_order_status_id: number }>(
    'select system_order_status_id from channel_orders where id = $1',
    [order.id],
  );
  expect(row!.system_order_status_id).toBe(20);
});

test('Send Order Confirmation Email shows only for web store orders and puts the e-mail in the Outbox', async ({
  page,
}) => {
  const web = await anOrder(`c.site_id = 99 and c.channel_type_id = 1 and o.customer_id is not null`);
  await signIn(page, 'admin');
  await page.goto(`/channelOrder/${web.id}/detail`);
  await expect(page.getByTestId('order-name')).toHaveText('Web Store Order');
  // An own-store order links to its own detail route.
  await expect(page.getByTestId('channel-link')).toHaveAttribute('href', `/channelOrder/${web.id}/detail`);
  await page.getByRole('button', { name: 'Send Order Confirmation Email' }).click();
  await expect(page.getByText('Order Confirmation Sent')).toBeVisible();
  const mail = await query<{ subject: string }>(
    'select subject from mail_outbox where channel_order_id = $1',
    [web.id],
  );
  expect(mail).toHaveLength(1);
  expect(mail[0]!.subject).toContain(web.channel_order_number);

  const pos = await anOrder(`c.site_id = 99 and c.channel_type_id = 2`);
  await page.goto(`/channelOrder/${pos.id}/detail`);
  await expect(page.getByTestId('order-name')).toHaveText('Point of Sale Order');
  await expect(page.getByRole('button', { name: 'Send Order Confirmation Email' })).toHaveCount(0);
});

test('Start Return creates a return for the order, opens it, and the order lists it', async ({ page }) => {
  const offset = await accountOffset();
  // An eBay order no return expects anything of yet.
  const order = await anOrder(
    `c.site_id = 2 and o.system_order_status_id not between 50 and 59 and o.related_order_id is null
       and exists (select 1 from channel_order_items i where i.channel_order_id = o.id)
       and not exists (select 1 from channel_order_returns r where r.channel_order_id = o.id)`,
  );
  const lines = await query<{ sku: string; name: string; quantity_ordered: number; unit_price: string }>(
    `select p.sku, p.name, i.quantity_ordered, i.unit_price
       from channel_order_items i join products p on p.id = i.product_id
      where i.channel_order_id = $1 order by i.sort_order, i.id`,
    [order.id],
  );

  await signIn(page, 'admin');
  await page.goto(`/channelOrder/${order.id}/detail`);
  await expect(page.getByTestId('order-returns')).toContainText('No Returns');
  await page.getByRole('button', { name: 'Start Return' }).click();
  await expect(page.getByText('Return Created Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/return\/\d+$/);
  const returnId = Number(new URL(page.url()).pathname.split('/').pop());

  // What the database holds: one open return of this order, expecting every ordered unit.
  const [created] = await query<{ channel_order_id: number; return_status_id: number; units: number }>(
    `select r.channel_order_id, ir.return_status_id,
        (select sum(i.quantity)::int from inbound_return_items i where i.inbound_return_id = ir.id) as units
       from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id where ir.id = $1`,
    [returnId],
  );
  const units = lines.reduce((sum, l) => sum + l.quantity_ordered, 0);
  expect(created).toEqual({ channel_order_id: order.id, return_status_id: 1, units });

  // The return's page: its number, status, order link, items and empty sections.
  const view = page.getByTestId('manage-inbound-return');
  await expect(view.getByTestId('return-title')).toHaveText(`Return #${returnId}`);
  await expect(view.getByTestId('return-status')).toHaveText('Open');
  await expect(
    view.getByTestId('return-order').getByRole('link', { name: `Order ${order.channel_order_number}` }),
  ).toHaveAttribute('href', `/channelOrder/${order.id}/detail`);
  // One item row per order line (returns.md §Inbound return wrapper and item rows): SKU, received / expected, status.
  const items = view.getByTestId(/^return-item-\d+$/);
  await expect(items).toHaveCount(lines.length);
  for (const [index, line] of lines.entries()) {
    await expect(items.nth(index).getByTestId('item-sku')).toHaveText(line.sku);
    await expect(items.nth(index).getByTestId('item-received')).toHaveText(`0 / ${line.quantity_ordered}`);
    await expect(items.nth(index).getByTestId('item-status')).toHaveText('New');
  }
  await expect(view.getByTestId('return-labels')).toContainText('0 Labels');
  await expect(view.getByTestId('return-payments')).toContainText('0 Payments');
  await expect(view.getByTestId('return-appeal')).toContainText('No Appeal');
  const [note] = await query<{ created_at: Date }>(
    'select created_at from inbound_return_notes where inbound_return_id = $1',
    [returnId],
  );
  // The creation note is a system note: shown with the 'System Notes' switch on.
  await view.getByTestId('return-notes').getByRole('switch', { name: 'System Notes' }).dispatchEvent('click');
  await expect(view.getByTestId('return-notes')).toContainText(
    `Return created from order ${order.channel_order_number}, expecting ${units} unit${units === 1 ? '' : 's'}.`,
  );
  await expect(view.getByTestId('return-notes')).toContainText(formatNoteDate(note!.created_at, offset));
  await page.screenshot({ path: `${SHOTS}/return-created.png`, fullPage: true });

  // Back on the order: the return is listed, and a second Start Return is refused with the reason.
  await page.getByRole('link', { name: order.channel_order_number, exact: true }).click();
  await expect(page).toHaveURL(`/channelOrder/${order.id}/detail`);
  const row = page.getByTestId(`return-${returnId}`);
  const amount = lines.reduce((sum, l) => sum + l.quantity_ordered * toCents(l.unit_price), 0);
  await expect(row.locator('td')).toHaveText([
    String(returnId),
    '—',
    '—',
    '—',
    formatMoney(amount),
    '—',
    '—',
  ]);
  await page.getByRole('button', { name: 'Start Return' }).click();
  await expect(page.getByText(`Error Creating Return for OrderId: #${order.id}`)).toBeVisible();
  await expect(
    page.getByText(`Every item of order ${order.channel_order_number} is already on a return.`),
  ).toBeVisible();
  await expect(page).toHaveURL(`/channelOrder/${order.id}/detail`);
  const [count] = await query<{ n: number }>(
    'select count(*)::int as n from channel_order_returns where channel_order_id = $1',
    [order.id],
  );
  expect(count!.n).toBe(1);
});

test('a sales person without the returns permission sees Start Return off, with the reason', async ({
  page,
}) => {
  const order = await anOrder(`c.site_id = 14`);
  await signIn(page, 'sales');
  await page.goto(`/channelOrder/${order.id}/detail`);
  await expect(page.getByRole('button', { name: 'Start Return' })).toBeDisabled();
  await page.getByTestId('start-return-wrapper').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Starting a return needs the returns permission');
});
