import { mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { formatMoney, toCents } from '@backroom/shared';
import type { Page } from '@playwright/test';
import { choose, expect, query, signIn, test } from './support/fixtures';

// The return panels of /return/{id} (returns.md §Add shipment modal, §Shipment panel, §Item notes modal,
// §Return payment row/editor, §Return appeal panel, §5, §8): labels, payments, notes, the appeal with its
// images, and a first-party return refund by a store manager.

const SHOTS = '/tmp/shots-panels';
mkdirSync(SHOTS, { recursive: true });
test.use({ viewport: { width: 1600, height: 1100 } });

const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

/** A demo first-party return of Demo Music Co without an appeal, whose order has one payment: each test its own. */
async function aFirstPartyReturn(): Promise<{ id: number; item_id: number; order_id: number }> {
  const [row] = await query<{ id: number; item_id: number; order_id: number }>(
    `select ir.id, (select min(i.id) from inbound_return_items i where i.inbound_return_id = ir.id) as item_id,
            r.channel_order_id as order_id
       from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
      where ir.account_id = ${MUSIC} and ir.is_first_party_return = 1
        and not exists (select 1 from inbound_return_appeals a where a.inbound_return_id = ir.id)
        and (select count(*) from channel_order_payments p where p.channel_order_id = r.channel_order_id) = 1
        and (select sum(quantity) from inbound_return_items i where i.inbound_return_id = ir.id) > 0
      order by ir.id limit 1`,
  );
  expect(row, 'a demo first-party return').toBeDefined();
  return row!;
}

/** A small PNG drawn here (a 2x2 image, red and blue), so the test needs no fixture file. */
function tinyPng(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 255, 255, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

async function openReturn(page: Page, id: number) {
  await page.goto(`/return/${id}`);
  await expect(page.getByTestId('return-title')).toHaveText(`Return #${id}`);
  // The warehouse the clerk receives into: new return labels go there first (other specs add warehouses).
  await choose(page, 'return-warehouse', /^Main Warehouse/);
}

test('adds an existing label and a new bought label, a payment, notes and an appeal with images', async ({
  page,
}) => {
  const ret = await aFirstPartyReturn();
  await signIn(page, 'warehouse');
  await openReturn(page, ret.id);
  const labels = page.getByTestId('return-labels');
  const labelsBefore = (
    await query<{ n: number }>(
      `select count(*)::int as n from inbound_return_shipments where inbound_return_id = $1`,
      [ret.id],
    )
  )[0]!.n;
  await expect(labels.getByTestId('return-labels-count')).toHaveText(plural(labelsBefore, 'Label'));
  // Warehouse staff do not refund: the first-party return shows the button, disabled.
  await expect(page.getByTestId('create-return-refund')).toBeDisabled();

  // Add an Existing Label: the add button waits for a listed tracking number.
  await labels.getByTestId('add-return-label').click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('add-existing-labels')).toBeDisabled();
  await modal.getByTestId('existing-tracking-number').fill('1Z999AA10123456784');
  await modal.getByTestId('existing-cost').fill('8.45');
  await modal.getByTestId('list-existing-label').click();
  await expect(modal.getByTestId('existing-labels')).toContainText('1Z999AA10123456784');
  await expect(modal.getByTestId('existing-labels')).toContainText('$8.45');
  await page.screenshot({ path: `${SHOTS}/existing-label.png` });
  await modal.getByTestId('add-existing-labels').click();
  await expect(modal).toBeHidden();
  await expect(labels.getByTestId('return-labels-count')).toHaveText(plural(labelsBefore + 1, 'Label'));
  await expect(labels.getByTestId('return-labels-table')).toContainText('1Z999AA10123456784');
  expect(
    await query(
      `select carrier_fee_billed as fee, is_external_shipment as external from inbound_return_shipments
        where inbound_return_id = $1 and tracking_number = '1Z999AA10123456784'`,
      [ret.id],
    ),
  ).toEqual([{ fee: '8.45', external: 1 }]);

  // Create a New Label: rate it from the customer to the warehouse, buy the cheapest, download it.
  await labels.getByTestId('add-return-label').click();
  await modal.getByTestId('create-new-label-tab').click();
  await modal.getByTestId('start-new-label').click();
  const panel = modal.getByTestId('return-shipment-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('calculate-shipping')).toBeDisabled();
  await panel.getByTestId('fill-from-order-address').click();
  await expect(panel.getByTestId('sender-addressLine1')).not.toHaveValue('');
  await panel.getByTestId('package-length').fill('12');
  await panel.getByTestId('package-width').fill('9');
  await panel.getByTestId('package-height').fill('6');
  await panel.getByTestId('package-weight').fill('2.5');
  await panel.getByTestId('insured-value').fill('150');
  await panel.getByTestId('calculate-shipping').click();
  const rates = panel.getByTestId('shipment-rate');
  await expect(rates.first()).toBeVisible();
  await expect(panel.getByTestId('purchase-label')).toBeDisabled();
  const costs = await panel.getByTestId('shipment-rate').locator('td:nth-child(4)').allInnerTexts();
  const cents = costs.map((text) => toCents(text.replace(/[$,]/g, '')));
  expect(cents).toEqual([...cents].sort((a, b) => a - b));
  await rates.first().getByRole('radio').check();
  await page.screenshot({ path: `${SHOTS}/new-label-rates.png` });
  await panel.getByTestId('purchase-label').click();
  await expect(panel.getByTestId('shipment-label')).toContainText('Label bought');
  const [shipment] = await query<{ id: number; tracking_number: string; weight: string }>(
    `select id, tracking_number, package_weight_ounce as weight from inbound_return_shipments
      where inbound_return_id = $1 and is_purchased = 1 order by id desc limit 1`,
    [ret.id],
  );
  expect(shipment!.weight).toBe('40.00');
  await expect(panel.getByTestId('shipment-label')).toContainText(shipment!.tracking_number);
  const downloading = page.waitForEvent('download');
  await panel.getByTestId('download-label').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^return-${ret.id}-label-\\d+\\.pdf$`));
  await page.screenshot({ path: `${SHOTS}/new-label-bought.png` });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(labels.getByTestId('return-labels-count')).toHaveText(plural(labelsBefore + 2, 'Label'));
  await expect(labels.getByTestId('return-labels-table')).toContainText(shipment!.tracking_number);

  // A payment: Sales Channel at first, the button disabled at 0, Cash after adding.
  const payments = page.getByTestId('return-payments');
  const paymentsBefore = (
    await query<{ n: number }>(
      `select count(*)::int as n from inbound_return_payments where inbound_return_id = $1`,
      [ret.id],
    )
  )[0]!.n;
  await expect(payments.getByTestId('return-payment-type')).toHaveValue('Sales Channel');
  await expect(payments.getByTestId('add-return-payment')).toBeDisabled();
  await payments.getByTestId('return-payment-amount').fill('0');
  await expect(payments.getByTestId('add-return-payment')).toBeDisabled();
  // A refused payment shows §8's text and keeps what was typed.
  await page.route('**/api/v1/backroom/returns/payments', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 409,
        data: [],
        error: { code: 'conflict', message: 'Refused for the test.' },
      }),
    }),
  );
  await payments.getByTestId('return-payment-amount').fill('3');
  await payments.getByTestId('add-return-payment').click();
  await expect(page.getByText(`Error Adding Return Payment for Return #${ret.id}`)).toBeVisible();
  await expect(payments.getByTestId('return-payment-amount')).toHaveValue('$3.00');
  await page.unroute('**/api/v1/backroom/returns/payments');
  await payments.getByTestId('return-payment-amount').fill('25.50');
  await payments.getByLabel('Payment Number').fill('REIMB-7');
  await payments.getByLabel('Note').fill('Channel reimbursement');
  await payments.getByTestId('add-return-payment').click();
  await expect(payments.getByTestId('return-payments-count')).toHaveText(
    plural(paymentsBefore + 1, 'Payment'),
  );
  const row = payments.getByTestId('return-payment-row').filter({ hasText: 'REIMB-7' });
  await expect(row).toContainText('Sales Channel');
  await expect(row).toContainText('$25.50');
  await expect(row.getByTestId('return-payment-row-status')).toHaveValue('Needed');
  await expect(payments.getByTestId('return-payment-type')).toHaveValue('Cash');
  expect(
    await query(
      `select inbound_return_payment_type_id as type, inbound_return_payment_status_id as status, amount, note
         from inbound_return_payments where inbound_return_id = $1 and payment_number = 'REIMB-7'`,
      [ret.id],
    ),
  ).toEqual([{ type: 35, status: 1, amount: '25.50', note: 'Channel reimbursement' }]);
  // The channel approves it: its status changes in the list and in the database.
  await row.getByTestId('return-payment-row-status').click();
  await page.getByRole('option', { name: 'Approved' }).click();
  await expect(page.getByText('Payment Approved')).toBeVisible();
  await expect(row.getByTestId('return-payment-row-status')).toHaveValue('Approved');
  await expect
    .poll(() =>
      query(
        `select inbound_return_payment_status_id as status from inbound_return_payments
         where inbound_return_id = $1 and payment_number = 'REIMB-7'`,
        [ret.id],
      ),
    )
    .toEqual([{ status: 10 }]);

  // A return note: Enter saves it; its date is the account's 'YYYY-MM-DD HH:mm'.
  const notes = page.getByTestId('return-notes');
  await notes.getByTestId('return-note-input').fill('Box arrived crushed on one corner');
  await notes.getByTestId('return-note-input').press('Enter');
  const note = notes.getByTestId('return-note').filter({ hasText: 'Box arrived crushed on one corner' });
  await expect(note).toBeVisible();
  await expect(note.getByTestId('note-date')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expect(notes.getByTestId('return-note-input')).toHaveValue('');
  expect(
    await query(
      `select note_type_id as type, inbound_return_item_id as item from inbound_return_notes
        where inbound_return_id = $1 and text = 'Box arrived crushed on one corner'`,
      [ret.id],
    ),
  ).toEqual([{ type: 0, item: null }]);

  // An item note, in the item notes modal.
  const itemRow = page.getByTestId(`return-item-${ret.item_id}`);
  await itemRow.getByTestId('item-notes').click();
  const itemModal = page.getByTestId('item-notes-modal');
  await itemModal.getByTestId('item-note-input').fill('Strap missing');
  await itemModal.getByTestId('item-note-input').press('Enter');
  await expect(itemModal.getByTestId('note-text')).toHaveText(['Strap missing']);
  await page.screenshot({ path: `${SHOTS}/item-notes.png` });
  await page.keyboard.press('Escape');
  await expect(itemRow.getByTestId('item-notes')).toHaveText('Notes (1)');
  expect(
    await query(
      `select text from inbound_return_notes where inbound_return_item_id = $1 and note_type_id = 0`,
      [ret.item_id],
    ),
  ).toEqual([{ text: 'Strap missing' }]);

  // The appeal: none yet; added Open; submitted with a claim; two images uploaded, one removed.
  const appeal = page.getByTestId('return-appeal');
  await expect(appeal.getByTestId('no-appeal')).toHaveText('No Appeal');
  await appeal.getByTestId('add-appeal').click();
  await expect(appeal.getByTestId('appeal-status')).toHaveValue('Open');
  await appeal.getByTestId('appeal-status').click();
  await expect(page.getByRole('option')).toHaveText(['Open', 'Submitted', 'Closed']);
  await page.getByRole('option', { name: 'Submitted' }).click();
  await expect(appeal.getByTestId('appeal-status')).toHaveValue('Submitted');
  await appeal.getByTestId('appeal-claim').fill('64.5');
  await appeal.getByTestId('save-appeal').click();
  await expect(appeal.getByTestId('save-appeal')).toBeDisabled();
  const png = tinyPng();
  await appeal.locator('input[type=file]').setInputFiles([
    { name: 'box-front.png', mimeType: 'image/png', buffer: png },
    { name: 'box-side.png', mimeType: 'image/png', buffer: png },
  ]);
  await expect(appeal.getByTestId('appeal-image')).toHaveCount(2);
  const firstImage = appeal.getByTestId('appeal-image').first();
  await expect(firstImage.locator('img')).toHaveAttribute('src', /^\/api\/files\/acc\d+\/[0-9a-f-]+\.png$/);
  await expect
    .poll(() => firstImage.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(2);
  const imageDownload = page.waitForEvent('download');
  await firstImage.getByTestId('appeal-image-download').click();
  expect((await imageDownload).suggestedFilename()).toMatch(
    new RegExp(`^return-${ret.id}-appeal-image-\\d+\\.png$`),
  );
  await page.screenshot({ path: `${SHOTS}/appeal.png` });
  await appeal.getByTestId('appeal-image-remove').last().click();
  await expect(appeal.getByTestId('appeal-image')).toHaveCount(1);
  expect(
    await query(
      `select a.inbound_return_appeal_status_id as status, a.claim_amount_dollar as claim,
              (select count(*)::int from inbound_return_appeal_images i where i.inbound_return_appeal_id = a.id) as images
         from inbound_return_appeals a where a.inbound_return_id = $1`,
      [ret.id],
    ),
  ).toEqual([{ status: 5, claim: '64.50', images: 1 }]);
  await page.reload();
  await expect(page.getByTestId('return-appeal').getByTestId('appeal-image')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/return-page.png`, fullPage: true });
});

test('a store manager refunds a first-party return through the order’s payment', async ({ page }) => {
  // The first test gave its return an appeal: this one takes another.
  const ret = await aFirstPartyReturn();
  const [payment] = await query<{ id: number; amount: string }>(
    `select id, amount from channel_order_payments where channel_order_id = $1`,
    [ret.order_id],
  );
  await signIn(page, 'manager');
  await openReturn(page, ret.id);
  const button = page.getByTestId('create-return-refund');
  await expect(button).toBeEnabled();
  await button.click();
  const form = page.getByTestId('return-refund-form');
  await expect(form.getByTestId('return-refund-payment')).toHaveValue(new RegExp(`^#${payment!.id} `));
  // Never above what was paid: the form says so and the button stays disabled.
  await form.getByTestId('return-refund-amount').fill(String((toCents(payment!.amount) + 100) / 100));
  await expect(form).toContainText(
    `Refund cannot exceed the unrefunded total of ${formatMoney(toCents(payment!.amount))}`,
  );
  await expect(form.getByTestId('submit-return-refund')).toBeDisabled();
  await form.getByTestId('return-refund-amount').fill('19.99');
  await page.screenshot({ path: `${SHOTS}/refund-form.png` });
  await form.getByTestId('submit-return-refund').click();
  await expect(page.getByText('Payment Refund Successful')).toBeVisible();
  await expect(form.getByTestId('return-refund-refunded')).toHaveText('$19.99');
  const [refund] = await query<{ id: number; amount: string; reason: number; payment: number }>(
    `select id, amount, refund_reason_id as reason, channel_order_payment_id as payment from payment_refunds
      where inbound_return_id = $1`,
    [ret.id],
  );
  expect(refund).toMatchObject({ amount: '19.99', reason: 20, payment: payment!.id });
  await page.keyboard.press('Escape');
  const row = page.getByTestId('return-payment-row').filter({ hasText: `Refund #${refund!.id}` });
  await expect(row).toContainText('$19.99');
  await expect(row.getByTestId('return-payment-row-status')).toHaveValue('Approved');
  await page.screenshot({ path: `${SHOTS}/refund-done.png`, fullPage: true });
});
