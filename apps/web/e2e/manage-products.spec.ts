import { manageProductsPath } from '@backroom/shared';
import { expect, query, signIn, test } from './support/fixtures';

const SCREENS = '../../test-results/screens';

// A back-office screen: wide enough for the table and the bulk toolbar's measures.
test.use({ viewport: { width: 1680, height: 1000 } });

/** Three active Gibson products, by SKU (Fender's are edited by the brand page's tests). */
async function gibsonProducts() {
  return query<{ id: number; sku: string }>(
    `select p.id, p.sku from products p join brands b on b.id = p.brand_id
      where b.name = 'Gibson' and p.is_active = 1 and p.type_id = 0 order by p.sku limit 3`,
  );
}

test('the manage products toolbar sets DIM, Clearance and Trained Shipping on the chosen products', async ({
  page,
}) => {
  const picked = await gibsonProducts();
  expect(picked).toHaveLength(3);
  const [customBox] = await query<{ id: number }>(
    `select id from packaging where common_name = 'Custom Box'`,
  );

  await signIn(page, 'admin');
  // The spec's link from other screens: /manage/products?productIds={ids}&execute=true.
  await page.goto(manageProductsPath(picked.map((p) => p.id)));
  await expect(page.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
  await expect(page.getByTestId('product-count')).toHaveText('3 Products');
  const table = page.getByTestId('brand-products-table');
  for (const header of ['DIM', 'Clearance', 'Trained Shipping']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }

  for (const { sku } of picked) await page.getByLabel(`Select ${sku}`, { exact: true }).check();
  const toolbar = page.getByTestId('bulk-toolbar');
  await expect(toolbar).toContainText('3 Selected');
  const counter = page.getByTestId('change-counter');
  const chooseAction = async (label: string) => {
    await toolbar.getByRole('textbox', { name: 'Bulk Action' }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
  };

  // DIM: every measure above 0; the weight is typed in pounds.
  await chooseAction('Update Product DIM');
  const updateDim = toolbar.getByRole('button', { name: 'Update Product DIM' });
  await toolbar.getByLabel('Length (in)').fill('12');
  await toolbar.getByLabel('Width (in)').fill('4.5');
  await toolbar.getByLabel('Height (in)').fill('3');
  await expect(updateDim).toBeDisabled();
  await toolbar.getByLabel('Weight (lb)').fill('2.5');
  await expect(updateDim).toBeEnabled();
  await updateDim.click();
  const row = (sku: string) => table.locator(`tr[data-sku="${sku}"]`);
  for (const { sku } of picked) {
    await expect(row(sku).locator('td[data-col="dim"]')).toHaveText('12 × 4.5 × 3 in, 2.5 lb');
    await expect(row(sku).locator('td[data-col="dim"]')).toHaveAttribute('data-changed', 'true');
  }

  // Clearance: Yes.
  await chooseAction('Update Clearance');
  await toolbar.getByRole('button', { name: 'Update Clearance' }).click();
  for (const { sku } of picked) await expect(row(sku).locator('td[data-col="clearance"]')).toHaveText('Yes');

  // Trained Shipping: a box prefills its inches, editable only when it is custom packaging.
  await chooseAction('Update Trained Shipping');
  const updateTrained = toolbar.getByRole('button', { name: 'Update Trained Shipping' });
  await toolbar.getByLabel('Shipping Cost').fill('12.50');
  await toolbar.getByRole('textbox', { name: 'Packaging' }).click();
  await page.getByRole('option', { name: 'Pedal Box', exact: true }).click();
  await expect(toolbar.getByLabel('Length (in)')).toHaveValue('8');
  await expect(toolbar.getByLabel('Height (in)')).toBeDisabled();
  await expect(updateTrained).toBeEnabled();
  await toolbar.getByRole('textbox', { name: 'Packaging' }).click();
  await page.getByRole('option', { name: 'Custom Box (custom)' }).click();
  await expect(toolbar.getByLabel('Length (in)')).toHaveValue('12');
  await expect(toolbar.getByLabel('Height (in)')).toBeEnabled();
  await toolbar.getByLabel('Height (in)').fill('10');
  await page.screenshot({ path: `${SCREENS}/manage-products-trained-shipping.png` });
  await updateTrained.click();
  for (const { sku } of picked) {
    await expect(row(sku).locator('td[data-col="trainedShipping"]')).toHaveText('12.50 · 12 × 12 × 10 in');
  }
  await expect(counter).not.toHaveText('0 Products with 0 Alterations');
  await expect(counter).toContainText('3 Products with');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(counter).toHaveText('0 Products with 0 Alterations');
  await page.screenshot({ path: `${SCREENS}/manage-products-saved.png` });
  const saved = await query<{
    weight: string;
    width: string;
    is_closeout: number;
    cost: string;
    box: number;
    height: string;
    trained_at: Date | null;
  }>(
    `select product_weight_ounce::text as weight, product_width_inch::text as width, is_closeout,
            trained_shipping_cost::text as cost, trained_packaging_id as box,
            package_height_inch::text as height, trained_shipping_at as trained_at
       from products where id = any($1::int[])`,
    [picked.map((p) => p.id)],
  );
  expect(saved).toHaveLength(3);
  for (const product of saved) {
    expect(Number(product.weight)).toBe(40);
    expect(Number(product.width)).toBe(4.5);
    expect(product.is_closeout).toBe(1);
    expect(Number(product.cost)).toBe(12.5);
    expect(product.box).toBe(customBox!.id);
    expect(Number(product.height)).toBe(10);
    expect(product.trained_at).not.toBeNull();
  }
});

test('finds products to add by search, and offers Trained Shipping only with adminUserAccess', async ({
  page,
}) => {
  const picked = await gibsonProducts();
  await signIn(page, 'manager');
  await page.goto('/manage/products');
  await expect(
    page.getByText('Search for products above, or enter product ids, to manage them here.'),
  ).toBeVisible();

  // A search's results join the list; the address then names them, so the list can be shared.
  await page.getByRole('textbox', { name: 'Search' }).fill(picked[0]!.sku);
  const add = page.getByRole('button', { name: /^Add \d+ Products? to the List$/ });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page).toHaveURL(new RegExp(`productIds=${picked[0]!.id}(,|&)`));
  const table = page.getByTestId('brand-products-table');
  await expect(table.locator(`tr[data-sku="${picked[0]!.sku}"]`)).toBeVisible();

  // Ids typed in: the list is replaced by them.
  await page.getByLabel('Product IDs').fill(picked.map((p) => p.id).join(', '));
  await page.getByRole('button', { name: 'Load Products' }).click();
  await expect(page.getByTestId('product-count')).toHaveText('3 Products');

  await page.getByLabel(`Select ${picked[1]!.sku}`, { exact: true }).check();
  await page.getByTestId('bulk-toolbar').getByRole('textbox', { name: 'Bulk Action' }).click();
  await expect(page.getByRole('option', { name: 'Update Product DIM' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Update Clearance' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Update Trained Shipping' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A pending change holds the list: loading another is refused until it is saved or discarded.
  await page.getByLabel(`Cost for ${picked[1]!.sku}`).fill('77');
  await page.getByLabel(`Cost for ${picked[1]!.sku}`).press('Enter');
  await expect(page.getByTestId('change-counter')).toHaveText('1 Product with 1 Alteration');
  await expect(page.getByRole('button', { name: 'Load Products' })).toBeDisabled();
  await page.getByRole('button', { name: 'Discard Changes' }).click();
  await expect(page.getByRole('button', { name: 'Load Products' })).toBeEnabled();
});
