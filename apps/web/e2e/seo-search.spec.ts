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
  await expect(popup.getByText('Saved', { exact: true })).toBeVisible();
  await popup.screenshot({ path: `${SCREENS}/seo-product-basic.png`, fullPage: true });
  const [saved] = await query<{ mpn: string; name: string }>('select mpn, name from products where id = $1', [
    product.id,
  ]);
  expect(saved).toEqual({ mpn: newMpn, name: product.name });

  // The images tab shows both images (the product editor's own images section) and counts the active one.
  await popup.getByRole('tab', { name: 'Images' }).click();
  await expect(popup).toHaveURL(/mode=images/);
  await expect(popup.getByTestId('product-image')).toHaveCount(2);
  await expect(popup.getByTestId('active-image-count')).toHaveText('Active images: 1');
  await popup.screenshot({ path: `${SCREENS}/seo-product-images.png`, fullPage: true });

  // The same view by SKU (any case), and a product that does not exist.
  await popup.goto(`/tools/universal/product?sku=${product.sku.toLowerCase()}&mode=seo`);
  await expect(popup.getByRole('tab', { name: 'SEO' })).toHaveAttribute('aria-selected', 'true');
  await expect(popup.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(popup.getByRole('textbox', { name: 'Page title' })).toHaveAttribute(
    'placeholder',
    product.name,
  );
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
  // The expected rows come from the database: earlier specs may add Solid Body products (a used variant).
  const solidBody = await query<{ name: string }>(
    `select p.name from products p join brands b on b.id = p.brand_id
       join categories c on c.id = p.category_id
      where b.name = 'Gibson' and c.name = 'Solid Body' and p.is_active = 1`,
  );
  expect(solidBody.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  await page.getByTestId('search-category').fill('solid b');
  await page.getByRole('option', { name: 'Guitars > Electric Guitars > Solid Body' }).click();
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('search-filters')).toContainText(
    'Category: Guitars > Electric Guitars > Solid Body',
  );
  await expect(rows).toHaveCount(solidBody.length);
  // Polled: the row count can match while the previous search's rows are still drawn.
  await expect
    .poll(async () => (await rows.locator('td:nth-child(3)').allTextContents()).sort())
    .toEqual(solidBody.map((row) => row.name).sort());

  // A parent category finds the products of every category under it.
  const [electric] = await query<{ n: number }>(
    `select count(*)::int as n from products p join brands b on b.id = p.brand_id
       join categories c on c.id = p.category_id
      where b.name = 'Gibson' and c.path like 'Guitars > Electric Guitars%' and p.is_active = 1`,
  );
  expect(electric!.n).toBeGreaterThan(solidBody.length);
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  await page.getByTestId('search-category').fill('electric guitars');
  await page.getByRole('option', { name: 'Guitars > Electric Guitars', exact: true }).click();
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('search-filters')).toContainText('Category: Guitars > Electric Guitars');
  await expect(rows).toHaveCount(Math.min(250, electric!.n));

  // Reset, with the panel open on the chosen brand and category, clears the selectors and the search.
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  await expect(page.getByTestId('search-brand')).toHaveValue('Gibson');
  await expect(page.getByTestId('search-category')).toHaveValue('Guitars > Electric Guitars');
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

test('a search that finds nothing says so', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/tools/universal?mode=basic');
  await page.getByPlaceholder('Search by SKU, UPC, Name, or MPN').fill('zzqqxxw');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-empty')).toHaveText('No products match this search');
  await expect(page.getByTestId('search-results').locator('tbody tr')).toHaveCount(1);
});

test('a scanned barcode is searched with its barcode search type: UPC, a used SKU, else the last type', async ({
  page,
}) => {
  const [product] = await query<{ id: number; upc: string; sku: string }>(
    `select p.id, p.upc, p.sku from products p join accounts a on a.id = p.account_id
      where a.name = 'Demo Music Co' and p.is_active = 1 and length(p.upc) = 12 and p.upc ~ '^[0-9]+$'
      order by p.id limit 1`,
  );
  await signIn(page, 'admin');
  await page.goto('/tools/universal?mode=basic');
  const box = page.getByPlaceholder('Search by SKU, UPC, Name, or MPN');
  const scan = async (code: string) => {
    await page.getByRole('heading', { name: 'SEO' }).click();
    await page.keyboard.type(code, { delay: 5 });
    await page.keyboard.press('Enter');
  };

  await scan(product!.upc);
  await expect(box).toHaveValue(product!.upc);
  await expect(page.getByText('Barcode search: UPC')).toBeVisible();
  await expect(page.getByTestId(`search-row-${product!.id}`)).toBeVisible();

  // A SKU label matches no barcode pattern: the last scan's type stays.
  await scan(product!.sku);
  await expect(box).toHaveValue(product!.sku);
  await expect(page.getByText('Barcode search: UPC')).toBeVisible();
  await expect(page.getByTestId(`search-row-${product!.id}`)).toBeVisible();

  // A used variant's SKU (brand alias, UPC, condition alias) is a SKU search.
  await scan(`ZZQ${product!.upc}VG`);
  await expect(page.getByText('Barcode search: SKU')).toBeVisible();
  await expect(page.getByTestId('search-empty')).toHaveText('No products match this search');

  // Typing is no barcode search.
  await box.fill('guitar');
  await expect(page.getByText(/^Barcode search:/)).toBeHidden();
});

/** Screenshots of the universal product view and the pickers, to look at. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
/** A 48 × 32 blue PNG, as a camera or a scanner would hand the browser a file. */
const BLUE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAMUlEQVR42u3OQQ0AAAgEoOtkOEsayhbOBxsBSPW8EiEhISEhISEhISEhISEhISGhSwtjv8R56ovt5wAAAABJRU5ErkJggg==',
  'base64',
);
/** Reviewed / Next Review dates as the page shows them ('MMM D, YYYY'). */
const shown = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

test('edits a product’s SEO fields, attributes and images in the universal product view, and they stay saved', async ({
  page,
}) => {
  // A Fender guitar without Body Wood, with a used product's condition data already in its listing data.
  const [product] = await query<ProductRow>(
    `select p.id, p.sku, p.name, p.mpn, p.images_reviewed_at
       from products p join brands b on b.id = p.brand_id
      where b.name = 'Fender' and p.name like '%Electric Guitar%' and p.is_active = 1
        and not exists (select 1 from product_attributes pa join attributes a on a.id = pa.attribute_id
                        where pa.product_id = p.id and a.name = 'Body Wood')
      order by p.id offset 1 limit 1`,
  );
  expect(product, 'the demo catalogue has a Fender guitar without Body Wood').toBeDefined();
  const condition = { conditionDescription: 'Light buckle rash on the back', wearConditionSeverityId: 2 };
  await query('update products set product_listing_data = $2 where id = $1', [product!.id, condition]);
  const attributesBefore = await query<{ name: string }>(
    `select a.name from product_attributes pa join attributes a on a.id = pa.attribute_id
      where pa.product_id = $1`,
    [product!.id],
  );

  await signIn(page, 'admin');
  await page.goto(`/tools/universal/product?productId=${product!.id}&mode=seo`);
  const seo = page.getByTestId('seo-form');
  const save = seo.getByRole('button', { name: 'Save SEO' });
  await expect(page.getByRole('tab', { name: 'SEO' })).toHaveAttribute('aria-selected', 'true');
  await expect(save).toBeDisabled();

  const title = seo.getByRole('textbox', { name: 'Page title' });
  const meta = seo.getByRole('textbox', { name: 'Meta description' });
  const handle = seo.getByRole('textbox', { name: 'URL handle' });
  const description = seo.getByRole('textbox', { name: 'Description', exact: true });
  await title.fill(`${product!.name} | Demo Music Co`.slice(0, 70));
  await meta.fill('Alder body, three single coils and a modern C neck. Set up in our shop before it ships.');
  // The shared rules refuse a handle with capitals and spaces, before anything is sent.
  await handle.fill('Not A Handle');
  await expect(seo.getByText('Use lowercase letters, digits and single hyphens')).toBeVisible();
  await expect(save).toBeDisabled();
  await seo.getByRole('button', { name: 'From Name' }).click();
  const slug = await handle.inputValue();
  expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  await description.fill(
    'A guitar for every stage.\n\nEvery one is set up by hand and ships in a hard case.',
  );
  await expect(page.getByTestId('seo-preview')).toContainText(`/products/${slug}`);

  // Unsaved edits survive a tab switch, and leaving the page asks first.
  await page.getByRole('tab', { name: 'Basic' }).click();
  await page.getByRole('tab', { name: 'SEO' }).click();
  await expect(handle).toHaveValue(slug);
  await page.getByRole('navigation').getByRole('link', { name: 'SEO' }).click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/tools\/universal\/product\?/);
  await expect(handle).toHaveValue(slug);

  await save.click();
  await expect(page.getByText('SEO saved')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/universal-seo.png`, fullPage: true });
  const expectedSeo = {
    title: `${product!.name} | Demo Music Co`.slice(0, 70).trim(),
    metaDescription:
      'Alder body, three single coils and a modern C neck. Set up in our shop before it ships.',
    slug,
    description: 'A guitar for every stage.\n\nEvery one is set up by hand and ships in a hard case.',
  };
  const [listing] = await query<{ data: Record<string, unknown> }>(
    'select product_listing_data as data from products where id = $1',
    [product!.id],
  );
  // The condition data is kept beside the SEO fields.
  expect(listing!.data).toEqual({ ...condition, seo: expectedSeo });

  await page.reload();
  await expect(title).toHaveValue(expectedSeo.title);
  await expect(meta).toHaveValue(expectedSeo.metaDescription);
  await expect(handle).toHaveValue(slug);
  await expect(description).toHaveValue(expectedSeo.description);

  // Attributes: add Body Wood = Ash and save.
  await page.getByRole('tab', { name: 'Attributes' }).click();
  await expect(page).toHaveURL(/mode=attributes/);
  const editor = page.getByTestId('attributes-editor');
  await expect(editor.getByRole('heading', { name: 'Family' })).toHaveCount(0);
  const saveAttributes = page.getByRole('button', { name: 'Save Attributes' });
  await expect(saveAttributes).toBeDisabled();
  await editor.getByRole('textbox', { name: 'Find Attributes to Add' }).click();
  await page.getByRole('option', { name: 'Body Wood', exact: true }).click();
  await editor.getByRole('textbox', { name: 'Body Wood', exact: true }).click();
  await page.getByRole('option', { name: 'Ash', exact: true }).click();
  await page.screenshot({ path: `${SHOTS}/universal-attributes.png`, fullPage: true });
  await saveAttributes.click();
  await expect(page.getByText('Attributes saved')).toBeVisible();
  await expect(saveAttributes).toBeDisabled();
  const attributesAfter = await query<{ name: string; values: unknown }>(
    `select a.name, pa.value_json as values from product_attributes pa join attributes a on a.id = pa.attribute_id
      where pa.product_id = $1`,
    [product!.id],
  );
  expect(attributesAfter).toHaveLength(attributesBefore.length + 1);
  expect(attributesAfter).toContainEqual({ name: 'Body Wood', values: { Default: ['Ash'] } });
  await page.reload();
  await expect(editor.getByText('Body Wood: Ash')).toBeVisible();

  // Images: upload one, then mark the images reviewed (next review 180 days on by default).
  await page.getByRole('tab', { name: 'Images' }).click();
  await expect(page).toHaveURL(/mode=images/);
  await expect(page.getByTestId('images-reviewed')).toHaveText('Never');
  const imagesBefore = await page.getByTestId('product-image').count();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: BLUE_PNG });
  await expect(page.getByText('Image uploaded')).toBeVisible();
  await expect(page.getByTestId('product-image')).toHaveCount(imagesBefore + 1);
  const nextReview = page.getByLabel('Next review');
  const inOneEightyDays = new Date();
  inOneEightyDays.setDate(inOneEightyDays.getDate() + 180);
  const nextDate = await nextReview.inputValue();
  expect(nextDate).toBe(
    `${inOneEightyDays.getFullYear()}-${String(inOneEightyDays.getMonth() + 1).padStart(2, '0')}-${String(inOneEightyDays.getDate()).padStart(2, '0')}`,
  );
  await page.getByRole('button', { name: 'Mark Images Reviewed' }).click();
  await expect(page.getByText('Images marked as reviewed')).toBeVisible();
  await expect(page.getByTestId('images-reviewed')).toHaveText(shown(new Date()));
  await page.screenshot({ path: `${SHOTS}/universal-images.png`, fullPage: true });
  const [review] = await query<{ reviewed: Date; next: Date; images: number }>(
    `select images_reviewed_at as reviewed, images_next_review_at as next,
            (select count(*)::int from product_images where product_id = $1) as images
       from products where id = $1`,
    [product!.id],
  );
  expect(Date.now() - review!.reviewed.getTime()).toBeLessThan(5 * 60_000);
  expect(review!.next.getTime()).toBe(new Date(`${nextDate}T00:00:00`).getTime());
  expect(review!.images).toBe(imagesBefore + 1);
  await page.reload();
  await expect(page.getByTestId('images-next-review')).toHaveText(shown(new Date(`${nextDate}T00:00:00`)));
  await expect(page.getByTestId('product-image')).toHaveCount(imagesBefore + 1);

  // Basic still saves as before; a screenshot of each mode.
  await page.getByRole('tab', { name: 'Basic' }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/universal-basic.png`, fullPage: true });
});

test('chooses a vendor with the keyboard alone and finds only that vendor’s products', async ({ page }) => {
  const vendors = await query<{ name: string }>(
    `select v.name from vendors v where v.account_id = (select account_id from brands where name = 'Fender')`,
  );
  // Matching ignores case: an upper-case R finds every vendor with an r anywhere in its name.
  const matching = vendors.map((v) => v.name).filter((name) => /r/i.test(name));
  expect(matching.length).toBeGreaterThan(1);
  expect(matching.length).toBeLessThan(vendors.length);

  await signIn(page, 'admin');
  await page.goto('/tools/universal?mode=basic');
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  const panel = page.getByTestId('advanced-search');
  const vendor = page.getByTestId('search-vendor');
  const list = page.getByRole('listbox');
  const options = list.getByRole('option');
  await vendor.focus();
  // Focus alone opens nothing; typing does.
  await expect(list).toBeHidden();
  await page.keyboard.type('R');
  await expect(options).toHaveCount(matching.length);
  expect((await options.allTextContents()).sort()).toEqual([...matching].sort());
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  const chosen = (await options.nth(0).textContent())!;
  await page.screenshot({ path: `${SHOTS}/vendor-picker.png`, fullPage: true });
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(vendor).toHaveValue(chosen);

  // Esc closes the purchasing status list without choosing anything.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('search-purchasing-status')).toBeFocused();
  await page.keyboard.type('o');
  await expect(options.first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('search-filters')).toHaveText(`Vendor: ${chosen}`);

  const expected = await query<{ id: number }>(
    `select distinct p.id from products p
       join vendor_products vp on vp.product_id = p.id join vendors v on v.id = vp.vendor_id
      where v.name = $1 and v.account_id = p.account_id and p.is_active = 1`,
    [chosen],
  );
  expect(expected.length).toBeGreaterThan(0);
  const rows = page.getByTestId('search-results').locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(expected.length, 250));
  const ids = new Set(expected.map((p) => `search-row-${p.id}`));
  const shownIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')));
  expect(shownIds.every((id) => ids.has(id ?? ''))).toBe(true);
  await page.screenshot({ path: `${SHOTS}/vendor-results.png` });
});
