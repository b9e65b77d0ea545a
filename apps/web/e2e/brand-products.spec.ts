import ExcelJS from 'exceljs';
import { transitionsDone } from './support/axe';
import { choose, expect, query, signIn, test } from './support/fixtures';

const SCREENS = '../../test-results/screens';

// A back-office screen: wide enough for every column of the table.
test.use({ viewport: { width: 1680, height: 1000 } });

interface DbProduct {
  id: number;
  sku: string;
  price_cost: string;
  price_map: string;
  category_id: number | null;
}

const money = (value: number) => value.toFixed(2);
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

test('edits Fender products, counts and saves the changes, bulk-updates categories and exports them', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Brand Products' }).click();
  await expect(page.getByText('Select a brand to see its products.')).toBeVisible();
  await choose(page, 'brand-select', 'Fender');
  await expect(page).toHaveURL(/\/catalogue\/brand\/\d+\?isActive=1$/);
  const brandId = Number(/brand\/(\d+)/.exec(page.url())![1]);

  const active = await query<DbProduct>(
    'select id, sku, price_cost, price_map, category_id from products where brand_id = $1 and is_active = 1',
    [brandId],
  );
  await expect(page.getByTestId('product-count')).toHaveText(`${active.length} Products`);
  await expect(page.getByTestId('change-counter')).toHaveText('0 Products with 0 Alterations');
  await expect(page.getByTestId('page-range')).toHaveText(`1–100 of ${active.length}`);

  // Sorted by SKU ascending; only the rows in view are drawn.
  const table = page.getByTestId('brand-products-table');
  const rows = table.locator('tbody tr[data-sku]');
  const shownSkus = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-sku')!));
  expect(shownSkus.length).toBeGreaterThan(5);
  expect(shownSkus.length).toBeLessThan(60);
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  expect([...shownSkus].sort(collator.compare)).toEqual(shownSkus);
  // Store Price is hidden until the column toggle shows it.
  await expect(table.getByRole('columnheader', { name: 'Store Price' })).toHaveCount(0);

  const [skuA, skuB] = shownSkus as [string, string];
  const a = active.find((p) => p.sku === skuA)!;
  const b = active.find((p) => p.sku === skuB)!;
  const costA = Number(a.price_cost) + 11.11;
  const mapA = Number(a.price_map) + 22.22;
  const costB = Number(b.price_cost) + 3.5;
  // The Attributes column: how many, then the names (the export writes the same, below).
  const attributesOfA = await query<{ name: string }>(
    `select a.name from product_attributes pa join attributes a on a.id = pa.attribute_id
      where pa.product_id = $1 order by a.name`,
    [a.id],
  );
  const attributesTextA = attributesOfA.length
    ? `${attributesOfA.length} · ${attributesOfA.map((r) => r.name).join(', ')}`
    : '0';
  await expect(table.locator(`tr[data-sku="${skuA}"] td[data-col="attributes"]`)).toHaveText(attributesTextA);

  // Enter commits and moves down a row; Tab (blur) commits too.
  await page.getByLabel(`Cost for ${skuA}`).fill(money(costA));
  await page.getByLabel(`Cost for ${skuA}`).press('Enter');
  await expect(page.getByLabel(`Cost for ${skuB}`)).toBeFocused();
  await page.getByLabel(`Cost for ${skuB}`).fill(money(costB));
  await page.getByLabel(`Cost for ${skuB}`).press('Enter');
  await page.getByLabel(`MAP for ${skuA}`).fill(money(mapA));
  await page.getByLabel(`MAP for ${skuA}`).press('Tab');
  await expect(page.getByTestId('change-counter')).toHaveText('2 Products with 3 Alterations');
  await expect(
    rows.filter({ has: page.getByLabel(`Cost for ${skuA}`) }).locator('td[data-col="cost"]'),
  ).toHaveAttribute('data-changed', 'true');

  // Escape drops what was typed.
  await page.getByLabel(`MAP for ${skuB}`).fill('999');
  await page.getByLabel(`MAP for ${skuB}`).press('Escape');
  await expect(page.getByLabel(`MAP for ${skuB}`)).toHaveValue(money(Number(b.price_map)));
  await expect(page.getByTestId('change-counter')).toHaveText('2 Products with 3 Alterations');

  // Switching lists (and brands) waits for Save or Discard.
  for (const name of ['Active', 'Inactive']) {
    const toggle = page.getByRole('button', { name, exact: true });
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAttribute('title', 'Save or Discard Changes');
  }
  await page.screenshot({ path: `${SCREENS}/brand-products-pending.png` });

  // Leaving with changes pending asks first; 'Stay' keeps the page and its changes.
  await page.getByRole('navigation').getByRole('link', { name: 'Orders', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(leave).toContainText('Leave this page? The changes not saved yet will be lost.');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/catalogue\/brand\//);
  await expect(page.getByTestId('change-counter')).toHaveText('2 Products with 3 Alterations');
  // Reloading or closing the tab gets the browser's own question.
  const asksOnUnload = await page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(asksOnUnload).toBe(true);

  // Editing B's cost back to the original drops that change.
  await page.getByLabel(`Cost for ${skuB}`).fill(b.price_cost);
  await page.getByLabel(`Cost for ${skuB}`).press('Enter');
  await expect(page.getByTestId('change-counter')).toHaveText('1 Product with 2 Alterations');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('change-counter')).toHaveText('0 Products with 0 Alterations');
  await expect(page.getByRole('button', { name: 'Inactive', exact: true })).toBeEnabled();
  const [savedA] = await query<DbProduct>('select price_cost, price_map from products where id = $1', [a.id]);
  expect(savedA).toMatchObject({ price_cost: money(costA), price_map: money(mapA) });
  const [savedB] = await query<DbProduct>('select price_cost, price_map from products where id = $1', [b.id]);
  expect(savedB).toMatchObject({ price_cost: b.price_cost, price_map: b.price_map });

  await page.reload();
  await expect(page.getByLabel(`Cost for ${skuA}`)).toHaveValue(money(costA));
  await expect(page.getByLabel(`MAP for ${skuA}`)).toHaveValue(money(mapA));
  await expect(page.getByLabel(`Cost for ${skuB}`)).toHaveValue(b.price_cost);

  // Bulk: three products of page 1 that are not in 'Effects > Pedals > Delay' get that category.
  const [delay] = await query<{ id: number }>(
    `select id from categories where path = 'Effects > Pedals > Delay' and account_id = (select account_id from brands where id = $1)`,
    [brandId],
  );
  const bulkSkus = shownSkus
    .slice(2)
    .filter((sku) => active.find((p) => p.sku === sku)!.category_id !== delay!.id)
    .slice(0, 3);
  for (const sku of bulkSkus) await page.getByLabel(`Select ${sku}`, { exact: true }).check();
  const toolbar = page.getByTestId('bulk-toolbar');
  await expect(toolbar).toContainText('3 Selected');
  await toolbar.getByRole('textbox', { name: 'Bulk Action' }).click();
  await page.getByRole('option', { name: 'Update Categories' }).click();
  const update = toolbar.getByRole('button', { name: 'Update Categories' });
  await expect(update).toBeDisabled();
  await toolbar.getByRole('textbox', { name: 'Category', exact: true }).fill('Delay');
  await page.getByRole('option', { name: 'Effects > Pedals > Delay' }).click();
  await expect(update).toBeEnabled();
  await page.screenshot({ path: `${SCREENS}/brand-products-bulk.png` });
  await update.click();
  await expect(page.getByTestId('change-counter')).toHaveText('3 Products with 3 Alterations');
  await expect(rows.filter({ hasText: bulkSkus[0]! }).locator('td[data-col="category"]')).toHaveText(
    'Effects > Pedals > Delay',
  );
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('change-counter')).toHaveText('0 Products with 0 Alterations');
  await expect(page.getByTestId('bulk-toolbar')).toHaveCount(0);
  const categorised = await query<{ sku: string; category_id: number }>(
    'select sku, category_id from products where sku = any($1)',
    [bulkSkus],
  );
  expect(categorised.map((p) => p.category_id)).toEqual([delay!.id, delay!.id, delay!.id]);

  // Export: a real workbook with the visible columns and the values as they are now.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Store Price' }).check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Store Price' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Fender-products-${today()}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([
    'SKU',
    'Family',
    'Name',
    'QAV',
    'Attributes',
    'UPC',
    'Cost',
    'MAP',
    'Store Price',
    'Purchasing',
    'Pricing',
    'Category',
  ]);
  expect(sheet.rowCount).toBe(active.length + 1);
  const exported = new Map<string, unknown[]>();
  sheet.eachRow((row, number) => {
    if (number > 1) exported.set(String(row.getCell(1).value), (row.values as unknown[]).slice(1));
  });
  expect(exported.get(skuA)?.[6]).toBe(Number(money(costA)));
  expect(exported.get(skuA)?.[7]).toBe(Number(money(mapA)));
  expect(exported.get(bulkSkus[0]!)?.[11]).toBe('Effects > Pedals > Delay');
  expect(exported.get(skuA)?.[4]).toBe(attributesTextA);
});

test('shows inventory, verified MAP, families, the product view and the Deactivate rule', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const [fender] = await query<{ id: number }>(`select id from brands where name = 'Fender' limit 1`);
  // A product holding units, and one with a verified MAP that differs.
  const [stocked] = await query<{ sku: string }>(
    `select p.sku from products p where p.brand_id = $1 and p.is_active = 1 and p.type_id = 0
       and exists (select 1 from inventory_location_items i where i.product_id = p.id and i.is_deleted = 0)
     order by p.sku limit 1`,
    [fender!.id],
  );
  const [verified] = await query<{ sku: string; verified_price_map: string }>(
    `select sku, verified_price_map from products where brand_id = $1 and is_active = 1
       and verified_price_map > 0 and verified_price_map <> price_map order by sku limit 1`,
    [fender!.id],
  );
  // The loading text shows while the list is on its way: the test holds the list back until it has seen it.
  let releaseList = () => {};
  const listReleased = new Promise<void>((resolve) => {
    releaseList = resolve;
  });
  await page.route('**/api/backroom/brand/*/products?isActive=1', async (route) => {
    await listReleased;
    await route.continue();
  });
  await page.goto(`/catalogue/brand/${fender!.id}`);
  await expect(page.getByText('Loading Active Fender Products...')).toBeVisible();
  await expect(page.getByTestId('product-count')).toBeHidden();
  releaseList();
  await expect(page.getByTestId('product-count')).toBeVisible();
  await expect(page.getByText('Loading Active Fender Products...')).toBeHidden();
  await page.unroute('**/api/backroom/brand/*/products?isActive=1');
  const table = page.getByTestId('brand-products-table');
  const filter = page.getByLabel('Filter products');

  // QAV: right-click shows inventory by location.
  await filter.fill(stocked!.sku);
  const stockedRow = table.locator(`tr[data-sku="${stocked!.sku}"]`);
  await expect(stockedRow).toBeVisible();
  await stockedRow.getByTestId(`qav-${stocked!.sku}`).click({ button: 'right' });
  const popover = page.getByTestId('inventory-by-location');
  await expect(popover).toContainText(`Inventory by Location: ${stocked!.sku}`);
  await expect(popover).toContainText('Main Warehouse');
  await page.screenshot({ path: `${SCREENS}/brand-products-inventory.png` });
  await page.keyboard.press('Escape');
  // A simple product with units on hand cannot be deactivated.
  await stockedRow.getByLabel(`Select ${stocked!.sku}`).check();
  const deactivate = page.getByTestId('bulk-toolbar').getByRole('button', { name: 'Deactivate' });
  await expect(deactivate).toBeDisabled();
  await expect(deactivate).toHaveAttribute('title', 'Products with QOH cannot be Deactivated');
  await page.getByRole('button', { name: 'Clear Selection' }).click();

  // Verified MAP: the warning applies the verified value.
  await filter.fill(verified!.sku);
  const verifiedRow = table.locator(`tr[data-sku="${verified!.sku}"]`);
  const apply = verifiedRow.getByRole('button', {
    name: `Verified MAP: ${verified!.verified_price_map}. Click to Apply.`,
  });
  await apply.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    `Verified MAP: ${verified!.verified_price_map}. Click to Apply.`,
  );
  await apply.click();
  await expect(verifiedRow.getByLabel(`MAP for ${verified!.sku}`)).toHaveValue(verified!.verified_price_map);
  await expect(apply).toHaveCount(0);
  await expect(page.getByTestId('change-counter')).toHaveText('1 Product with 1 Alteration');
  // A save the server refuses keeps the pending changes; its words show as a toast.
  await page.route('**/api/backroom/products', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 409,
            data: [],
            error: { message: 'The save was refused for the test.' },
          }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The save was refused for the test.' });
  await expect(refused).toBeVisible();
  await refused.locator('button').click();
  await expect(page.getByTestId('change-counter')).toHaveText('1 Product with 1 Alteration');
  await page.unroute('**/api/backroom/products');
  await page.getByRole('button', { name: 'Discard Changes' }).click();
  await expect(page.getByTestId('change-counter')).toHaveText('0 Products with 0 Alterations');
  await expect(verifiedRow.getByLabel(`MAP for ${verified!.sku}`)).not.toHaveValue(
    verified!.verified_price_map,
  );

  // A product without a category shows a search in its Category cell; a choice is a pending change.
  const [uncategorised] = await query<{ sku: string }>(
    'select sku from products where brand_id = $1 and is_active = 1 and category_id is null order by sku limit 1',
    [fender!.id],
  );
  await filter.fill(uncategorised!.sku);
  const uncategorisedRow = table.locator(`tr[data-sku="${uncategorised!.sku}"]`);
  await uncategorisedRow.getByRole('button', { name: `Category for ${uncategorised!.sku}` }).click();
  await uncategorisedRow.getByRole('textbox', { name: `Category for ${uncategorised!.sku}` }).fill('fuzz');
  await page.getByRole('option', { name: 'Effects > Pedals > Fuzz' }).click();
  const categoryCell = uncategorisedRow.locator('td[data-col="category"]');
  await expect(categoryCell).toHaveText('Effects > Pedals > Fuzz');
  await expect(categoryCell).toHaveAttribute('data-changed', 'true');
  await expect(page.getByTestId('change-counter')).toHaveText('1 Product with 1 Alteration');
  await page.screenshot({ path: `${SCREENS}/brand-products-category-cell.png` });
  await page.getByRole('button', { name: 'Discard Changes' }).click();
  await expect(
    uncategorisedRow.getByRole('button', { name: `Category for ${uncategorised!.sku}` }),
  ).toBeVisible();

  // Family: a click filters the table to the family, and the filter can be cleared.
  await filter.fill('');
  await expect(page.getByTestId('page-range')).toContainText('1–100 of');
  const familyLink = table.locator('td[data-col="family"] button').first();
  const parentId = Number(await familyLink.textContent());
  const [members] = await query<{ count: number }>(
    'select count(*)::int as count from products where is_active = 1 and (id = $1 or parent_product_id = $1)',
    [parentId],
  );
  await familyLink.click();
  await expect(page.getByTestId('family-filter')).toHaveText(`Family ${parentId}`);
  const familyRows = table.locator('tbody tr[data-sku]');
  await expect(familyRows).toHaveCount(members!.count);
  // Every member shows the family, the head (the parent itself) included.
  await expect(table.locator('td[data-col="family"]')).toHaveText(
    Array(members!.count).fill(String(parentId)),
  );
  await page.screenshot({ path: `${SCREENS}/brand-products-family.png` });
  await page.getByRole('button', { name: 'Clear family filter' }).click();
  await expect(page.getByTestId('family-filter')).toHaveCount(0);
  await expect(page.getByTestId('page-range')).toContainText('1–100 of');

  // A numeric column sorts ascending on its first click, like every other column.
  const qavHeader = table.getByRole('columnheader', { name: 'QAV' });
  await qavHeader.click();
  await expect(qavHeader).toHaveAttribute('aria-sort', 'ascending');
  const qav = await table.locator('td[data-col="qav"]').allTextContents();
  const quantities = qav.map((text) => Number(text.replace(/\D/g, '') || 0));
  expect([...quantities].sort((x, y) => x - y)).toEqual(quantities);
  // Back to the default order (SKU ascending).
  await table.getByRole('columnheader', { name: 'SKU' }).click();
  await expect(table.getByRole('columnheader', { name: 'SKU' })).toHaveAttribute('aria-sort', 'ascending');

  // SKU opens the product view; Close shuts it.
  const firstSku = await familyRows.first().getAttribute('data-sku');
  await familyRows.first().getByRole('button', { name: firstSku! }).click();
  const drawer = page.getByTestId('product-drawer');
  await expect(drawer.getByRole('heading', { name: firstSku! })).toBeVisible();
  await expect(page).toHaveURL(/productId=\d+/);
  // Let the drawer finish sliding in before the picture.
  await transitionsDone(page);
  await page.screenshot({ path: `${SCREENS}/brand-products-product.png` });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);

  // The inactive list.
  await page.getByRole('button', { name: 'Inactive', exact: true }).click();
  await expect(page).toHaveURL(/isActive=0/);
  const [inactive] = await query<{ count: number }>(
    'select count(*)::int as count from products where brand_id = $1 and is_active = 0',
    [fender!.id],
  );
  await expect(page.getByTestId('product-count')).toHaveText(`${inactive!.count} Products`);
  await expect(table.getByRole('img', { name: 'Inactive' }).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/brand-products-inactive.png` });

  // A brand without products says so.
  const [empty] = await query<{ id: number }>(
    `insert into brands (account_id, name, alias) select account_id, 'Quiet Amps', 'QAMP' from brands where id = $1
     returning id`,
    [fender!.id],
  );
  await page.goto(`/catalogue/brand/${empty!.id}?isActive=0`);
  await expect(page.getByText('No Inactive Products Found for Quiet Amps')).toBeVisible();
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(page.getByText('No Active Products Found for Quiet Amps')).toBeVisible();
});

test('bulk Deactivate, harmonized codes and attributes are pending changes saved with the others', async ({
  page,
}) => {
  // The page's timers run on a clock the test can hold (it flows as usual until then): see the harmonized code.
  await page.clock.install();
  await signIn(page, 'admin');
  const [fender] = await query<{ id: number }>(`select id from brands where name = 'Fender' limit 1`);
  const [unstocked] = await query<{ id: number; sku: string }>(
    `select p.id, p.sku from products p where p.brand_id = $1 and p.is_active = 1 and p.type_id = 0
       and not exists (select 1 from inventory_location_items i where i.product_id = p.id)
     order by p.sku desc limit 1`,
    [fender!.id],
  );
  await page.goto(`/catalogue/brand/${fender!.id}?isActive=1`);
  await page.getByLabel('Filter products').fill(unstocked!.sku);
  const row = page.getByTestId('brand-products-table').locator(`tr[data-sku="${unstocked!.sku}"]`);
  await row.getByLabel(`Select ${unstocked!.sku}`).check();
  const toolbar = page.getByTestId('bulk-toolbar');
  const counter = page.getByTestId('change-counter');
  // DIM, Clearance and Trained Shipping live on the manage products screen, opened on the selection.
  await expect(toolbar.getByRole('link', { name: 'Open in Manage Products (New Tab)' })).toHaveAttribute(
    'href',
    `/manage/products?productIds=${unstocked!.id}&execute=true`,
  );

  // Deactivate: allowed for a simple product holding nothing.
  await toolbar.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByRole('img', { name: 'Inactive' })).toBeVisible();
  await expect(row.locator('td[data-col="sku"]')).toHaveAttribute('data-changed', 'true');
  await expect(counter).toHaveText('1 Product with 1 Alteration');
  await expect(toolbar.getByRole('button', { name: 'Activate' })).toBeVisible();

  // Harmonized code: digits only, 9 at most, settled 750 ms after the last key.
  await toolbar.getByRole('textbox', { name: 'Bulk Action' }).click();
  await page.getByRole('option', { name: 'Add Harmonized Shipping Codes' }).click();
  const code = toolbar.getByRole('textbox', { name: 'Harmonized Code' });
  const addCodes = toolbar.getByRole('button', { name: 'Add Harmonized Shipping Codes' });
  // Cleaned as it is typed: a dot or a letter never shows; the button waits for the code to settle. The test
  // holds the page's clock while it types, so the unsettled moment is seen however slow the machine is.
  await page.clock.pauseAt(new Date(Date.now() + 1_000));
  await code.pressSequentially('8471.30.0100x');
  await expect(code).toHaveValue('847130010');
  await expect(addCodes).toBeDisabled();
  await page.clock.runFor(749);
  await expect(addCodes).toBeDisabled();
  await page.clock.runFor(1);
  await expect(addCodes).toBeEnabled();
  await page.clock.resume();
  // The change is not invisible: the hidden Harmonized Code column appears with the pending code.
  const table = page.getByTestId('brand-products-table');
  await expect(table.getByRole('columnheader', { name: 'Harmonized Code' })).toHaveCount(0);
  await addCodes.click();
  await expect(counter).toHaveText('1 Product with 2 Alterations');
  await expect(table.getByRole('columnheader', { name: 'Harmonized Code' })).toBeVisible();
  await expect(row.locator('td[data-col="harmonizedCode"]')).toHaveText('847130010');
  await expect(row.locator('td[data-col="harmonizedCode"]')).toHaveAttribute('data-changed', 'true');

  // Attributes: find one, give it a value, add it.
  await toolbar.getByRole('textbox', { name: 'Bulk Action' }).click();
  await page.getByRole('option', { name: 'Add Attributes' }).click();
  const addAttributes = toolbar.getByRole('button', { name: 'Add Attributes' });
  await expect(addAttributes).toBeDisabled();
  await toolbar.getByRole('textbox', { name: 'Attribute', exact: true }).fill('Feat');
  await page.getByRole('option', { name: 'Features' }).click();
  await toolbar.getByRole('textbox', { name: 'Features' }).fill('True Bypass');
  await toolbar.getByRole('textbox', { name: 'Features' }).press('Enter');
  await expect(toolbar.getByRole('checkbox', { name: 'Replace' })).not.toBeChecked();
  await page.screenshot({ path: `${SCREENS}/brand-products-attributes.png` });
  await addAttributes.click();
  await expect(counter).toHaveText('1 Product with 3 Alterations');
  await expect(row.locator('td[data-col="attributes"]')).toContainText('Features');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(counter).toHaveText('0 Products with 0 Alterations');
  const [saved] = await query<{ is_active: number; harmonized_code: string }>(
    'select is_active, harmonized_code from products where id = $1',
    [unstocked!.id],
  );
  expect(saved).toEqual({ is_active: 0, harmonized_code: '847130010' });
  const [features] = await query<{ value_json: { Default: string[] } }>(
    `select pa.value_json from product_attributes pa join attributes a on a.id = pa.attribute_id
     where pa.product_id = $1 and a.name = 'Features'`,
    [unstocked!.id],
  );
  expect(features!.value_json.Default).toContain('True Bypass');

  // Saved as inactive: it now lives in the Inactive list.
  await page.reload();
  await page.getByLabel('Filter products').fill(unstocked!.sku);
  await expect(page.getByTestId('page-range')).toHaveText('0–0 of 0');
  await page.getByRole('button', { name: 'Inactive', exact: true }).click();
  // The Inactive list is a new list with its own filter box: type into it once it is drawn (typed into the
  // Active list's box while the new one loads, the text went with the old list).
  await expect(
    page.getByTestId('brand-products-table').getByRole('img', { name: 'Inactive' }).first(),
  ).toBeVisible();
  await page.getByLabel('Filter products').fill(unstocked!.sku);
  await expect(
    page.getByTestId('brand-products-table').locator(`tr[data-sku="${unstocked!.sku}"]`),
  ).toBeVisible();
});

test('a brand with 10,000 products opens, pages and scrolls, drawing only the rows in view (figures printed)', async ({
  page,
}) => {
  const [brand] = await query<{ id: number }>(
    `insert into brands (account_id, name, alias)
     select account_id, 'Big Backline', 'BIG' from brands where name = 'Fender' limit 1 returning id`,
  );
  await query(
    `insert into products (account_id, sku, name, brand_id, category_id, is_active, upc, normalized_upc,
       price_cost, price_map, verified_price_map, price_sale, pricing_strategy_id, purchasing_status_id,
       parent_product_id)
     select b.account_id, 'BIG-' || lpad(g::text, 5, '0'), 'Big Backline Speaker Cabinet No. ' || g, b.id,
       case when g % 7 = 0 then null else c.id end, 1, lpad(g::text, 12, '7'), lpad(g::text, 16, '0'),
       (100 + g % 400)::numeric(12, 2), (150 + g % 400)::numeric(12, 2),
       case when g % 9 = 0 then (160 + g % 400)::numeric(12, 2) else 0 end, (160 + g % 400)::numeric(12, 2),
       1, 1, null
     from generate_series(1, 10000) g
     cross join (select id, account_id from brands where id = $1) b
     cross join (select id from categories where path = 'Live Sound > Microphones > Dynamic Microphones'
                  and account_id = (select account_id from brands where id = $1)) c`,
    [brand!.id],
  );
  await query(
    `insert into product_attributes (product_id, attribute_id, value_json)
     select p.id, a.id, '{"Default": ["Black"]}'::jsonb from products p
     join attributes a on a.account_id = p.account_id and a.name = 'Color'
     where p.brand_id = $1`,
    [brand!.id],
  );

  await signIn(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Brand Products' }).click();
  await page.getByTestId('brand-select').click();
  // Timed inside the page, from the click on the brand to the first row on screen, so the test's own
  // polling is not counted.
  type Timing = { total: number; server: number; client: number };
  type TimedWindow = Window & { brandTiming?: Promise<Timing> };
  await page.evaluate(() => {
    (window as TimedWindow).brandTiming = new Promise<Timing>((resolve) => {
      let clicked = 0;
      window.addEventListener(
        'click',
        () => {
          clicked = performance.now();
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver(() => {
        if (!clicked || !document.querySelector('input[aria-label="Cost for BIG-00001"]')) return;
        observer.disconnect();
        // After the frame that shows the row has been painted.
        requestAnimationFrame(() =>
          setTimeout(() => {
            const shown = performance.now();
            const list = performance
              .getEntriesByType('resource')
              .find((entry) => entry.name.includes('/products?isActive=1')) as PerformanceResourceTiming;
            resolve({
              total: shown - clicked,
              server: list.responseEnd - clicked,
              client: shown - list.responseEnd,
            });
          }),
        );
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });
  await page.getByRole('option', { name: 'Big Backline' }).click();
  const usable = await page.evaluate(() => (window as TimedWindow).brandTiming!);
  console.log(
    `10,000 products usable ${usable.total.toFixed(0)} ms after choosing the brand ` +
      `(list received at ${usable.server.toFixed(0)} ms, drawn ${usable.client.toFixed(0)} ms later)`,
  );
  await expect(page.getByTestId('product-count')).toHaveText('10000 Products');
  await expect(page.getByLabel('Cost for BIG-00001')).toHaveValue('101.00');
  // The target is 1.5 s, read from the printout above; timing belongs to `npm run bench`, not to this test.

  // Only the rows in view are drawn, on every page.
  const table = page.getByTestId('brand-products-table');
  const drawn = () => table.locator('tbody tr[data-sku]').count();
  expect(await drawn()).toBeLessThan(50);
  await table.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(page.getByLabel('Cost for BIG-00100')).toBeVisible();
  expect(await drawn()).toBeLessThan(50);
  await page.getByRole('button', { name: '100', exact: true }).click();
  await expect(page.getByTestId('page-range')).toHaveText('9901–10000 of 10000');
  await expect(page.getByLabel('Cost for BIG-09901')).toBeVisible();

  // Smooth scrolling: frames stay well under the budget while the table scrolls.
  const frames = await table.evaluate(
    (element) =>
      new Promise<number[]>((resolve) => {
        const gaps: number[] = [];
        let last = performance.now();
        let step = 0;
        element.scrollTo({ top: 0 });
        const tick = (now: number) => {
          gaps.push(now - last);
          last = now;
          element.scrollTop += 120;
          if (++step < 120) requestAnimationFrame(tick);
          else resolve(gaps.slice(1));
        };
        requestAnimationFrame(tick);
      }),
  );
  const ordered = [...frames].sort((x, y) => x - y);
  const median = ordered[Math.floor(ordered.length / 2)]!;
  const p90 = ordered[Math.floor(ordered.length * 0.9)]!;
  const p95 = ordered[Math.floor(ordered.length * 0.95)]!;
  console.log(
    `scrolling ${frames.length} frames: median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms, ` +
      `p95 ${p95.toFixed(1)} ms, slowest ${ordered.at(-1)!.toFixed(1)} ms`,
  );
  // Printed, not asserted: frame times depend on the machine (the virtualisation itself is asserted above by
  // the number of rows drawn).

  // An edit and a filter over the 10,000 stay quick.
  await page.getByRole('button', { name: '1', exact: true }).click();
  const edited = Date.now();
  await page.getByLabel('Cost for BIG-00001').fill('99.99');
  await page.getByLabel('Cost for BIG-00001').press('Enter');
  await expect(page.getByTestId('change-counter')).toHaveText('1 Product with 1 Alteration');
  console.log(`edit committed and counted in ${Date.now() - edited} ms`);
  await page.getByLabel('Filter products').fill('BIG-0999');
  await expect(page.getByTestId('page-range')).toHaveText('1–10 of 10');
  await page.screenshot({ path: `${SCREENS}/brand-products-10000.png` });
  await page.getByRole('button', { name: 'Discard Changes' }).click();
});

test('selects every matching product across pages, and a save is done when the server has it', async ({
  page,
}) => {
  const [brand] = await query<{ id: number }>(
    `insert into brands (account_id, name, alias)
     select account_id, 'Wide Select Audio', 'WSA' from brands where name = 'Fender' limit 1 returning id`,
  );
  await query(
    `insert into products (account_id, sku, name, brand_id, is_active, price_cost, price_map, price_sale,
       pricing_strategy_id, purchasing_status_id)
     select b.account_id, 'WSA-' || lpad(g::text, 4, '0'), 'Wide Select Audio Cable No. ' || g, b.id, 1,
       10, 15, 20, 1, 1
     from generate_series(1, 250) g cross join (select id, account_id from brands where id = $1) b`,
    [brand!.id],
  );
  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${brand!.id}?isActive=1`);
  await expect(page.getByTestId('product-count')).toHaveText('250 Products');

  // The header checkbox selects the page; the banner offers every matching product.
  await page.getByLabel('Select all on page').check();
  const banner = page.getByTestId('selection-banner');
  await expect(banner).toContainText('All 100 products on this page are selected.');
  await banner.getByRole('button', { name: 'Select all 250 matching products' }).click();
  await expect(banner).toContainText('All 250 matching products are selected.');
  const toolbar = page.getByTestId('bulk-toolbar');
  await expect(toolbar).toContainText('250 Selected');
  await toolbar.getByRole('textbox', { name: 'Bulk Action' }).click();
  await page.getByRole('option', { name: 'Add Harmonized Shipping Codes' }).click();
  await toolbar.getByRole('textbox', { name: 'Harmonized Code' }).fill('852290');
  await toolbar.getByRole('button', { name: 'Add Harmonized Shipping Codes' }).click();
  await expect(page.getByTestId('change-counter')).toHaveText('250 Products with 250 Alterations');

  // The list's reload after the save is held back: the save must not wait for it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reloads = 0;
  await page.route(`**/api/backroom/brand/${brand!.id}/products**`, async (route) => {
    reloads += 1;
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes Saved')).toBeVisible();
  await expect(page.getByTestId('change-counter')).toHaveText('0 Products with 0 Alterations');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  expect(reloads).toBeGreaterThan(0);
  const [saved] = await query<{ n: number }>(
    `select count(*)::int as n from products where brand_id = $1 and harmonized_code = '852290'`,
    [brand!.id],
  );
  expect(saved!.n).toBe(250);
  // Let the reload through: the list shows the saved codes.
  const reloaded = page.waitForResponse((response) =>
    response.url().includes(`/brand/${brand!.id}/products`),
  );
  release();
  await reloaded;
  await expect(page.getByTestId('product-count')).toHaveText('250 Products');
  await page.screenshot({ path: `${SCREENS}/brand-products-select-all.png` });
});
