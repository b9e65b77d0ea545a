import { mkdirSync } from 'node:fs';
import { formatMoney, toCents } from '@backroom/shared';
import type { Page } from '@playwright/test';
import { expect, query, signIn, test } from './support/fixtures';

// The point of sale (/POS/:id) as a store manager at the counter, and the Outbox.

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
test.use({ viewport: { width: 1600, height: 1000 } });

const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

interface Stocked {
  id: number;
  sku: string;
  upc: string;
  price: string;
}

/**
 * Two active simple products with a 12-digit UPC and at least two units free to sell in the warehouse a new
 * POS order takes (the account's first active warehouse that fulfils).
 */
async function stockedProducts(): Promise<Stocked[]> {
  const rows = await query<Stocked>(
    `with w as (
       select w.id from warehouses w join warehouse_types t on t.id = w.warehouse_type_id
        where w.account_id = ${MUSIC} and w.is_active = 1 and t.has_fulfillment
        order by w.sort_order, w.id limit 1)
     select p.id, p.sku, p.upc, p.price_sale::text as price from products p
       join inventory_location_items u on u.product_id = p.id and u.is_deleted = 0 and u.picked_at is null
        and u.warehouse_id = (select id from w)
       join warehouse_divisions d on d.id = u.inventory_location_id and d.is_withheld = 0
      where p.account_id = ${MUSIC} and p.type_id = 0 and p.is_active = 1 and p.price_sale > 5
        and length(p.upc) = 12 and p.upc ~ '^[0-9]+$'
        and not exists (select 1 from pick_request_items pi where pi.inventory_location_item_id = u.id)
        and not exists (select 1 from products q where q.account_id = p.account_id and q.id <> p.id
                          and q.normalized_upc = p.normalized_upc)
      group by p.id having count(*) >= 2 order by p.id limit 2`,
  );
  expect(rows, 'two stocked products with UPCs').toHaveLength(2);
  return rows;
}

/** Focus on nothing that takes text, so the keys go to the page-wide scanner. */
async function blurFields(page: Page) {
  // The page heading: the new-sale screen's or the order's.
  await page.getByRole('heading', { level: 2 }).first().click();
  await expect(page.locator('input:focus, textarea:focus')).toHaveCount(0);
}

/**
 * Types a scan like a keyboard-wedge scanner and measures, in the page, the time from its Enter to the
 * line with `sku` being in the table.
 */
async function scanAndTime(page: Page, code: string, sku: string): Promise<number> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __scanToLine: Promise<number> };
    w.__scanToLine = new Promise<number>((resolve) => {
      let start = 0;
      const selector = `[data-testid="pos-line"][data-sku="${CSS.escape(wanted)}"]`;
      const onKey = (event: KeyboardEvent) => {
        if (event.key === 'Enter' && !start) start = performance.now();
      };
      window.addEventListener('keydown', onKey, true);
      const observer = new MutationObserver(() => {
        if (start && document.querySelector(selector)) {
          observer.disconnect();
          window.removeEventListener('keydown', onKey, true);
          resolve(performance.now() - start);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
  }, sku);
  await page.keyboard.type(code, { delay: 2 });
  await page.keyboard.press('Enter');
  const ms = await page.evaluate(() => (window as unknown as { __scanToLine: Promise<number> }).__scanToLine);
  await expect(page.locator(`[data-testid="pos-line"][data-sku="${sku}"]`)).toBeVisible();
  return Math.round(ms);
}

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
const centsIn = async (page: Page, testId: string) =>
  toCents((await page.getByTestId(testId).innerText()).replace(/[$,]/g, ''));

test('a sale at the counter: scans, discount, promotion, cash and a gift card, finalize, refund to a new e-gift card', async ({
  page,
}) => {
  const [a, b] = await stockedProducts();
  await signIn(page, 'manager');

  // Opening the Point of Sale makes no order: the first scan does, with its item.
  const ordersNow = async () =>
    (await query<{ n: number }>('select count(*)::int as n from channel_orders'))[0]!.n;
  const before = await ordersNow();
  await page.getByRole('link', { name: 'Point of Sale', exact: true }).click();
  await expect(page).toHaveURL(/\/POS\/new$/);
  await expect(page.getByTestId('pos-waiting')).toBeVisible();
  await expect(page.getByTestId('pos-scan-input')).toBeFocused();
  expect(await ordersNow()).toBe(before);

  // First product through the page-wide scanner (focus outside the fields), the second through the scan
  // field, which has the focus back after the first add.
  await blurFields(page);
  const msA = await scanAndTime(page, a!.upc, a!.sku);
  await expect(page).toHaveURL(/\/POS\/\d+$/);
  await expect(toast(page, 'Order Created Successfully')).toBeVisible();
  const orderId = Number(page.url().split('/').pop());
  expect(await ordersNow()).toBe(before + 1);
  await expect(page.getByTestId('pos-order-number')).toHaveText(/^POS-\d{6}$/);
  await expect(page.getByTestId('pos-order-state')).toHaveText('On Hold');
  await expect(page.getByTestId('pos-scan-input')).toBeFocused();
  await expect(page.getByTestId('pos-scan-input')).toBeFocused();
  const msB = await scanAndTime(page, b!.upc, b!.sku);
  // A figure, printed: timing belongs to `npm run bench`, this test asserts what the clerk sees.
  console.log(`scan Enter → line shown: ${msA} ms (page-wide scanner), ${msB} ms (scan field)`);
  await expect(toast(page, 'Order Item Created Successfully').first()).toBeVisible();
  await expect(page.getByTestId('pos-line')).toHaveCount(2);
  await expect(page.getByTestId('pos-line-pending')).toHaveCount(0);
  const unitTotal = toCents(a!.price) + toCents(b!.price);
  await expect(page.getByTestId('total-unit')).toHaveText(formatMoney(unitTotal));

  // 10 % off the order, then the TAKE10 promotion ($10).
  await page.getByTestId('order-discount-amount').fill('10');
  await page.getByTestId('order-discount-amount').press('Enter');
  await expect(toast(page, 'Order Discount Added Successfully')).toBeVisible();
  await expect(page.locator('[data-testid="order-discount"][data-type="47"]')).toContainText('10.00%');
  await page.getByLabel('Promotion Code').fill('TAKE10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('[data-testid="order-discount"][data-type="60"]')).toContainText('$10.00');
  const afterPercent = unitTotal - Math.round(unitTotal / 10);
  await expect(page.getByTestId('total-discount')).toHaveText(formatMoney(unitTotal - (afterPercent - 1000)));

  // An item discount of $1.00 each on the second line, shown '$1.00/ea'.
  const lineA = page.locator(`[data-testid="pos-line"][data-sku="${a!.sku}"]`);
  const lineB = page.locator(`[data-testid="pos-line"][data-sku="${b!.sku}"]`);
  await lineB.getByRole('button', { name: `Add an item discount to ${b!.sku}` }).click();
  await page.getByText('$ / ea', { exact: true }).click();
  await page.getByLabel('Dollars off each').fill('1');
  await page.getByLabel('Dollars off each').press('Enter');
  await expect(toast(page, 'Item Discount Added Successfully')).toBeVisible();
  await expect(lineB.getByTestId('item-discount')).toHaveText('$1.00/ea');
  await expect(lineB.getByTestId('line-subtotal')).toHaveText(formatMoney(toCents(b!.price) - 100));

  // A sales person for the first line (named as the database has them: another spec renames Sam).
  const [seller] = await query<{ name: string }>(
    `select first_name || ' ' || last_name as name from users where email = 'sales@backroom.local'`,
  );
  await lineA.getByTestId('line-sales-people').click();
  await page.getByRole('checkbox', { name: seller!.name }).check();
  await page.getByRole('button', { name: 'Save Sales People' }).click();
  await expect(toast(page, 'Sales People Updated')).toBeVisible();
  await expect(lineA.getByTestId('line-sales-people')).toHaveText(seller!.name);

  // Quantity edited in place: Enter sends it (with the order's version) and goes back to the scan field.
  const qtyB = lineB.getByTestId('line-qty');
  await qtyB.fill('2');
  await qtyB.press('Enter');
  await expect(toast(page, 'Order Item Modified Successfully')).toBeVisible();
  await expect(lineB.getByTestId('line-total')).toHaveText(formatMoney(2 * toCents(b!.price)));
  await expect(page.getByTestId('pos-scan-input')).toBeFocused();
  await qtyB.fill('1');
  await qtyB.press('Enter');
  await expect(lineB.getByTestId('line-total')).toHaveText(formatMoney(toCents(b!.price)));

  // One unit chosen for the first line, then picked.
  await lineA.getByRole('button', { name: `Choose Units for ${a!.sku}` }).click();
  const units = page.getByRole('dialog', { name: /^Choose Units/ });
  await units
    .getByRole('checkbox', { name: /^Allocate unit/ })
    .first()
    .check();
  await units.getByRole('button', { name: /^Allocate/ }).click();
  await expect(toast(page, 'Inventory Successfully Allocated')).toBeVisible();
  await expect(units.getByTestId('allocated-unit')).toHaveCount(1);
  await units.getByRole('button', { name: 'Mark Picked' }).click();
  await expect(toast(page, 'Unit Marked Picked')).toBeVisible();
  await expect(units.getByTestId('allocated-unit')).toContainText('Picked');
  await page.screenshot({ path: `${SHOTS}/pos-choose-units.png` });
  await page.keyboard.press('Escape');
  await expect(units).toHaveCount(0);
  await expect(lineA.getByTestId('line-units')).toHaveText('1/1 ✓1');
  await page.screenshot({ path: `${SHOTS}/pos-lines-discounts.png` });

  // Cash for part, the gift card for the rest.
  const total = await centsIn(page, 'total-order');
  const gift = Math.min(5000, Math.floor(total / 2));
  const cash = total - gift;
  await expect(page.getByTestId('total-due')).toHaveText(formatMoney(total));
  await page.getByTestId('add-payment').click();
  const paymentModal = page.getByRole('dialog', { name: 'Add Payment' });
  await expect(paymentModal.getByTestId('payment-type')).toHaveValue('Cash');
  await paymentModal.getByTestId('payment-amount-input').fill((cash / 100).toFixed(2));
  await paymentModal.getByRole('button', { name: 'Add Payment' }).click();
  await expect(toast(page, 'Manual Payment Added')).toBeVisible();
  await expect(page.getByTestId('total-due')).toHaveText(formatMoney(gift));
  await expect(page.getByTestId('total-paid')).toHaveText(formatMoney(cash));

  // The gift card is scanned: the redemption opens with its number.
  await blurFields(page);
  await page.keyboard.type('//GC10000000000001//', { delay: 2 });
  await page.keyboard.press('Enter');
  const redeemModal = page.getByRole('dialog', { name: 'Redeem Gift Card' });
  await expect(redeemModal.getByTestId('gift-card-number')).toHaveValue('10000000000001');
  await expect(redeemModal.getByTestId('gift-card-code')).toBeFocused();
  await expect(redeemModal.getByTestId('gift-card-amount')).toHaveValue(formatMoney(gift));
  await page.keyboard.type('1234');
  await page.screenshot({ path: `${SHOTS}/pos-redeem-gift-card.png` });
  await redeemModal.getByRole('button', { name: 'Redeem' }).click();
  await expect(toast(page, 'Merchant Credit Redeemed')).toBeVisible();
  await expect(page.getByTestId('total-due')).toHaveText('$0.00');
  await expect(page.getByTestId('payment-row')).toHaveCount(2);

  // Paid in full: the next step is Finalize (the header's Finalize is the same rule).
  await expect(page.getByTestId('pos-next-step')).toHaveText('Finalize');
  await page.getByTestId('pos-next-step').click();
  await expect(toast(page, 'Order Completed Successfully')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Ready');
  await expect(page.getByTestId('pos-order-state')).toHaveText('Active');
  // Finalized: the lines can no longer change, and the rule says why.
  await expect(page.getByTestId('pos-actions').getByRole('button', { name: 'Finalize' })).toBeDisabled();
  // Nothing to complete a cancellation of: not offered.
  await expect(
    page.getByTestId('pos-actions').getByRole('button', { name: 'Complete Cancellation' }),
  ).toHaveCount(0);
  await expect(page.getByTestId('pos-next-step')).toHaveText('New Sale');
  await expect(page.getByRole('button', { name: `Remove ${a!.sku}` })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/pos-finalized.png` });

  // Refund $7.50 of the cash to a new e-gift card.
  const [cashPayment] = await query<{ id: number }>(
    `select id from channel_order_payments where channel_order_id = $1 and channel_order_payment_type_id = 5`,
    [orderId],
  );
  await page
    .getByRole('button', { name: `Payment ${cashPayment!.id} details` })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: `Payment ${cashPayment!.id}` });
  await expect(detail.getByTestId('payment-detail-amount')).toHaveText(formatMoney(cash));
  await detail.getByTestId('refund-amount').fill('0');
  await expect(detail.getByRole('button', { name: /^Refund/ })).toBeDisabled();
  await detail.getByTestId('refund-amount').fill('7.50');
  await detail.getByTestId('refund-destination').click();
  await page.getByRole('option', { name: 'New Electronic Gift Card' }).click();
  await expect(detail.getByTestId('refund-reason')).toHaveValue('Customer Requested');
  await detail.getByRole('button', { name: 'Refund $7.50' }).click();
  await expect(toast(page, 'Payment Refund Successful')).toBeVisible();
  const number = (await detail.getByTestId('new-egift-card-number').innerText()).trim();
  const code = (await detail.getByTestId('new-egift-card-code').innerText()).trim();
  expect(number).toMatch(/^\d{13}$/);
  expect(code).toMatch(/^\d{4}$/);
  await expect(detail.getByTestId('refund-row')).toHaveCount(1);
  await expect(detail.getByTestId('refund-row')).toContainText('Customer Requested');
  await expect(detail.getByTestId('payment-detail-left')).toHaveText(formatMoney(cash - 750));
  await page.screenshot({ path: `${SHOTS}/pos-refund-egift-card.png` });
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(page.getByTestId('total-due')).toHaveText('$7.50');

  // What the database holds.
  const [order] = await query<{ system_order_status_id: number }>(
    'select system_order_status_id from channel_orders where id = $1',
    [orderId],
  );
  expect(order!.system_order_status_id).toBe(4);
  const payments = await query<{ type: number; amount: string }>(
    `select channel_order_payment_type_id as type, amount::text from channel_order_payments
      where channel_order_id = $1 order by id`,
    [orderId],
  );
  expect(payments).toEqual([
    { type: 5, amount: (cash / 100).toFixed(2) },
    { type: 45, amount: (gift / 100).toFixed(2) },
  ]);
  const refunds = await query<{ amount: string; reason: number; destination: number; card: string }>(
    `select r.amount::text, r.refund_reason_id as reason, r.destination_payment_type_id as destination,
            m.number as card
       from payment_refunds r left join merchant_credits m on m.id = r.destination_merchant_credit_id
      where r.channel_order_payment_id = $1`,
    [cashPayment!.id],
  );
  expect(refunds).toEqual([{ amount: '7.50', reason: 15, destination: 45, card: number }]);
  const [card] = await query<{ type: number; balance: string; initial: string; code: string }>(
    `select merchant_credit_type_id as type, balance::text, initial_balance::text as initial,
            verification_code as code from merchant_credits where number = $1`,
    [number],
  );
  expect(card).toEqual({ type: 10, balance: '7.50', initial: '7.50', code });
  const [giftCard] = await query<{ balance: string }>(
    `select balance::text from merchant_credits where number = '10000000000001' and account_id = ${MUSIC}`,
  );
  expect(toCents(giftCard!.balance)).toBe(10000 - gift);

  // A note of the clerk's own, then every change as a system note.
  const notes = page.getByTestId('order-notes');
  await notes.getByPlaceholder('Leave a Note').fill('Paid at the counter');
  await notes.getByPlaceholder('Leave a Note').press('Enter');
  await expect(toast(page, 'Order Note Added Successfully')).toBeVisible();
  await expect(notes.getByPlaceholder('Leave a Note')).toHaveValue('');
  await expect(notes.getByTestId('order-note')).toHaveCount(1);
  await notes.getByRole('switch', { name: 'System Notes' }).check();
  const shown = notes.getByTestId('order-note');
  for (const text of [
    'created',
    `Added 1 x ${a!.sku}`,
    `Added 1 x ${b!.sku}`,
    'Order discount added: 10.00% Off',
    'Promotion TAKE10 applied',
    `Item discount $1.00/ea added to ${b!.sku}`,
    `Sales people of ${a!.sku} set (1)`,
    `${b!.sku}: quantity 1 → 2`,
    `${b!.sku}: quantity 2 → 1`,
    '1 unit(s) allocated',
    `of ${a!.sku} marked picked`,
    `Cash payment of ${formatMoney(cash)} added`,
    `Gift card ending 0001 redeemed for ${formatMoney(gift)}`,
    'Order finalized',
    'Status changed from On Hold to Ready',
    `Refund of $7.50 from payment ${cashPayment!.id} (Cash)`,
  ]) {
    await expect(shown.filter({ hasText: text }), text).toHaveCount(1);
  }
  await shown.last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/pos-notes.png` });
  // A smaller counter screen: the money column goes below the lines.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/pos-1280.png` });
});

test('hold and activate by the rules, a stale copy reloaded, cancel and complete the cancellation', async ({
  page,
}) => {
  const [a] = await stockedProducts();
  await signIn(page, 'manager');
  await page.goto('/POS/new');
  // A code that is no product says so and makes no order.
  await page.getByTestId('pos-scan-input').fill('NO-SUCH-SKU-9');
  await page.getByTestId('pos-scan-input').press('Enter');
  await expect(toast(page, 'Error Creating Order')).toBeVisible();
  await expect(page).toHaveURL(/\/POS\/new$/);

  // A SKU typed into the scan field starts the sale.
  await page.getByTestId('pos-scan-input').fill(a!.sku.toLowerCase());
  await page.getByTestId('pos-scan-input').press('Enter');
  await expect(page).toHaveURL(/\/POS\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  const line = page.locator(`[data-testid="pos-line"][data-sku="${a!.sku}"]`);
  await expect(line).toBeVisible();
  const hold = page.getByRole('button', { name: 'Hold', exact: true });
  await expect(hold).toBeDisabled();
  await expect(hold).toHaveAttribute('aria-description', 'The order is already on hold');

  // Someone else changes the price meanwhile: our next edit is refused and the order reloads.
  const [current] = (
    await (await page.request.get(`/api/v1/backroom/channelOrder?channelOrderId=${orderId}`)).json()
  ).data;
  const other = await page.request.patch('/api/v1/backroom/channelOrder/firstParty/item', {
    data: {
      channelOrderItemId: current.items[0].id,
      patch: { unitPrice: 123.45 },
      sourceModifiedAt: current.sourceModifiedAt,
    },
  });
  expect(other.status()).toBe(200);
  await line.getByTestId('line-qty').fill('2');
  await line.getByTestId('line-qty').press('Enter');
  await expect(toast(page, 'Error Modifying Order Item')).toContainText('changed by someone else');
  await expect(line.getByTestId('line-price')).toHaveValue('$123.45');
  await expect(line.getByTestId('line-qty')).toHaveValue('1');

  // Activate with money due: Awaiting Payment. Then back on hold.
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(toast(page, 'Order Modified Successfully')).toBeVisible();
  await expect(page.getByTestId('pos-order-state')).toHaveText('Awaiting Payment');
  await expect(page.getByTestId('pos-scan-input')).toHaveAccessibleDescription(/Put the order on hold/);
  await hold.click();
  await expect(page.getByTestId('pos-order-state')).toHaveText('On Hold');

  // With a unit allocated, Cancel only asks for the cancellation; completing it puts the unit back.
  await line.getByRole('button', { name: `Choose Units for ${a!.sku}` }).click();
  const units = page.getByRole('dialog', { name: /^Choose Units/ });
  await units
    .getByRole('checkbox', { name: /^Allocate unit/ })
    .first()
    .check();
  await units.getByRole('button', { name: /^Allocate/ }).click();
  await expect(toast(page, 'Inventory Successfully Allocated')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(units).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(toast(page, 'Order Cancellation Successful')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Cancellation Requested');
  await expect(page.getByTestId('pos-order-state')).toHaveText('Canceled');
  await page.getByTestId('pos-actions').getByRole('button', { name: 'Complete Cancellation' }).click();
  const complete = page.getByRole('dialog', { name: /^Complete Cancellation/ });
  await complete.getByLabel('Return unpicked units to').click();
  await page.getByRole('option').first().click();
  await page.screenshot({ path: `${SHOTS}/pos-complete-cancellation.png` });
  await complete.getByRole('button', { name: 'Complete Cancellation' }).click();
  // The second success toast: its own, or the first one's count when that is still shown ('… ×2').
  await expect(
    toast(page, 'Order Cancellation Successful ×2').or(toast(page, 'Order Cancellation Successful').nth(1)),
  ).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Canceled');
  await expect(
    page.getByTestId('pos-actions').getByRole('button', { name: 'Complete Cancellation' }),
  ).toBeDisabled();

  const [order] = await query<{ system_order_status_id: number; allocated: number }>(
    `select o.system_order_status_id, (select count(*)::int from pick_request_items pi
       join pick_requests pr on pr.id = pi.pick_request_id where pr.channel_order_id = o.id) as allocated
       from channel_orders o where o.id = $1`,
    [orderId],
  );
  expect(order).toEqual({ system_order_status_id: 50, allocated: 0 });
});

test('line editing: a negative quantity is refused, 0 and × ask before removing, a removal says so', async ({
  page,
}) => {
  const [a, b] = await stockedProducts();
  await signIn(page, 'manager');
  await page.goto('/POS/new');
  for (const product of [a!, b!]) {
    await page.getByTestId('pos-scan-input').fill(product.sku);
    await page.getByTestId('pos-scan-input').press('Enter');
    await expect(page.locator(`[data-testid="pos-line"][data-sku="${product.sku}"]`)).toBeVisible();
  }
  const orderId = Number(page.url().split('/').pop());
  const lineA = page.locator(`[data-testid="pos-line"][data-sku="${a!.sku}"]`);
  const lineB = page.locator(`[data-testid="pos-line"][data-sku="${b!.sku}"]`);

  // A counter screen of 1366 px up to a desktop's 1600 px: the items table fits, nothing scrolls sideways, and
  // Sales People, Units and the remove button are on screen.
  for (const width of [1366, 1440, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    // Measured against the Items card: a scroll area inside it would otherwise hide the overflow. Polled: the
    // layout follows a resize a frame or more later (the shell's breakpoints are read in script).
    const measure = () =>
      page.evaluate(() => {
        const past = (selector: string, card: DOMRect) => {
          const element = document.querySelector(selector);
          return element ? Math.max(0, Math.round(element.getBoundingClientRect().right - card.right)) : -1;
        };
        const card = document
          .querySelector('[data-testid="pos-line"]')
          ?.closest('.mantine-Paper-root')
          ?.getBoundingClientRect();
        if (!card) return null;
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          table: past('table:has([data-testid="pos-line"])', card),
          salesPeople: past('[data-testid="line-sales-people"]', card),
          units: past('[data-testid="line-units"]', card),
          remove: past('[data-testid="pos-line"] button[aria-label^="Remove"]', card),
        };
      });
    await expect
      .poll(measure, { message: `at ${width} px` })
      .toEqual({ page: 0, table: 0, salesPeople: 0, units: 0, remove: 0 });
    await page.screenshot({ path: `${SHOTS}/pos-fit-${width}.png` });
  }

  // −2 is refused with its reason, never turned into 2.
  await lineA.getByTestId('line-qty').fill('-2');
  await lineA.getByTestId('line-qty').press('Enter');
  await expect(toast(page, 'Quantity cannot be negative')).toHaveText(
    /^Error Modifying Order ItemQuantity cannot be negative/,
  );
  await expect(lineA.getByTestId('line-qty')).toHaveValue('1');

  // 0 asks first; Keep leaves the line as it was.
  await lineA.getByTestId('line-qty').fill('0');
  await lineA.getByTestId('line-qty').press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Please Confirm' });
  await expect(confirm).toContainText(`Remove ${a!.sku} from the order?`);
  await page.screenshot({ path: `${SHOTS}/pos-remove-line.png` });
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(lineA.getByTestId('line-qty')).toHaveValue('1');
  await expect(lineA).toBeVisible();

  // × asks too; Remove takes the line off and says so.
  await lineB.getByRole('button', { name: `Remove ${b!.sku}` }).click();
  await expect(confirm).toContainText(`Remove ${b!.sku} from the order?`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Order Item Removed Successfully')).toBeVisible();
  await expect(lineB).toHaveCount(0);
  const lines = await query<{ sku: string; quantity_ordered: number }>(
    `select p.sku, i.quantity_ordered from channel_order_items i join products p on p.id = i.product_id
      where i.channel_order_id = $1 order by i.id`,
    [orderId],
  );
  expect(lines).toEqual([{ sku: a!.sku, quantity_ordered: 1 }]);
});

test('a refund made in another tab: the open payment dialog refreshes, on opening and after a refusal', async ({
  page,
}) => {
  const [a] = await stockedProducts();
  await signIn(page, 'manager');
  // A paid order, made through the API as another till would.
  const FP = '/api/v1/backroom/channelOrder/firstParty';
  const made = (await (await page.request.put(FP, { data: {} })).json()).data[0];
  await page.request.put(`${FP}/item`, { data: { channelOrderId: made.id, barcode: a!.sku } });
  const paid = (
    await (
      await page.request.put(`${FP}/manualPayment`, {
        data: { channelOrderId: made.id, payment: { channelOrderPaymentTypeId: 5, amount: 100 } },
      })
    ).json()
  ).data[0];
  const payment = paid.payments[0];
  const refundElsewhere = (amount: number) =>
    page.request.put(`${FP}/refund`, {
      data: {
        channelOrderId: made.id,
        channelOrderPaymentId: payment.id,
        destinationPaymentTypeId: 5,
        destinationPaymentRecordId: null,
        amount,
        refundReasonId: 15,
      },
    });

  await page.goto(`/POS/${made.id}`);
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  // Refunded elsewhere after this screen loaded: opening the dialog shows what is left now.
  expect((await refundElsewhere(30)).status()).toBe(200);
  await page
    .getByRole('button', { name: `Payment ${payment.id} details` })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: `Payment ${payment.id}` });
  await expect(detail.getByTestId('payment-detail-left')).toHaveText('$70.00');
  await expect(detail.getByTestId('refund-row')).toHaveCount(1);

  // Refunded elsewhere again while the dialog is open: the clerk's $70 is refused, and the dialog refreshes.
  expect((await refundElsewhere(50)).status()).toBe(200);
  await detail.getByTestId('refund-amount').fill('70');
  await detail.getByRole('button', { name: 'Refund $70.00' }).click();
  await expect(toast(page, 'Error Refunding Payment')).toBeVisible();
  await expect(detail.getByTestId('payment-detail-left')).toHaveText('$20.00');
  await expect(detail.getByTestId('refund-row')).toHaveCount(2);
  await expect(detail.getByTestId('refund-amount')).toHaveValue(/^\$20(\.00)?$/);
  const [left] = await query<{ refunded: string }>(
    'select sum(amount)::text as refunded from payment_refunds where channel_order_payment_id = $1',
    [payment.id],
  );
  expect(left!.refunded).toBe('80.00');
});

test('the confirmation e-mail of a web store order shows in the Outbox with its message', async ({
  page,
}) => {
  const [web] = await query<{ id: number; email: string }>(
    `select o.id, c2.email from channel_orders o join sales_channels c on c.id = o.channel_id
       join customers c2 on c2.id = o.customer_id
      where o.account_id = ${MUSIC} and c.site_id = 99 and c.channel_type_id = 1 and c2.email is not null
      order by o.id limit 1`,
  );
  expect(web, 'a web store order with a customer e-mail').toBeDefined();
  await signIn(page, 'manager');
  await page.goto(`/channelOrder/${web!.id}/detail`);
  await page.getByRole('button', { name: 'Send Order Confirmation Email' }).click();
  await expect(toast(page, 'Order Confirmation Sent')).toBeVisible();
  const [mail] = await query<{ id: number; subject: string }>(
    'select id, subject from mail_outbox where channel_order_id = $1 order by id desc limit 1',
    [web!.id],
  );
  expect(mail).toBeDefined();

  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/orders\/outbox$/);
  const row = page.locator(`[data-testid="outbox-row"][data-message-id="${mail!.id}"]`);
  await expect(row).toContainText(web!.email);
  await expect(row).toContainText(mail!.subject);
  await expect(row).toContainText('outbox');
  await expect(row.getByRole('link', { name: String(web!.id) })).toHaveAttribute(
    'href',
    `/channelOrder/${web!.id}/detail`,
  );
  await row.click();
  const frame = page.getByTestId('outbox-preview-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('[data-testid="outbox-preview-frame"]').getByText(/Thank you for your order/),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/outbox-preview.png` });
});
