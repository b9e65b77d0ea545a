import { belowPhysicalQuantityMessage, queueTagText } from '@backroom/shared';
import { expect, query, signIn, test } from './support/fixtures';

const SCREENS = '../../test-results/screens';

// A back-office screen: wide enough for the table and the bulk toolbar.
test.use({ viewport: { width: 1680, height: 1000 } });

async function fenderId(): Promise<number> {
  const [fender] = await query<{ id: number }>(`select id from brands where name = 'Fender' limit 1`);
  return fender!.id;
}

test('edits a location’s available quantity in the product editor: a refusal below physical, then a saved value', async ({
  page,
}) => {
  const brandId = await fenderId();
  // The last active simple Fender product (by SKU) with at least two units in bins of one warehouse.
  const [product] = await query<{
    id: number;
    sku: string;
    physical: number;
    available: number;
    warehouse_id: number;
  }>(
    `select p.id, p.sku, i.warehouse_id, count(*)::int as physical,
            (count(*) filter (where i.picked_at is null and d.is_withheld = 0))::int as available
       from products p join inventory_location_items i on i.product_id = p.id and i.is_deleted = 0
       join warehouse_divisions d on d.id = i.inventory_location_id
      where p.brand_id = $1 and p.is_active = 1 and p.type_id = 0
      group by p.id, p.sku, i.warehouse_id having count(*) >= 2
      order by p.sku desc limit 1`,
    [brandId],
  );
  expect(product, 'the demo catalogue has a Fender product with two units in bins').toBeDefined();
  const [admin] = await query<{ id: number }>(`select id from users where email = 'admin@backroom.local'`);
  const [warehouse] = await query<{ name: string }>('select name from warehouses where id = $1', [
    product!.warehouse_id,
  ]);

  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${brandId}?isActive=1&productId=${product!.id}`);
  const drawer = page.getByTestId('product-drawer');
  await expect(drawer.getByRole('heading', { name: product!.sku })).toBeVisible();
  await drawer.getByRole('button', { name: 'Inventory' }).click();
  const total = drawer.getByTestId('inventory-total-available');
  const before = Number(await total.textContent());
  const input = drawer.getByLabel(`Available at ${warehouse!.name}`);
  await expect(input).toHaveValue(String(product!.available));

  // Between 0 and the physical quantity: refused inline, nothing saved.
  const tooLow = product!.physical - 1;
  await input.fill(String(tooLow));
  await input.press('Enter');
  const refusal = drawer.getByTestId('inventory-refusal');
  await expect(refusal).toHaveText(belowPhysicalQuantityMessage(tooLow, product!.physical));
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await refusal.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/brand-inventory-refused.png` });
  expect(
    await query('select 1 from inventory_available_overrides where product_id = $1', [product!.id]),
  ).toEqual([]);

  // Whole numbers only: '5.6' and '-4' are refused as typed (not rounded, not made 0) and never sent.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().endsWith('/product/inventory')) sent.push(r.postData() ?? '');
  });
  for (const typed of ['5.6', '-4']) {
    await input.fill(typed);
    await input.press('Enter');
    await expect(refusal).toHaveText('Enter a whole number of units: 0 or more.');
    await expect(input).toHaveValue(typed);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  }
  expect(sent).toEqual([]);
  expect(
    await query('select 1 from inventory_available_overrides where product_id = $1', [product!.id]),
  ).toEqual([]);

  // Above it: a warning that it is more than is on hand while typing; saved on leaving the field, the totals
  // move by the difference, and the warning stays.
  const wanted = product!.physical + 5;
  const warning = drawer.getByTestId('inventory-warning').filter({ hasText: `${warehouse!.name}:` });
  const aboveOnHand = `${warehouse!.name}: ${wanted} available is more than the ${product!.physical} on hand at this location: the channels may sell units that are not there.`;
  await input.fill(String(wanted));
  await expect(warning).toHaveText(aboveOnHand);
  await input.press('Tab');
  await expect(total).toHaveText(String(before + wanted - product!.available));
  await expect(warning).toHaveText(aboveOnHand);
  expect(sent).toHaveLength(1);
  await expect(drawer.getByTestId('inventory-modified')).toContainText('set by');
  await expect(refusal).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/brand-inventory-saved.png` });
  const stored = await query<{ quantity_available: number; modified_by: number; warehouse_id: number }>(
    'select quantity_available, modified_by, warehouse_id from inventory_available_overrides where product_id = $1',
    [product!.id],
  );
  expect(stored).toEqual([
    { quantity_available: wanted, modified_by: admin!.id, warehouse_id: product!.warehouse_id },
  ]);

  // The list's QAV reads it after a reload too.
  await page.getByTestId('product-drawer').getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await page.getByLabel('Filter products').fill(product!.sku);
  await expect(page.getByTestId(`qav-${product!.sku}`)).toHaveText(
    String(before + wanted - product!.available),
  );
});

test('opens the brand page on a product queue, removes the tag, and saves a selection as a queue', async ({
  page,
}) => {
  const brandId = await fenderId();
  const [queue] = await query<{ id: number; name: string }>(
    `select id, name from product_queues where name = 'Fender Restock Review'`,
  );
  const inQueue = await query<{ sku: string }>(
    `select p.sku from product_queue_items qi join products p on p.id = qi.product_id
      where qi.queue_id = $1 and p.brand_id = $2 and p.is_active = 1 order by p.sku`,
    [queue!.id, brandId],
  );
  const [all] = await query<{ n: number }>(
    'select count(*)::int as n from products where brand_id = $1 and is_active = 1',
    [brandId],
  );
  expect(inQueue.length).toBeGreaterThan(1);

  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${brandId}?isActive=1&queueId=${queue!.id}`);
  const tag = page.getByTestId('queue-tag');
  await expect(tag).toHaveText(queueTagText(queue!.name));
  await expect(page.getByTestId('product-count')).toHaveText(`${inQueue.length} Products`);
  // Only the queue's products are listed (the rows in view are drawn).
  const skus = await page
    .getByTestId('brand-products-table')
    .locator('tbody tr[data-sku]')
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-sku')!));
  expect(skus.length).toBeGreaterThan(1);
  for (const sku of skus) expect(inQueue.map((p) => p.sku)).toContain(sku);
  await page.screenshot({ path: `${SCREENS}/brand-queue-tag.png` });

  await tag.getByRole('button', { name: 'Remove queue' }).click();
  await expect(page).toHaveURL(new RegExp(`/catalogue/brand/${brandId}\\?isActive=1$`));
  await expect(page.getByTestId('queue-tag')).toHaveCount(0);
  await expect(page.getByTestId('product-count')).toHaveText(`${all!.n} Products`);

  // Two selected rows become a new queue, which the page then shows.
  const [first, second] = await page
    .getByTestId('brand-products-table')
    .locator('tbody tr[data-sku]')
    .evaluateAll((trs) => trs.slice(0, 2).map((tr) => tr.getAttribute('data-sku')!));
  for (const sku of [first!, second!]) await page.getByLabel(`Select ${sku}`, { exact: true }).check();
  await page.getByTestId('bulk-toolbar').getByRole('button', { name: 'Save Selection as Queue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Selection as Queue' });
  await dialog.getByLabel('Queue Name').fill('E2E Picks');
  await dialog.getByRole('button', { name: 'Save Queue' }).click();
  await expect(page.getByText('Created Queue E2E Picks with 2 Products')).toBeVisible();
  await expect(page.getByTestId('queue-tag')).toHaveText(queueTagText('E2E Picks'));
  await expect(page.getByTestId('product-count')).toHaveText('2 Products');
  const saved = await query<{ sku: string }>(
    `select p.sku from product_queues q join product_queue_items qi on qi.queue_id = q.id
       join products p on p.id = qi.product_id where q.name = 'E2E Picks' order by p.sku`,
  );
  expect(saved.map((p) => p.sku)).toEqual([first, second].sort());
});

test('applies a marketplace category to two selected products from the ear icon’s suggestions', async ({
  page,
}) => {
  const brandId = await fenderId();
  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${brandId}?isActive=1`);
  // Two products of the first page that have a category (suggestions come from it).
  const withCategory = await query<{ id: number; sku: string }>(
    `select id, sku from products where brand_id = $1 and is_active = 1 and category_id is not null
      order by sku limit 2`,
    [brandId],
  );
  for (const product of withCategory) await page.getByLabel(`Select ${product.sku}`, { exact: true }).check();
  const toolbar = page.getByTestId('bulk-toolbar');
  await expect(toolbar).toContainText('2 Selected');
  await toolbar.getByRole('textbox', { name: 'Bulk Action' }).click();
  await page.getByRole('option', { name: 'Update Marketplace Categories' }).click();
  const change = toolbar.getByRole('button', { name: 'Change', exact: true });
  await expect(change).toBeDisabled();

  // Two marketplaces: the warning, and Change stays off.
  await toolbar.getByTestId('marketplace-select').click();
  await page.getByRole('option', { name: 'eBay' }).click();
  await page.getByRole('option', { name: 'Reverb' }).click();
  await expect(toolbar.getByTestId('marketplace-warning')).toHaveText('>1 Marketplace Selected');
  await page.getByRole('option', { name: 'Reverb' }).click();
  await page.keyboard.press('Escape');
  await expect(toolbar.getByTestId('marketplace-warning')).toHaveCount(0);

  // Right-click the ear: eBay's suggestions for the products' categories; choosing one enables Change.
  await toolbar.getByRole('button', { name: 'Suggested marketplace categories' }).click({ button: 'right' });
  const suggestions = page.getByTestId('site-category-suggestions');
  const firstSuggestion = suggestions.getByRole('button').first();
  await expect(firstSuggestion).toContainText('eBay');
  expect(await suggestions.getByRole('button').count()).toBeLessThanOrEqual(5);
  await page.screenshot({ path: `${SCREENS}/brand-marketplace-suggestions.png` });
  const path = (await firstSuggestion.textContent())!.replace(/^eBay · /, '');
  await firstSuggestion.click();
  await expect(toolbar.getByRole('textbox', { name: 'Marketplace Category' })).toHaveValue(path);
  await expect(change).toBeEnabled();
  await change.click();
  await expect(page.getByText('Changed the eBay Category of 2 Products')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/brand-marketplace-changed.png` });

  const stored = await query<{ product_id: number; site_id: number; path: string }>(
    `select psc.product_id, psc.site_id, sc.path from product_site_categories psc
       join site_categories sc on sc.id = psc.site_category_id
      where psc.product_id = any($1) order by psc.product_id`,
    [withCategory.map((p) => p.id)],
  );
  expect(stored).toEqual(
    withCategory
      .map((p) => ({ product_id: p.id, site_id: 2, path }))
      .sort((a, b) => a.product_id - b.product_id),
  );
  // The product editor lists it.
  await page.goto(`/catalogue/brand/${brandId}?isActive=1&productId=${withCategory[0]!.id}`);
  await expect(page.getByTestId('product-marketplace-categories')).toContainText(`eBay · ${path}`);
  await page.getByTestId('product-marketplace-categories').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/brand-marketplace-in-editor.png` });
});

test('a demo product shows its generated photos in the editor, the primary first', async ({ page }) => {
  const [product] = await query<{ id: number; brand_id: number; n: number }>(
    `select p.id, p.brand_id, count(*)::int as n from products p
       join product_images pi on pi.product_id = p.id join images i on i.id = pi.image_id
      where i.cloudinary_uuid like 'demo-%' and p.is_active = 1
      group by p.id, p.brand_id having count(*) = 3 order by p.sku limit 1`,
  );
  expect(product, 'the demo seed gives some products three photos').toBeDefined();
  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${product!.brand_id}?isActive=1&productId=${product!.id}`);
  const drawer = page.getByTestId('product-drawer');
  await drawer.getByRole('button', { name: 'Images' }).click();
  const images = drawer.getByTestId('product-image');
  await expect(images).toHaveCount(3);
  await expect(images.first().getByRole('radio', { name: 'Primary' })).toBeChecked();
  // The files are served: each picture has loaded with its size.
  await expect
    .poll(() =>
      images.locator('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth)),
    )
    .toEqual([400, 400, 400]);
  await drawer.getByTestId('product-images').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/brand-demo-photos.png` });
});
