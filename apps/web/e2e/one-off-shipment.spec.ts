import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { choose, expect, query, signIn, test } from './support/fixtures';

/** Double-clicks a field of an inline address editor and types into it (Enter saves it). */
async function typeField(editor: Locator, field: string, label: string, text: string) {
  await editor.locator(`[data-field="${field}"]`).dblclick();
  const input = editor.getByRole('textbox', { name: label, exact: true });
  await input.fill(text);
  await input.press('Enter');
}

/** Double-clicks the state and picks it from the statesAndCountries list by typing its name. */
async function chooseState(page: Page, editor: Locator, search: string, option: string) {
  await editor.locator('[data-field="state"]').dblclick();
  await editor.getByRole('textbox', { name: 'State', exact: true }).fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('one-off shipment: warehouse, ship-to, package, rates, buy with insurance, PDF, ZPL to the printer, void', async ({
  page,
}) => {
  await signIn(page, 'warehouse');
  await page.getByRole('navigation').getByRole('link', { name: 'One-off Shipment' }).click();
  await expect(page).toHaveURL(/\/shipping\/one-off$/);
  await expect(page.getByRole('heading', { name: 'One-Off Manual Shipment' })).toBeVisible();

  const rates = page.getByTestId('one-off-rates-panel');
  const calculate = rates.getByRole('button', { name: 'Calculate Rates' });
  const buy = rates.getByRole('button', { name: 'Buy Label' });
  const voidButton = rates.getByRole('button', { name: 'Void Label' });
  const download = rates.getByRole('link', { name: 'Download Label PDF' });
  const noDownload = rates.getByRole('button', { name: 'Download Label PDF' });
  const print = rates.getByRole('button', { name: 'Print Label ZPL' });
  const insured = rates.getByRole('textbox', { name: 'Insured Value (Nearest $)' });
  await expect(calculate).toBeDisabled();
  for (const button of [buy, voidButton, print, noDownload]) await expect(button).toBeDisabled();
  await expect(insured).toBeDisabled();

  // Only warehouses that fulfil orders are offered: not the third-party FBA warehouse.
  await page.getByTestId('one-off-warehouse').click();
  await expect(page.getByRole('option', { name: 'Main Warehouse' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'FBA Third Party' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Main Warehouse' }).click();
  const shipFrom = page.getByTestId('ship-from-address');
  await expect(shipFrom).toContainText('Demo Music Co');
  await expect(shipFrom).toContainText('1200 Congress Ave');
  await expect(shipFrom.locator('[data-field="state"]')).toHaveText('TX — Texas');

  // Ship To through the address editor, the state chosen from the list.
  const shipTo = page.getByTestId('ship-to-address');
  await typeField(shipTo, 'name', 'Name', 'Jane Buyer');
  await typeField(shipTo, 'addressLine1', 'Address line 1', '350 5th Ave');
  await typeField(shipTo, 'city', 'City', 'New York');
  await chooseState(page, shipTo, 'new y', 'NY — New York');
  await expect(shipTo.locator('[data-field="state"]')).toHaveText('NY — New York');
  await typeField(shipTo, 'postalCode', 'Zip code', '10118');
  await typeField(shipTo, 'phone', 'Phone', '2125550199');
  await expect(shipTo.locator('[data-field="phone"]')).toHaveText('(212) 555-0199');
  await expect(calculate).toBeDisabled(); // the package is still empty

  // Package(s): one parcel a shipment, so its delete is disabled and Add Package always is.
  const packages = page.getByTestId('one-off-packages-panel');
  await expect(packages.getByTestId(/^one-off-package-\d+$/)).toHaveCount(1);
  await expect(packages.getByRole('button', { name: 'Delete package 1' })).toBeDisabled();
  await expect(packages.getByRole('button', { name: 'Add Package' })).toBeDisabled();
  const weight = packages.getByRole('textbox', { name: 'Package 1 weight (lb)' });
  await expect(weight).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('one-off-package-error')).toHaveText(
    'A package weighs 0.05 to 150 pounds and each side is 0.1 to 100 inches',
  );
  await packages.getByRole('textbox', { name: 'Package 1 name' }).fill('Pedal box');
  await packages.getByRole('textbox', { name: 'Package 1 width (in)' }).fill('12');
  await packages.getByRole('textbox', { name: 'Package 1 height (in)' }).fill('10');
  await packages.getByRole('textbox', { name: 'Package 1 length (in)' }).fill('8');
  // The weight input stops at 70 pounds (§5): 90 becomes 70 when the field is left.
  await weight.fill('90');
  await weight.blur();
  await expect(weight).toHaveValue('70 lb');
  await weight.fill('2.5');
  await expect(weight).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('one-off-package-error')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Internal Notes' }).fill('Replacement pedal, customer called');

  await expect(calculate).toBeEnabled();
  await calculate.click();
  const rows = page.getByTestId('one-off-rate');
  await expect(rows.first()).toBeVisible();
  const prices = (await rows.locator('td:nth-child(3)').allTextContents()).map((t) => Number(t.slice(1)));
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await expect(buy).toBeDisabled();
  await expect(insured).toBeDisabled();
  await page.screenshot({ path: '../../test-results/screens/one-off-rates.png', fullPage: true });

  // The cheapest rate, insured for $150.
  const cheapest = rows.first();
  const service = (await cheapest.locator('td:nth-child(2)').textContent())!;
  await cheapest.getByRole('radio').check();
  await expect(insured).toBeEnabled();
  await insured.fill('150');
  await expect(buy).toBeEnabled();
  await buy.click();
  const bought = page.getByText(/^Label Purchased with total Fee: \$/);
  await expect(bought).toBeVisible();

  const [label] = await query<{
    id: number;
    fee: string;
    insured: string;
    insurance_fee: string;
    state: string;
    tracking_number: string;
    provider_shipment_id: string;
    carrier: string;
    service: string;
    owner_id: number;
  }>(`select l.* from shipping_labels l where l.owner_kind = 'oneOff' order by l.id desc limit 1`);
  expect(label).toBeDefined();
  expect(label!.state).toBe('bought');
  expect(Number(label!.insured)).toBe(150);
  // The fee is the rate chosen plus the insurance.
  expect(Number(label!.fee)).toBeCloseTo(prices[0]! + Number(label!.insurance_fee), 2);
  expect(`${label!.carrier} / ${label!.service}`).toBe(service);
  await expect(bought).toHaveText(`Label Purchased with total Fee: $${Number(label!.fee).toFixed(2)}`);
  await expect(page.getByTestId('one-off-tracking')).toContainText(label!.tracking_number);

  // The record of the shipment: the state chosen from the list; the Internal Notes stayed on the screen.
  const [shipment] = await query<{
    ship_to: { stateId: number; state: string; name: string };
    notes: string | null;
  }>(`select ship_to, notes from one_off_shipments where id = $1`, [label!.owner_id]);
  const [ny] = await query<{ id: number }>(`select id from states where country_id = 1 and code = 'NY'`);
  expect(shipment!.ship_to).toMatchObject({ name: 'Jane Buyer', stateId: ny!.id, state: 'NY' });
  expect(shipment!.notes).toBeNull();

  // Bought: the radios and the insured value lock; void, download and print open up.
  await expect(cheapest.getByRole('radio')).toBeDisabled();
  await expect(insured).toBeDisabled();
  await expect(buy).toBeDisabled();
  await expect(voidButton).toBeEnabled();
  await expect(download).toBeVisible();
  await expect(calculate).toBeDisabled();

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`shipping-label-${label!.id}-${label!.tracking_number}.pdf`);
  expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // No shipping label printer is mapped yet: Printer Settings maps one.
  await expect(print).toBeDisabled();
  await expect(page.getByTestId('one-off-printer')).toContainText('No Shipping Label printer is chosen');
  await page.getByRole('button', { name: 'Printer Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Label Settings' });
  await choose(page, 'label-kind-shippingLabel', /^Shipping Label Printer/);
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(page.getByTestId('one-off-printer')).toHaveText('ZPL labels print on Shipping Label Printer.');
  await print.click();
  await expect(page.getByText('Label sent to Shipping Label Printer.')).toBeVisible();
  const jobs = await query<{ label_kind: string; description: string; format: string; common_name: string }>(
    `select j.label_kind, j.description, j.format, p.common_name from print_jobs j join printers p on p.id = j.printer_id
      where j.label_kind = 'shippingLabel' order by j.id desc limit 1`,
  );
  expect(jobs[0]).toMatchObject({
    label_kind: 'shippingLabel',
    format: 'zpl',
    common_name: 'Shipping Label Printer',
    description: `${label!.carrier} ${label!.tracking_number}`,
  });
  await page.screenshot({ path: '../../test-results/screens/one-off-bought.png', fullPage: true });

  // Void: the refund is asked for, the shipment and the chosen rate are cleared.
  await voidButton.click();
  await expect(
    page.getByText(`Voided Shipment ${label!.provider_shipment_id}: Refund Requested.`, { exact: true }),
  ).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(buy).toBeDisabled();
  await expect(voidButton).toBeDisabled();
  await expect(calculate).toBeEnabled();
  const [voided] = await query<{
    state: string;
    refund_status: string;
    refund: string;
    voided_at: Date | null;
  }>(`select state, refund_status, refund, voided_at from shipping_labels where id = $1`, [label!.id]);
  expect(voided!.state).toBe('voided');
  expect(['submitted', 'refunded']).toContain(voided!.refund_status);
  expect(Number(voided!.refund)).toBeGreaterThan(0);
  expect(Number(voided!.refund)).toBeLessThanOrEqual(Number(label!.fee));
  expect(voided!.voided_at).not.toBeNull();
  await page.screenshot({ path: '../../test-results/screens/one-off-voided.png', fullPage: true });

  // Rated and bought again (a new shipment), then New Shipment starts the next one from the same warehouse.
  await expect(page.getByRole('button', { name: 'New Shipment' })).toHaveCount(0);
  await calculate.click();
  await rows.first().getByRole('radio').check();
  await buy.click();
  await expect(page.getByTestId('one-off-tracking')).toBeVisible();
  const second = await query<{ provider_shipment_id: string; state: string }>(
    `select provider_shipment_id, state from shipping_labels where owner_kind = 'oneOff' and id >= $1 order by id`,
    [label!.id],
  );
  expect(second).toHaveLength(2);
  expect(second[1]!.state).toBe('bought');
  expect(second[1]!.provider_shipment_id).not.toBe(label!.provider_shipment_id);
  await page.getByRole('button', { name: 'New Shipment' }).click();
  await expect(rows).toHaveCount(0);
  await expect(shipTo.locator('[data-field="name"]')).toHaveText('Name…');
  await expect(shipFrom).toContainText('1200 Congress Ave');
  await expect(weight).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Internal Notes' })).toHaveValue('');
  await expect(calculate).toBeDisabled();
});

test('one-off shipments are for those with the shipping permission', async ({ page }) => {
  await signIn(page, 'sales');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'One-off Shipment' })).toHaveCount(0);
  await page.goto('/shipping/one-off');
  await expect(page.getByText('One-off shipments need the shipping permission.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Calculate Rates' })).toHaveCount(0);
});
