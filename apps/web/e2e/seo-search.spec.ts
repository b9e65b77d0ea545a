import { choose, expect, query, signIn, test } from './support/fixtures';

const SCREENS = '../../test-results/screens';

interface ProductRow {
  id: number;
  sku: string;
  name: string;
  mpn: string | null;
  images_reviewed_at: string | null;
}

/** A real active Fender electric guitar of the demo catalogue. */
async function fenderGuitar(): Promise<ProductRow> {
  const [product] = await query<ProductRow>(
    `select p.id, p.sku, p.name, p.mpn, p.images_reviewed_at
       from products p join brands b on b.id = p.brand_id
      where b.name = 'Fender' and p.name like '%Electric Guitar%' and p.is_active = 1
      order by p.id limit 1`,
  );
  expect(product, 'the demo catalogue has an active Fender electric guitar').toBeDefined();
  return product!;
}

/** The name with one letter of its second word (the model) dropped: 'Fender Nova …' → 'Fender Nva …'. */
function misspell(name: string): string {
  const words = name.split(' ');
  const model = words[1]!;
  words[1] = model.slice(0, 1) + model.slice(2);
  return words.join(' ');
}

test('finds a misspelt product, shows its image review columns, and edits its MPN in a new tab', async ({
  page,
}) => {
  const product = await fenderGuitar();
  expect(product.images_reviewed_at).toBeNull();
  // One active and one inactive image: the Images count counts only the active one.
  const [account] = await query<{ account_id: number }>('select account_id from products where id = $1', [
    product.id,
  ]);
  const imageIds = await query<{ id: number }>(
    `insert into images (account_id, cloudinary_uuid) values ($1, 'e2e-seo-a'), ($1, 'e2e-seo-b') returning id`,
    [account!.account_id],
  );
  await query(
    `insert into product_images (product_id, image_id, is_active, is_primary_image)
     values ($1, $2, 1, 1), ($1, $3, 0, 0)`,
    [product.id, imageIds[0]!.id, imageIds[1]!.id],
  );

  await signIn(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'SEO' }).click();
  await expect(page).toHaveURL(/\/tools\/universal$/);
  await expect(page.getByRole('heading', { name: 'SEO', exact: true })).toBeVisible();
  await expect(page.getByText('Start a Search')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/seo-start.png`, fullPage: true });

  const search = page.getByPlaceholder('Search by SKU, UPC, Name, or MPN');
  const typo = misspell(product.name);
  expect(typo).not.toBe(product.name);
  await search.fill(typo);
  // Typing sets loading at once; the call goes out 500 ms later.
  await expect(page.getByText('Searching...')).toBeVisible();
  const results = page.getByTestId('search-results');
  const row = page.getByTestId(`search-row-${product.id}`);
  await expect(row).toContainText(product.sku);
  await expect(row).toContainText(product.name);
  // Default mode seo: SKU, Edit, Name.
  await expect(results.getByRole('columnheader')).toHaveText(['SKU', 'Edit', 'Name']);
  await expect(row.getByRole('button', { name: 'Edit SEO' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(typo).replace(/%20/g, '\\+')}`));

  await page.getByTestId('search-mode').getByText('Images').click();
  await expect(page).toHaveURL(/mode=images/);
  await expect(results.getByRole('columnheader')).toHaveText([
    'SKU',
    'Edit',
    'Name',
    'Reviewed',
    'Next Review',
    'Images count',
  ]);
  await expect(row.getByRole('cell')).toHaveText([
    product.sku,
    'Edit Images',
    product.name,
    'Never',
    'None',
    '1',
  ]);
  await page.screenshot({ path: `${SCREENS}/seo-images-mode.png`, fullPage: true });

  // A reload keeps the search and the mode.
  await page.reload();
  await expect(search).toHaveValue(typo);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Never');

  await page.getByTestId('search-mode').getByText('Basic').click();
  await expect(results.getByRole('columnheader')).toHaveText(['SKU', 'Edit', 'Name', 'UPC', 'MPN']);
  const popupOpened = page.waitForEvent('popup');
  await row.getByRole('button', { name: 'Edit Basic' }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(new RegExp(`/tools/universal/product\\?productId=${product.id}&mode=basic$`));
  await expect(popup.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(popup.getByTestId('product-sku')).toHaveText(product.sku);
  await expect(popup.getByRole('tab', { name: 'Basic' })).toHaveAttribute('aria-selected', 'true');
  await expect(popup.getByLabel('Brand')).toHaveValue('Fender');
  await expect(popup.getByLabel('Category')).toHaveValue(/^Guitars > Electric Guitars > /);
  const mpn = popup.getByRole('textbox', { name: 'MPN' });
  await expect(mpn).toHaveValue(product.mpn ?? '');
  const newMpn = `SEO-${Date.now().toString(36).toUpperCase()}`;
  await mpn.fill(newMpn);
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(popup.getByText('Saved')).toBeVisible();
  await popup.screenshot({ path: `${SCREENS}/seo-product-basic.png`, fullPage: true });
  const [saved] = await query<{ mpn: string; name: string }>('select mpn, name from products where id = $1', [
    product.id,
  ]);
  expect(saved).toEqual({ mpn: newMpn, name: product.name });

  // The images tab lists both images with their flags.
  await popup.getByRole('tab', { name: 'Images' }).click();
  await expect(popup).toHaveURL(/mode=images/);
  await expect(popup.getByTestId('product-images').locator('tbody tr')).toHaveCount(2);
  await expect(popup.getByTestId('active-image-count')).toHaveText('Active images: 1');
  await popup.screenshot({ path: `${SCREENS}/seo-product-images.png`, fullPage: true });

  // The same view by SKU (any case), and a product that does not exist.
  await popup.goto(`/tools/universal/product?sku=${product.sku.toLowerCase()}&mode=seo`);
  await expect(popup.getByRole('tab', { name: 'SEO' })).toHaveAttribute('aria-selected', 'true');
  await expect(popup.getByRole('textbox', { name: 'Name' })).toHaveValue(product.name);
  await popup.goto('/tools/universal/product?productId=987654321&mode=basic');
  await expect(popup.getByText('No product with id 987654321.')).toBeVisible();
  await popup.close();

  // The new MPN is found by search too.
  await search.fill(newMpn);
  await expect(page.getByTestId(`search-row-${product.id}`)).toContainText(newMpn);
});

test('searches by brand and category in the advanced panel, pages by 250, and resets', async ({ page }) => {
  const [gibson] = await query<{ n: number }>(
    `select count(*)::int as n from products p join brands b on b.id = p.brand_id
      where b.name = 'Gibson' and p.is_active = 1`,
  );
  // The demo catalogue has more active Gibson products than fit on one page.
  expect(gibson!.n).toBeGreaterThan(250);

  await signIn(page, 'admin');
  await page.goto('/tools/universal?mode=basic');
  await expect(page.getByText('Start a Search')).toBeVisible();
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  const panel = page.getByTestId('advanced-search');
  await expect(panel.getByLabel('Purchasing Status:')).toBeVisible();
  await choose(page, 'search-brand', 'Gibson');
  await page.screenshot({ path: `${SCREENS}/seo-advanced.png`, fullPage: true });
  await panel.getByRole('button', { name: 'Search' }).click();
  // Searching closes the panel.
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('search-filters')).toContainText('Brand: Gibson');
  const rows = page.getByTestId('search-results').locator('tbody tr');
  await expect(rows).toHaveCount(250);
  await expect(page.getByTestId('search-range')).toHaveText('1–250');
  const skus = await rows.locator('td:first-child').allTextContents();
  expect(skus.every((sku) => sku.startsWith('GIB-'))).toBe(true);
  await page.screenshot({ path: `${SCREENS}/seo-brand-results.png` });

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('search-range')).toHaveText(`251–${gibson!.n}`);
  await expect(rows).toHaveCount(gibson!.n - 250);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Category by autocomplete (case-insensitive); its id is what is sent.
  const [solidBody] = await query<{ n: number }>(
    `select count(*)::int as n from products p join brands b on b.id = p.brand_id
       join categories c on c.id = p.category_id
      where b.name = 'Gibson' and c.name = 'Solid Body' and p.is_active = 1`,
  );
  expect(solidBody!.n).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  await page.getByTestId('search-category').fill('solid b');
  await page.getByRole('option', { name: 'Guitars > Electric Guitars > Solid Body' }).click();
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('search-filters')).toContainText(
    'Category: Guitars > Electric Guitars > Solid Body',
  );
  await expect(rows).toHaveCount(solidBody!.n);
  const names = await rows.locator('td:nth-child(3)').allTextContents();
  expect(names.every((name) => name.startsWith('Gibson ') && name.includes('Electric Guitar'))).toBe(true);

  // Reset, with the panel open on the chosen brand and category, clears the selectors and the search.
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  await expect(page.getByTestId('search-brand')).toHaveValue('Gibson');
  await expect(page.getByTestId('search-category')).toHaveValue('Guitars > Electric Guitars > Solid Body');
  await page.getByTestId('search-vendor').click();
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('search-vendor')).not.toHaveValue('');
  // Half-typed category text, not chosen, is not kept either.
  await page.getByTestId('search-category').fill('ampl');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Start a Search')).toBeVisible();
  await expect(page.getByTestId('search-results')).toBeHidden();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByTestId('search-brand')).toHaveValue('');
  await expect(page.getByTestId('search-category')).toHaveValue('');
  await expect(page.getByTestId('search-vendor')).toHaveValue('');
  await expect(page.getByPlaceholder('Search by SKU, UPC, Name, or MPN')).toHaveValue('');
  await page.screenshot({ path: `${SCREENS}/seo-reset.png`, fullPage: true });
});
