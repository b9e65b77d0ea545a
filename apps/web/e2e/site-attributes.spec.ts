import { expect, query, signIn, test } from './support/fixtures';

// The attributes panel's second variant (catalogue-admin.md §2.5, §7): from the storefront collections editor a
// merchandiser opens a result's product and sees what the storefront's site requires of its attributes, in
// 'any of' groups, and which attributes the storefront filters by; adds the missing one and saves. The family
// table's Settings are disabled there (25 rows a page), and Replace Attributes is offered.

test.use({ viewport: { width: 1600, height: 1100 } });

const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

test('a result opened from the collections editor shows the site requirement groups and is completed', async ({
  page,
}) => {
  // A guitar of a family with no Country of Origin: the own store's 'Origin' group is missing.
  const [product] = await query<{ id: number; name: string; members: number }>(
    `select p.id, p.name, (select count(*)::int from products m where m.parent_product_id = p.parent_product_id
                                                                   or m.id = p.parent_product_id) as members
       from products p join categories c on c.id = p.category_id
      where p.account_id = ${MUSIC} and p.is_active = 1 and p.parent_product_id is not null
        and c.path like 'Guitars >%'
        and not exists (select 1 from product_attributes pa join attributes a on a.id = pa.attribute_id
                         where pa.product_id = p.id and a.name = 'Country of Origin')
        and exists (select 1 from product_attributes pa join attributes a on a.id = pa.attribute_id
                     where pa.product_id = p.id and a.name = 'Body Type')
      order by p.sku limit 1`,
  );
  expect(product, 'a demo guitar without a country of origin').toBeDefined();
  const [site] = await query<{ url: string }>(`select url from account_sites where account_id = ${MUSIC}`);

  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Collections', exact: true }).click();
  await expect(page.getByTestId('results-table').locator('tbody tr').first()).toBeVisible();
  await page.getByPlaceholder('Search products').fill(product!.name);
  const result = page.getByTestId('results-table').getByRole('button', { name: product!.name, exact: true });
  await result.first().click();
  await expect(page).toHaveURL(new RegExp(`productId=${product!.id}`));

  const drawer = page.getByTestId('collection-product-drawer');
  const requirements = drawer.getByTestId('site-requirements');
  await expect(requirements.getByRole('heading', { name: `Site Requirements: ${site!.url}` })).toBeVisible();
  // The own store's groups for a guitar: 'any of' groups met by one value, a group of one missing.
  await expect(requirements.getByTestId('requirement-Body')).toContainText('Any of: Body Type, Body Wood');
  await expect(requirements.getByTestId('requirement-Body')).toContainText('Met');
  await expect(requirements.getByTestId('requirement-Colour')).toContainText('Any of: Color, Finish');
  const origin = requirements.getByTestId('requirement-Origin');
  await expect(origin).toContainText('Country of Origin');
  await expect(origin).toContainText('Missing');
  // The storefront's facets that are attributes.
  await expect(drawer.getByTestId('storefront-facets').getByText('Body Type', { exact: true })).toBeVisible();
  // The family table: 25 a page, its Settings disabled; Replace Attributes offered.
  await expect(drawer.getByTestId('family-table-range')).toHaveText(
    `${product!.members - 1} in family · 25 per page`,
  );
  await expect(drawer.getByRole('button', { name: 'Settings' })).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Replace Attributes' })).toBeVisible();
  await page.screenshot({ path: '../../test-results/screens/site-attributes-missing.png' });

  // Add the missing attribute from its group, give it a value: the group is met; save.
  await origin.getByRole('button', { name: '+ Country of Origin' }).click();
  await drawer.getByRole('textbox', { name: 'Country of Origin', exact: true }).click();
  await page.getByRole('option', { name: 'Japan', exact: true }).click();
  await expect(origin).toContainText('Met');
  await drawer.getByRole('button', { name: 'Save Attributes' }).click();
  await expect(page.getByText('Attributes saved')).toBeVisible();
  await expect
    .poll(async () =>
      query<{ value_json: unknown }>(
        `select pa.value_json from product_attributes pa join attributes a on a.id = pa.attribute_id
          where pa.product_id = $1 and a.name = 'Country of Origin'`,
        [product!.id],
      ),
    )
    .toEqual([{ value_json: { Default: ['Japan'] } }]);
  await page.screenshot({ path: '../../test-results/screens/site-attributes-met.png' });

  // Back closes the drawer and stays on the collections editor.
  await page.goBack();
  await expect(drawer.getByTestId('site-requirements')).toHaveCount(0);
  await expect(page).toHaveURL(/\/catalogue\/collections$/);
});

test('the product editor of the brand page keeps its family table Settings and shows no site groups', async ({
  page,
}) => {
  const [family] = await query<{ parent: number; brand: number }>(
    `select p.parent_product_id as parent, p.brand_id as brand from products p join brands b on b.id = p.brand_id
      where b.name = 'Fender' and p.is_active = 1 and p.parent_product_id is not null order by p.sku limit 1`,
  );
  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${family!.brand}?isActive=1&productId=${family!.parent}`);
  const editor = page.getByTestId('product-drawer').getByTestId('attributes-editor');
  await expect(editor.getByRole('heading', { name: 'Family' })).toBeVisible();
  await expect(editor.getByTestId('site-requirements')).toHaveCount(0);
  await expect(editor.getByTestId('family-table-range')).toContainText('250 per page');
  const settings = editor.getByRole('button', { name: 'Settings' });
  await expect(settings).toBeEnabled();
  await settings.click();
  await page.getByRole('menuitem', { name: '25', exact: true }).click();
  await expect(editor.getByTestId('family-table-range')).toContainText('25 per page');
});

for (const width of [1024, 1366]) {
  test(`the collections editor's attributes drawer fits ${width} px without sideways scrolling`, async ({
    page,
  }) => {
    // A family member, so the widest part (the family table) is drawn too.
    const [member] = await query<{ name: string }>(
      `select p.name from products p where p.account_id = ${MUSIC} and p.is_active = 1
          and p.parent_product_id is not null order by p.sku limit 1`,
    );
    await page.setViewportSize({ width, height: 768 });
    await signIn(page, 'admin');
    await page.getByRole('link', { name: 'Collections', exact: true }).click();
    await expect(page.getByTestId('results-table').locator('tbody tr').first()).toBeVisible();
    await page.getByPlaceholder('Search products').fill(member!.name);
    await page
      .getByTestId('results-table')
      .getByRole('button', { name: member!.name, exact: true })
      .first()
      .click();
    const drawer = page.getByTestId('collection-product-drawer');
    await expect(drawer.getByTestId('site-requirements')).toBeVisible();
    await expect(drawer.getByTestId('family-table-range')).toBeVisible();
    const widths = await page.evaluate(() => {
      const body = document.querySelector('[data-testid="collection-product-drawer"] .mantine-Drawer-body');
      return {
        page: document.documentElement.scrollWidth,
        drawer: body ? body.scrollWidth - body.clientWidth : -1,
        window: window.innerWidth,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    expect(widths.drawer).toBe(0);
    await page.screenshot({ path: `../../test-results/screens/site-attributes-${width}.png` });
  });
}
