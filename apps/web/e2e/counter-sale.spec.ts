import { mkdirSync } from 'node:fs';
import { formatMoney, toCents } from '@backroom/shared';
import type { Page } from '@playwright/test';
import { expect, query, signIn, test } from './support/fixtures';

// A complete counter sale with a customer (issue 16 #2, #4): scan, a customer with an address, two tenders,
// the next-step button to done, the receipt and the confirmation e-mail agreeing with the order to the cent.

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
test.use({ viewport: { width: 1600, height: 1000 } });

const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

/** An active simple product with a 12-digit UPC and a unit free to sell in the POS warehouse. */
async function stockedProduct(skip = 0) {
  const rows = await query<{ sku: string; upc: string }>(
    `with w as (
       select w.id from warehouses w join warehouse_types t on t.id = w.warehouse_type_id
        where w.account_id = ${MUSIC} and w.is_active = 1 and t.has_fulfillment
        order by w.sort_order, w.id limit 1)
     select p.sku, p.upc from products p
       join inventory_location_items u on u.product_id = p.id and u.is_deleted = 0 and u.picked_at is null
        and u.warehouse_id = (select id from w)
       join warehouse_divisions d on d.id = u.inventory_location_id and d.is_withheld = 0
      where p.account_id = ${MUSIC} and p.type_id = 0 and p.is_active = 1 and p.price_sale > 20
        and length(p.upc) = 12 and p.upc ~ '^[0-9]+$'
        and not exists (select 1 from pick_request_items pi where pi.inventory_location_item_id = u.id)
        and not exists (select 1 from products q where q.account_id = p.account_id and q.id <> p.id
                          and q.normalized_upc = p.normalized_upc)
      group by p.id order by p.id desc limit 1 offset ${skip}`,
  );
  expect(rows, 'a stocked product with a UPC').toHaveLength(1);
  return rows[0]!;
}

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
const centsIn = async (page: Page, testId: string) =>
  toCents((await page.getByTestId(testId).innerText()).replace(/[$,]/g, ''));

/** Scans like a keyboard-wedge scanner, with the focus on nothing that takes text. */
async function wedgeScan(page: Page, code: string) {
  await page.getByRole('heading', { level: 2 }).first().click();
  await expect(page.locator('input:focus, textarea:focus')).toHaveCount(0);
  await page.keyboard.type(code, { delay: 2 });
  await page.keyboard.press('Enter');
}

/** Double-clicks an address field and types it (Enter saves the field). */
async function typeField(page: Page, editorTestId: string, field: string, label: string, text: string) {
  const editor = page.getByTestId(editorTestId);
  await editor.locator(`[data-field="${field}"]`).dblclick();
  const input = editor.getByRole('textbox', { name: label, exact: true });
  await input.fill(text);
  if (field === 'state') await page.getByRole('option', { name: `${text} — Texas` }).click();
  else await input.press('Enter');
  await expect(editor.locator(`[data-field="${field}"]`)).toContainText(text);
}

async function addPayment(page: Page, type: string | null, cents: number) {
  const modal = page.getByRole('dialog', { name: 'Add Payment' });
  await expect(modal).toBeVisible();
  if (type) {
    await modal.getByTestId('payment-type').click();
    await page.getByRole('option', { name: type, exact: true }).click();
  }
  await modal.getByTestId('payment-amount-input').fill((cents / 100).toFixed(2));
  await modal.getByRole('button', { name: 'Add Payment' }).click();
  await expect(modal).toHaveCount(0);
}

test('a counter sale: scan, a new customer with an address, cash and card, finalize, receipt and e-mail to the cent', async ({
  page,
}) => {
  const product = await stockedProduct();
  await signIn(page, 'manager');
  await page.getByRole('link', { name: 'Point of Sale', exact: true }).click();
  await expect(page).toHaveURL(/\/POS\/new$/);

  // Scan: the first item makes the order.
  await wedgeScan(page, product.upc);
  await expect(page).toHaveURL(/\/POS\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  await expect(page.locator(`[data-testid="pos-line"][data-sku="${product.sku}"]`)).toBeVisible();
  const total = await centsIn(page, 'total-order');
  const next = page.getByTestId('pos-next-step');
  await expect(next).toHaveAttribute('data-step', 'pay');
  await expect(next).toHaveText(`Take Payment ${formatMoney(total)}`);

  // The customer: nobody by this name yet, so a new one, with a billing address.
  const stamp = Date.now();
  const email = `rosa.counter.${stamp}@example.com`;
  const card = page.getByTestId('pos-customer');
  await card.getByTestId('customer-search').fill(`Rosa Counter${stamp}`);
  await expect(card.getByText('No customer found.')).toBeVisible();
  await card.getByTestId('new-customer').click();
  const modal = page.getByRole('dialog', { name: 'New Customer' });
  await expect(modal.getByLabel('First Name')).toHaveValue('Rosa');
  await modal.getByLabel('Last Name').fill(`Counter${stamp}`);
  await modal.getByLabel('E-mail').fill(email);
  await modal.getByLabel('Phone').fill('5125550123');
  await typeField(page, 'new-customer-address', 'addressLine1', 'Address line 1', '701 Brazos St');
  await typeField(page, 'new-customer-address', 'city', 'City', 'Austin');
  await typeField(page, 'new-customer-address', 'state', 'State', 'TX');
  await typeField(page, 'new-customer-address', 'postalCode', 'Zip code', '78701');
  await page.screenshot({ path: `${SHOTS}/counter-new-customer.png` });
  await modal.getByRole('button', { name: 'Save Customer' }).click();
  await expect(toast(page, 'Customer Created Successfully')).toBeVisible();
  await expect(card.getByTestId('customer-name')).toHaveText(`Rosa Counter${stamp}`);
  await expect(card.getByTestId('customer-email')).toHaveText(email);
  await expect(card.getByTestId('customer-phone')).toHaveText('(512) 555-0123');

  // The same customer is found again by a part of the e-mail (a second till would).
  const found = await page.request.get(
    `/api/v1/backroom/customers?searchTerm=${encodeURIComponent(`counter.${stamp}@`)}`,
  );
  expect((await found.json()).data.map((c: { email: string }) => c.email)).toEqual([email]);

  // Shipping address: the billing one.
  await expect(card.getByTestId('no-shipping-address')).toHaveText('No Shipping Information');
  await card.getByRole('button', { name: 'Same as Billing' }).click();
  await card.getByTestId('save-shipping-address').click();
  await expect(toast(page, 'Order Modified Successfully').last()).toBeVisible();
  await expect(card.getByTestId('save-shipping-address')).toHaveCount(0);
  await expect(card.getByTestId('shipping-address')).toContainText('701 Brazos St');
  await page.screenshot({ path: `${SHOTS}/counter-customer.png` });

  // Two tenders through the next-step button: cash for part, the card for the rest.
  const cash = Math.round(total / 3);
  await next.click();
  await addPayment(page, null, cash);
  await expect(toast(page, 'Manual Payment Added')).toBeVisible();
  await expect(next).toHaveText(`Take Payment ${formatMoney(total - cash)}`);
  await next.click();
  await addPayment(page, 'Manual Credit Card', total - cash);
  await expect(page.getByTestId('total-due')).toHaveText('$0.00');
  await expect(page.getByTestId('pos-order-state')).toHaveText('On Hold');
  await expect(next).toHaveAttribute('data-step', 'finalize');
  await page.screenshot({ path: `${SHOTS}/counter-paid.png` });

  // Done.
  await next.click();
  await expect(toast(page, 'Order Completed Successfully')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Ready');
  await expect(page.getByTestId('pos-order-state')).toHaveText('Active');
  await expect(next).toHaveAttribute('data-step', 'newSale');
  await expect(next).toHaveText('New Sale');

  // The receipt and the confirmation e-mail.
  await page.getByRole('button', { name: 'Print Receipt', exact: true }).click();
  const printModal = page.getByRole('dialog', { name: 'Print Receipt' });
  await expect(printModal.getByTestId('receipt-printer')).not.toHaveValue('');
  await printModal.getByRole('button', { name: 'Print Receipt' }).click();
  await expect(toast(page, 'Receipt sent to')).toBeVisible();
  await page.getByRole('button', { name: 'Send Order Confirmation Email' }).click();
  await expect(toast(page, 'Order Confirmation Sent')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/counter-done.png` });

  // What the database holds, and the receipt and the e-mail agree with it to the cent.
  const [order] = await query<{
    status: number;
    unit: string;
    tax: string;
    total: string;
    email: string;
    line1: string;
    paid: string;
  }>(
    `select o.system_order_status_id as status, o.billed_unit_total::text as unit, o.billed_tax::text as tax,
            o.billed_order_total::text as total, c.email, a.address_line1 as line1,
            (select sum(amount)::text from channel_order_payments where channel_order_id = o.id) as paid
       from channel_orders o join customers c on c.id = o.customer_id
       join addresses a on a.id = o.default_ship_address_id where o.id = $1`,
    [orderId],
  );
  expect(order).toMatchObject({ status: 4, email, line1: '701 Brazos St' });
  expect(toCents(order!.total)).toBe(total);
  expect(toCents(order!.paid)).toBe(total);
  const payments = await query<{ type: number; amount: string }>(
    'select channel_order_payment_type_id as type, amount::text from channel_order_payments where channel_order_id = $1 order by id',
    [orderId],
  );
  expect(payments.map((p) => [p.type, toCents(p.amount)])).toEqual([
    [5, cash],
    [25, total - cash],
  ]);
  const expected: [string, string][] = [
    ['Subtotal', formatMoney(toCents(order!.unit))],
    ['Tax', formatMoney(toCents(order!.tax))],
    ['Total', formatMoney(toCents(order!.total))],
  ];
  const [job] = await query<{ label: { elements: { text?: string }[] } }>(
    `select label from print_jobs where label_kind = 'receipts' and content like $1 order by id desc limit 1`,
    [`%{CO:${orderId}}%`],
  );
  const printed = job!.label.elements.flatMap((e) => (e.text === undefined ? [] : [String(e.text)]));
  const [mail] = await query<{ to_address: string; text: string; id: number }>(
    'select id, to_address, text from mail_outbox where channel_order_id = $1 order by id desc limit 1',
    [orderId],
  );
  expect(mail!.to_address).toBe(email);
  for (const [label, amount] of expected) {
    expect(printed[printed.indexOf(label) + 1], `receipt ${label}`).toBe(amount);
    expect(mail!.text, `e-mail ${label}`).toContain(`${label} ${amount}`);
  }
  expect(mail!.text).toContain('701 Brazos St');

  // The Outbox shows it.
  await page.goto('/orders/outbox');
  const row = page.locator(`[data-testid="outbox-row"][data-message-id="${mail!.id}"]`);
  await expect(row).toContainText(email);

  // New Sale starts the next one.
  await page.goto(`/POS/${orderId}`);
  await page.getByTestId('pos-next-step').click();
  await expect(page).toHaveURL(/\/POS\/new$/);
});

test('the next step after paying in full: an order awaiting payment moves on by itself', async ({ page }) => {
  const product = await stockedProduct(1);
  await signIn(page, 'sales');
  await page.goto('/POS/new');
  await page.getByTestId('pos-scan-input').fill(product.sku);
  await page.getByTestId('pos-scan-input').press('Enter');
  await expect(page).toHaveURL(/\/POS\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  const total = await centsIn(page, 'total-order');

  // Finalize with money due is not offered, and says why.
  const finalize = page.getByTestId('pos-actions').getByRole('button', { name: 'Finalize', exact: true });
  await expect(finalize).toBeDisabled();
  await expect(finalize).toHaveAttribute(
    'aria-description',
    `${formatMoney(total)} is still due. Take the payment before finalizing.`,
  );

  // Activate with money due: Awaiting Payment, and the next step takes the payment.
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(page.getByTestId('pos-order-state')).toHaveText('Awaiting Payment');
  const next = page.getByTestId('pos-next-step');
  await expect(next).toHaveText(`Take Payment ${formatMoney(total)}`);
  await next.click();
  await addPayment(page, null, total);
  await expect(toast(page, 'Manual Payment Added')).toBeVisible();

  // Paid in full: Ready at once, nothing left to finalize, and the next step is a new sale.
  await expect(page.getByTestId('total-due')).toHaveText('$0.00');
  await expect(page.getByTestId('order-status')).toHaveText('Ready');
  await expect(page.getByTestId('pos-order-state')).toHaveText('Active');
  await expect(next).toHaveText('New Sale');
  await expect(finalize).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/counter-awaiting-paid.png` });
  const [order] = await query<{ status: number }>(
    'select system_order_status_id as status from channel_orders where id = $1',
    [orderId],
  );
  expect(order!.status).toBe(4);
});
