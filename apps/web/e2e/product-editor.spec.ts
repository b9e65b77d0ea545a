import { deflateSync } from 'node:zlib';
import { expect, query, signIn, test } from './support/fixtures';

const SCREENS = '../../test-results/screens';
test.use({ viewport: { width: 1680, height: 1000 } });

/** A small solid PNG, as a camera or a scanner would hand the browser a file. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x99)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function fenderFamily() {
  const [family] = await query<{ parent: number; brand: number; members: number }>(
    `select p.parent_product_id as parent, p.brand_id as brand, count(*)::int as members
       from products p join products parent on parent.id = p.parent_product_id
       join brands b on b.id = p.brand_id
      where b.name = 'Fender' and p.is_active = 1 and parent.is_active = 1
        and not exists (select 1 from product_attributes pa join attributes a on a.id = pa.attribute_id
                        where pa.product_id in (p.id, parent.id) and a.name = 'Body Wood')
      group by 1, 2 having count(*) >= 2 order by 1 limit 1`,
  );
  return family!;
}

test('merges an attribute into the family and saves the product’s own change with the page', async ({
  page,
}) => {
  const family = await fenderFamily();
  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${family.brand}?isActive=1&productId=${family.parent}`);
  const drawer = page.getByTestId('product-drawer');
  const editor = drawer.getByTestId('attributes-editor');
  await expect(editor.getByRole('heading', { name: 'Category Attributes' })).toBeVisible();
  await expect(editor.getByText('Required')).toBeVisible();

  // Add Body Wood and choose Ash: a pending change of this product.
  await editor.getByRole('textbox', { name: 'Find Attributes to Add' }).click();
  await page.getByRole('option', { name: 'Body Wood', exact: true }).click();
  await editor.getByRole('textbox', { name: 'Body Wood', exact: true }).click();
  await expect(page.getByRole('option', { name: 'None' })).toBeVisible();
  await page.getByRole('option', { name: 'Ash', exact: true }).click();
  await expect(page.getByTestId('change-counter')).toHaveText('1 Product with 1 Alteration');

  // Merge only the selected attribute into every family member.
  const merge = editor.getByRole('button', { name: /^Merge \d+ Attributes into \d+ in Family$/ });
  await expect(merge).toBeDisabled();
  await editor.getByRole('checkbox', { name: 'Select Body Wood' }).check();
  await editor.getByRole('checkbox', { name: 'Select all family members' }).check();
  await expect(merge).toHaveText(`Merge 1 Attributes into ${family.members} in Family`);

  // Replace asks first, in the spec's words; Cancel leaves everything as it was.
  await editor.getByRole('button', { name: 'Replace Attributes' }).click();
  await expect(
    page.getByText(
      `Replace 1 selected attribute values for ${family.members} products? This will overwrite destination attributes from the source - attributes will not be merged.`,
    ),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await merge.click();
  await expect(page.getByText(`Saved attributes of ${family.members} family members`)).toBeVisible();
  const merged = await query<{ product_id: number; value_json: unknown }>(
    `select pa.product_id, pa.value_json from product_attributes pa join attributes a on a.id = pa.attribute_id
      where a.name = 'Body Wood' and pa.product_id in (select id from products where parent_product_id = $1)`,
    [family.parent],
  );
  expect(merged).toHaveLength(family.members);
  expect(merged.every((row) => JSON.stringify(row.value_json) === '{"Default":["Ash"]}')).toBe(true);
  // Members keep their other attributes; the family table counts them again.
  await expect(editor.getByTestId('family-table').locator('tbody tr')).toHaveCount(family.members);
  await page.screenshot({ path: `${SCREENS}/product-editor-attributes.png` });

  // The product's own change is still pending until Save Changes, which the editor has itself (it covers the
  // page's).
  await expect(drawer.getByTestId('drawer-change-counter')).toHaveText('1 Product with 1 Alteration');
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  await expect(drawer.getByTestId('drawer-change-counter')).toHaveText('0 Products with 0 Alterations');
  await expect(drawer.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId('change-counter')).toHaveText('0 Products with 0 Alterations');
  const own = await query(
    `select 1 from product_attributes pa join attributes a on a.id = pa.attribute_id
      where a.name = 'Body Wood' and pa.product_id = $1 and pa.value_json = '{"Default":["Ash"]}'::jsonb`,
    [family.parent],
  );
  expect(own).toHaveLength(1);
});

test('creates a used variant with an uploaded primary image and a condition description', async ({
  page,
}) => {
  const family = await fenderFamily();
  const [source] = await query<{ id: number; name: string }>('select id, name from products where id = $1', [
    family.parent,
  ]);
  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${family.brand}?isActive=1&productId=${source!.id}`);
  await page.getByTestId('product-drawer').getByRole('button', { name: 'New Variant' }).click();
  const form = page.getByTestId('used-variant-form');

  await form.getByRole('textbox', { name: 'Condition' }).click();
  await page.getByRole('option', { name: 'Good', exact: true }).click();
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(`Good ${source!.name}`);
  await expect(form.getByRole('textbox', { name: 'SKU' })).toBeDisabled();
  await expect(form.getByRole('textbox', { name: 'Pricing Strategy' })).not.toHaveValue('');

  await form.getByRole('button', { name: 'Pool Barcode' }).click();
  await expect(page.getByText(/^Assigned Barcode \d{12}$/)).toBeVisible();
  const upc = await form.getByRole('textbox', { name: 'UPC' }).inputValue();
  await expect(form.getByRole('textbox', { name: 'SKU' })).toHaveValue(`FEN${upc}GD`);
  const create = form.getByRole('button', { name: 'Create Product' });
  await expect(create).toBeDisabled(); // a used product needs a primary image
  await expect(form.getByText('A used product needs a primary image.')).toBeVisible();

  await expect(form.getByTestId('condition-summary')).toHaveValue('');
  await form.getByRole('textbox', { name: 'Wear severity' }).click();
  await page.getByRole('option', { name: 'Light' }).click();
  await form.getByRole('textbox', { name: 'Wear description' }).fill('Buckle rash on the back');
  await form.getByRole('textbox', { name: 'Missing' }).fill('Tremolo arm');
  await expect(form.getByTestId('condition-summary')).toHaveValue(
    'Light wear: Buckle rash on the back; Missing: Tremolo arm',
  );

  await form.locator('input[type=file]').setInputFiles({
    name: 'back.png',
    mimeType: 'image/png',
    buffer: png(120, 90),
  });
  await expect(form.getByTestId('variant-image')).toHaveCount(1);
  await expect(form.getByRole('radio', { name: 'Primary' })).toBeChecked();
  await page.screenshot({ path: `${SCREENS}/product-editor-used-variant.png` });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText(`Created FEN${upc}GD`)).toBeVisible();

  const [created] = await query<{
    id: number;
    name: string;
    product_condition_id: number;
    pricing_strategy_id: number;
    purchasing_status_id: number;
    source_product_id: number;
    product_listing_data: Record<string, unknown>;
  }>('select * from products where sku = $1', [`FEN${upc}GD`]);
  expect(created).toMatchObject({
    name: `Good ${source!.name}`,
    product_condition_id: 15,
    pricing_strategy_id: 41,
    purchasing_status_id: 7,
    source_product_id: source!.id,
  });
  expect(created!.product_listing_data).toMatchObject({
    wearConditionSeverityId: 1,
    wearConditionDescription: 'Buckle rash on the back',
    missingConditionDescription: 'Tremolo arm',
  });
  const images = await query<{ is_primary_image: number }>(
    'select is_primary_image from product_images where product_id = $1',
    [created!.id],
  );
  expect(images).toEqual([{ is_primary_image: 1 }]);
  const [pool] = await query<{ assigned_at: Date | null }>(
    'select assigned_at from barcode_pool where barcode = $1',
    [upc],
  );
  expect(pool!.assigned_at).not.toBeNull();
});

test('a bundle shows its component cards, saves a switch, and composes a bundle image', async ({ page }) => {
  const [bundle] = await query<{ id: number; brand_id: number; items: number }>(
    `select p.id, p.brand_id, count(bi.id)::int as items from products p join bundle_items bi on bi.product_id = p.id
      where p.is_active = 1 group by p.id order by p.id limit 1`,
  );
  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${bundle!.brand_id}?isActive=1&productId=${bundle!.id}`);
  const cards = page.getByTestId('bundle-component');
  await expect(cards).toHaveCount(bundle!.items);
  const first = cards.first();
  const inMap = first.getByRole('switch', { name: 'In MAP' });
  await expect(inMap).toBeChecked();
  await inMap.uncheck();
  await expect(inMap).not.toBeChecked();
  await expect
    .poll(async () => {
      const [row] = await query<{ is_included_in_map: boolean }>(
        'select is_included_in_map from bundle_items where product_id = $1 order by id limit 1',
        [bundle!.id],
      );
      return row!.is_included_in_map;
    })
    .toBe(false);

  await page.getByRole('button', { name: 'Edit Bundle Image' }).click();
  const editor = page.getByTestId('bundle-image-editor');
  await expect(editor.getByTestId('bundle-zoom')).toHaveText('33%');
  await expect(editor.getByTestId('bundle-canvas')).toHaveAttribute('title', 'Canvas 2250 x 2250 at 33%');
  await editor.locator('input[type=file]').setInputFiles([
    { name: 'neck.png', mimeType: 'image/png', buffer: png(60, 200) },
    { name: 'body.png', mimeType: 'image/png', buffer: png(200, 160) },
  ]);
  await expect(editor.getByTestId('bundle-source')).toHaveCount(2);
  await editor
    .getByTestId('bundle-source')
    .first()
    .dragTo(editor.getByTestId('bundle-canvas'), {
      targetPosition: { x: 200, y: 200 },
    });
  await editor
    .getByTestId('bundle-source')
    .nth(1)
    .dragTo(editor.getByTestId('bundle-canvas'), {
      targetPosition: { x: 500, y: 400 },
    });
  await expect(editor.getByRole('button', { name: 'Placed picture' })).toHaveCount(2);
  await page.screenshot({ path: `${SCREENS}/product-editor-bundle-image.png` });
  const before = await query('select 1 from product_images where product_id = $1', [bundle!.id]);
  await editor.getByRole('button', { name: 'Save Bundle Image' }).click();
  await expect(page.getByText('Bundle image saved')).toBeVisible();
  const after = await query<{ width: number; height: number }>(
    `select (i.cloudinary_json->>'width')::int as width, (i.cloudinary_json->>'height')::int as height
       from product_images pi join images i on i.id = pi.image_id where pi.product_id = $1`,
    [bundle!.id],
  );
  expect(after).toHaveLength(before.length + 1);
  expect(after.at(-1)).toEqual({ width: 2250, height: 2250 });
  await expect(page.getByTestId('product-image')).toHaveCount(before.length + 1);
});

test('an empty barcode pool says so once, with nothing thrown behind the toast', async ({ page }) => {
  const [family] = await query<{ parent: number; brand: number }>(
    `select p.id as parent, p.brand_id as brand from products p
      where p.brand_id is not null and p.is_active = 1 and p.parent_product_id is null and p.type_id = 0
      order by p.id limit 1`,
  );
  // Every unused barcode of the account is set aside for this test, and given back after.
  const taken = await query<{ id: number }>(
    `update barcode_pool set assigned_at = now() where assigned_at is null
       and account_id = (select id from accounts where name = 'Demo Music Co') returning id`,
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await signIn(page, 'admin');
    await page.goto(`/catalogue/brand/${family!.brand}?isActive=1&productId=${family!.parent}`);
    await page.getByTestId('product-drawer').getByRole('button', { name: 'New Variant' }).click();
    const form = page.getByTestId('used-variant-form');
    await form.getByRole('button', { name: 'Pool Barcode' }).click();
    await expect(page.getByText('No Unused Barcode Found')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'UPC' })).toHaveValue('');
    expect(errors).toEqual([]);
  } finally {
    if (taken.length) {
      await query('update barcode_pool set assigned_at = null where id = any($1::int[])', [
        taken.map((t) => t.id),
      ]);
    }
  }
});

test('the product editor drawer takes one history entry at most: Back closes it, then leaves the page', async ({
  page,
}) => {
  const family = await fenderFamily();
  const members = await query<{ id: number; sku: string }>(
    'select id, sku from products where (id = $1 or parent_product_id = $1) and is_active = 1 order by sku limit 2',
    [family.parent],
  );
  const [first, second] = members;
  await signIn(page, 'admin');
  const home = page.url();
  await page.goto(`/catalogue/brand/${family.brand}?isActive=1`);
  const brandPage = page.url();
  const drawer = page.getByTestId('product-drawer');
  const filter = page.getByLabel('Filter products');
  const openFromTable = async (sku: string) => {
    await filter.fill(sku);
    await page.locator(`tr[data-sku="${sku}"]`).getByRole('button', { name: sku, exact: true }).click();
    await expect(drawer.getByText(sku).first()).toBeVisible();
  };

  // Opened, switched to a family member inside the drawer, closed; opened and closed again.
  await openFromTable(first!.sku);
  await expect(page).toHaveURL(new RegExp(`productId=${first!.id}`));
  await drawer.getByTestId('family-table').getByRole('button', { name: second!.sku, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`productId=${second!.id}`));
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(brandPage);
  await openFromTable(second!.sku);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);

  // One Back leaves the page.
  await page.goBack();
  await expect(page).toHaveURL(home);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

  // Back while the drawer is open closes it and stays on the page; the next Back leaves.
  await page.goForward();
  await expect(page).toHaveURL(brandPage);
  await openFromTable(first!.sku);
  await page.goBack();
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(brandPage);
  await expect(page.getByTestId('product-count')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/product-drawer-back.png` });
  await page.goBack();
  await expect(page).toHaveURL(home);
});

test('a pool barcode taken for a variant that is never created goes back to the pool', async ({ page }) => {
  const family = await fenderFamily();
  const poolRow = (barcode: string) =>
    query<{ assigned: boolean }>(
      `select p.assigned_at is not null as assigned from barcode_pool p join accounts a on a.id = p.account_id
        where a.name = 'Demo Music Co' and p.barcode = $1`,
      [barcode],
    );
  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${family.brand}?isActive=1&productId=${family.parent}`);
  const form = page.getByTestId('used-variant-form');
  const takeBarcode = async () => {
    await page.getByTestId('product-drawer').getByRole('button', { name: 'New Variant' }).click();
    await form.getByRole('textbox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: 'Good', exact: true }).click();
    await form.getByRole('button', { name: 'Pool Barcode' }).click();
    const upc = form.getByRole('textbox', { name: 'UPC' });
    await expect(upc).toHaveValue(/^\d{12}$/);
    const barcode = await upc.inputValue();
    await expect(page.getByText(`Assigned Barcode ${barcode}`)).toBeVisible();
    expect(await poolRow(barcode)).toEqual([{ assigned: true }]);
    return barcode;
  };

  // Taken, then the form is closed without creating: the barcode is free again, and handed out again.
  const barcode = await takeBarcode();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  // Escape closed the draft, not the product editor under it.
  await expect(page.getByTestId('product-drawer').getByRole('button', { name: 'New Variant' })).toBeVisible();
  await expect.poll(async () => (await poolRow(barcode))[0]?.assigned).toBe(false);
  expect(await takeBarcode()).toBe(barcode);

  // Another UPC typed over it: the draft no longer uses it, so it goes back too.
  await form.getByRole('textbox', { name: 'UPC' }).fill('885978000017');
  await expect.poll(async () => (await poolRow(barcode))[0]?.assigned).toBe(false);
  await page.screenshot({ path: `${SCREENS}/used-variant-pool-barcode-back.png` });
  await page.keyboard.press('Escape');
  expect(await query('select 1 from products where upc = $1', [barcode])).toEqual([]);
});
