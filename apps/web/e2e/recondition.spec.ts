import type { Page } from '@playwright/test';
import { expect, query, signIn, test } from './support/fixtures';

const SCREENS = '../../test-results/screens';

/** Types a scan as a keyboard-wedge scanner does (fast keys, then Enter) with the focus on the page. */
async function scan(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 2 });
  await page.keyboard.press('Enter');
}

test('reconditioning a quarantined unit by scanning: QPGU, destination, product, toast, history and bin', async ({
  page,
}) => {
  // A demo unit waiting in a quarantine bin of the Main Warehouse, and an ordinary storage bin there.
  const [unit] = await query<{ id: number; qpgu: string; upc: string; sku: string; warehouse_id: number }>(`
    select u.id, d.barcode as qpgu, p.upc, p.sku, u.warehouse_id
    from inventory_location_items u join warehouse_divisions d on d.id = u.inventory_location_id
    join products p on p.id = u.product_id join accounts a on a.id = u.account_id
    where a.name = 'Demo Music Co' and d.warehouse_bin_type_id = 6 and u.is_deleted = 0 and p.upc is not null
    order by u.id limit 1`);
  expect(unit, 'a quarantined demo unit').toBeDefined();
  const [bin] = await query<{ id: number; barcode: string }>(`
    select id, barcode from warehouse_divisions
    where warehouse_id = ${unit!.warehouse_id} and level = 'bin' and warehouse_bin_type_id = 1 and is_active = 1
    order by id limit 1`);
  const upc = unit!.upc.replace(/^0+/, '').padStart(12, '0');

  await signIn(page, 'admin');
  await page.goto('/warehouse/recondition');
  await expect(page.getByRole('heading', { name: 'Recondition Inventory' })).toBeVisible();
  await expect(page.getByRole('link', { name: unit!.sku }).first()).toHaveAttribute(
    'title',
    'Open in Manage Products (New Tab)',
  );
  await page.locator('body').click({ position: { x: 5, y: 500 } });

  // §5 rejections: a product before the QPGU, a storage bin as the QPGU, a quarantine bin as destination.
  await scan(page, upc);
  await expect(page.getByText('Scan a QPGU before Scanning a Unit')).toBeVisible();
  await scan(page, bin!.barcode);
  await expect(page.getByText('Scanned Division is not a Quarantine Bin.')).toBeVisible();
  await scan(page, unit!.qpgu);
  await expect(page.getByTestId('recondition-steps')).toContainText(`QPGU: ${unit!.qpgu}`);
  await scan(page, upc);
  await expect(page.getByText('Scan a Destination Division before Scanning a Unit')).toBeVisible();
  await scan(page, unit!.qpgu);
  await expect(page.getByText('Destination cannot be a Quarantine PGU.')).toBeVisible();

  // Destination, then the product: the table shows only that PGU's units of the product and the modal opens.
  await scan(page, bin!.barcode);
  await expect(page.getByTestId('recondition-steps')).toContainText(`Destination Division: ${bin!.barcode}`);
  await scan(page, upc);
  const dialog = page.getByRole('dialog', { name: 'Recondition Unit' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: unit!.qpgu }).first()).toContainText(unit!.sku);
  await dialog.getByLabel('Unit Serial').fill('SN-E2E-RECON');
  await page.screenshot({ path: `${SCREENS}/recondition-modal.png` });
  await dialog.getByRole('button', { name: 'Recondition' }).click();
  await expect(
    page.getByText(`${unit!.sku} reconditioned into ${bin!.barcode}. Place unit in Division.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: `${SCREENS}/recondition-done.png` });

  // The database: the unit sits in the destination bin with its serial, and its history tells the story.
  const [after] = await query<{ inventory_location_id: number; serial: string }>(
    `select inventory_location_id, serial from inventory_location_items where id = ${unit!.id}`,
  );
  expect(after).toEqual({ inventory_location_id: bin!.id, serial: 'SN-E2E-RECON' });
  const events = await query<{ event_type: string; note: string | null; user_id: number | null }>(
    `select event_type, note, user_id from inventory_unit_events where inventory_location_item_id = ${unit!.id}
     order by id`,
  );
  expect(events.map((e) => e.event_type).slice(-2)).toEqual(['reconditioned', 'putAway']);
  expect(events.at(-2)!.note).toMatch(/^Reconditioned from .+ to New/);
  expect(events.at(-2)!.user_id).not.toBeNull();
});

test('+ QPGU, then reconditioning into a used condition the product has no variant of: the used-variant form', async ({
  page,
}) => {
  // A branded New product with a UPC of its own and no Excellent (8) variant yet, and a storage bin.
  const [product] = await query<{ id: number; sku: string; upc: string; alias: string; account_id: number }>(`
    select p.id, p.sku, p.upc, b.alias, p.account_id from products p join brands b on b.id = p.brand_id
    join accounts a on a.id = p.account_id
    where a.name = 'Demo Music Co' and p.is_active = 1 and p.product_condition_id = 1 and p.source_product_id is null
      and p.upc ~ '^[0-9]{12}$' and b.alias <> ''
      and (select count(*) from products o where o.account_id = p.account_id and o.upc = p.upc) = 1
      and not exists (select 1 from products v where v.source_product_id = p.id and v.product_condition_id = 8)
    order by p.id limit 1`);
  expect(product, 'a branded demo product without an Excellent variant').toBeDefined();
  const [warehouse] = await query<{ id: number; name: string }>(
    `select id, name from warehouses where account_id = ${product!.account_id} order by id limit 1`,
  );
  const [bin] = await query<{ id: number; barcode: string }>(`
    select id, barcode from warehouse_divisions
    where warehouse_id = ${warehouse!.id} and level = 'bin' and warehouse_bin_type_id = 1 and is_active = 1
    order by id desc limit 1`);
  const newUpc = `7${String(Date.now()).slice(-11)}`;
  const newSku = `${product!.alias}${newUpc}EX`;
  const quarantineBins = `select count(*)::int as n from warehouse_divisions
    where warehouse_id = ${warehouse!.id} and warehouse_bin_type_id = 6`;

  await signIn(page, 'admin');
  await page.goto('/warehouse/recondition');
  await expect(page.getByRole('heading', { name: 'Recondition Inventory' })).toBeVisible();

  // + QPGU: a new quarantine bin in the chosen warehouse.
  const [before] = await query<{ n: number }>(quarantineBins);
  await page.getByRole('button', { name: '+ QPGU' }).click();
  const create = page.getByRole('dialog', { name: 'Create Quarantine PGU' });
  await expect(create.getByRole('button', { name: 'Create QPGU' })).toBeDisabled();
  await create.getByRole('textbox', { name: 'Warehouse' }).click();
  await page.getByRole('option', { name: warehouse!.name, exact: true }).click();
  await create.getByRole('button', { name: 'Create QPGU' }).click();
  await expect(create).toBeHidden();
  const [after] = await query<{ n: number }>(quarantineBins);
  expect(after!.n).toBe(before!.n + 1);
  const [qpgu] = await query<{ id: number; barcode: string; level: string }>(
    `select id, barcode, level from warehouse_divisions where warehouse_id = ${warehouse!.id}
     and warehouse_bin_type_id = 6 order by id desc limit 1`,
  );
  await expect(page.getByText(`Created ${qpgu!.barcode}`)).toBeVisible();

  // A unit set aside there (as receiving quarantines one), then the list again.
  await query(
    `insert into inventory_location_items (account_id, product_id, warehouse_id, inventory_location_id)
     values (${product!.account_id}, ${product!.id}, ${warehouse!.id}, ${qpgu!.id})`,
  );
  await page.reload();
  const row = page.locator('tbody tr').filter({ hasText: qpgu!.barcode });
  await expect(row).toContainText(product!.sku);
  // Location and UPC open View Barcode in a new tab; the view shows the QPGU and the unit in it.
  const location = row.getByRole('link', { name: qpgu!.barcode, exact: true });
  await expect(location).toHaveAttribute('title', 'Open in View Barcode (New Tab)');
  await expect(location).toHaveAttribute('target', '_blank');
  await expect(location).toHaveAttribute('href', `/backroom/chaos?barcode=/${qpgu!.barcode}/`);
  await expect(row.getByRole('link', { name: product!.upc, exact: true })).toHaveAttribute(
    'href',
    `/backroom/chaos?barcode=/${product!.upc}/`,
  );
  const [view] = await Promise.all([page.context().waitForEvent('page'), location.click()]);
  await expect(view.getByRole('heading', { name: 'View Barcode' })).toBeVisible();
  await expect(view.getByTestId('viewed-division')).toContainText(`Division ${qpgu!.barcode}`);
  await expect(view.getByTestId('viewed-units')).toContainText(product!.sku);
  await view.screenshot({ path: `${SCREENS}/recondition-view-barcode.png` });
  await view.close();

  await page.locator('body').click({ position: { x: 5, y: 500 } });
  await scan(page, qpgu!.barcode);
  await expect(page.getByTestId('recondition-steps')).toContainText(`QPGU: ${qpgu!.barcode}`);
  await scan(page, bin!.barcode);
  await expect(page.getByTestId('recondition-steps')).toContainText(`Destination Division: ${bin!.barcode}`);
  await scan(page, product!.upc);
  const dialog = page.getByRole('dialog', { name: 'Recondition Unit' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('recondition-target')).toHaveText(
    `Reconditions into ${product!.sku} (New)`,
  );
  await dialog.getByRole('textbox', { name: 'Condition' }).click();
  await page.getByRole('option', { name: 'Excellent', exact: true }).click();

  // §5: a used product needs a UPC, its SKU (built from brand alias, UPC and condition alias; not editable)
  // and a primary image; Recondition stays disabled until then.
  const form = dialog.getByTestId('variant-details');
  await expect(form).toContainText(`New Excellent product of ${product!.sku}`);
  const button = dialog.getByRole('button', { name: 'Recondition' });
  await expect(button).toBeDisabled();
  await form.getByRole('textbox', { name: 'UPC' }).fill(newUpc);
  await expect(form.getByRole('textbox', { name: 'SKU' })).toHaveValue(newSku);
  await expect(form.getByRole('textbox', { name: 'SKU' })).toHaveAttribute('readonly', '');
  await expect(form.getByText('A used product needs a primary image.')).toBeVisible();
  await expect(button).toBeDisabled();
  // A photo of the unit, uploaded from the form, becomes the variant's primary image.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'unit.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByRole('radio', { name: 'Primary' }).first()).toBeChecked();
  await expect(button).toBeEnabled();
  await page.screenshot({ path: `${SCREENS}/recondition-used-variant.png` });
  await button.click();
  await expect(
    page.getByText(`${newSku} reconditioned into ${bin!.barcode}. Place unit in Division.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('tbody tr').filter({ hasText: qpgu!.barcode })).toHaveCount(0);

  // The database: the Excellent variant made from the product, with its primary image, and the unit now of
  // that variant in the destination bin, its history saying so.
  const [variant] = await query<{
    id: number;
    upc: string;
    source_product_id: number;
    primary_images: number;
  }>(`
    select p.id, p.upc, p.source_product_id,
      (select count(*)::int from product_images pi where pi.product_id = p.id and pi.is_primary_image = 1) as primary_images
    from products p where p.sku = '${newSku}' and p.product_condition_id = 8`);
  expect(variant).toMatchObject({ upc: newUpc, source_product_id: product!.id, primary_images: 1 });
  const moved = await query<{ id: number; note: string }>(`
    select u.id, e.note from inventory_location_items u
    join inventory_unit_events e on e.inventory_location_item_id = u.id and e.event_type = 'reconditioned'
    where u.product_id = ${variant!.id} and u.inventory_location_id = ${bin!.id}`);
  expect(moved).toHaveLength(1);
  expect(moved[0]!.note).toMatch(/^Reconditioned from New to Excellent/);
});
