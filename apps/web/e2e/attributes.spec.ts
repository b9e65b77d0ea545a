import { expect, query, signIn, test } from './support/fixtures';

const SCREENS = '../../test-results/screens';

test('creates an attribute with a value list from the product editor’s link, then changes it', async ({
  page,
}) => {
  const [product] = await query<{ id: number; brand_id: number }>(
    `select p.id, p.brand_id from products p join brands b on b.id = p.brand_id
      where b.name = 'Fender' and p.is_active = 1 order by p.sku limit 1`,
  );
  await signIn(page, 'admin');
  await page.goto(`/catalogue/brand/${product!.brand_id}?isActive=1&productId=${product!.id}`);
  await page.getByTestId('product-drawer').getByRole('link', { name: 'Edit or create attributes' }).click();
  await expect(page).toHaveURL(/\/account\/attribute$/);
  await expect(page.getByRole('heading', { name: 'Attributes', exact: true })).toBeVisible();
  await expect(page.getByTestId('attributes-table').locator('tbody tr').first()).toBeVisible();

  // Create: a name, a facet, one list of single-choice options.
  await page.getByRole('button', { name: 'New Attribute' }).click();
  const form = page.getByTestId('attribute-form');
  await expect(form.getByRole('heading', { name: 'New Attribute' })).toBeVisible();
  const create = form.getByRole('button', { name: 'Create Attribute' });
  await expect(create).toBeDisabled();
  await expect(form.getByTestId('attribute-problem')).toHaveText('Enter a name');
  await form.getByLabel('Name').fill('Pickup Count');
  await form.getByLabel('Facet (filters the storefront)').check();
  await form.getByRole('button', { name: 'Add List' }).click();
  const list = form.getByTestId('attribute-list-0');
  await expect(list.getByLabel('List', { exact: true })).toHaveValue('Default');
  await list.getByLabel('Max Values').fill('1');
  for (const option of ['1', '2', '3']) {
    await list.getByLabel('Options').fill(option);
    await list.getByLabel('Options').press('Enter');
  }
  const sent = page.waitForRequest(
    (r) => r.method() === 'PATCH' && r.url().endsWith('/api/backroom/attribute'),
  );
  await create.click();
  await expect(page.getByText('Created Attribute Pickup Count')).toBeVisible();
  const [created] = await query<{ id: number; account_id: number; is_facet: number; lists: unknown }>(
    `select id, account_id, is_facet, lists from attributes where name = 'Pickup Count'`,
  );
  expect(created).toMatchObject({
    is_facet: 1,
    lists: { options: [{ list: 'Default', options: ['1', '2', '3'], maxValues: 1 }] },
  });
  // §7: the new attribute's payload names the account (name, isVariant, isFacet, accountId) …
  expect((await sent).postDataJSON()).toMatchObject({
    name: 'Pickup Count',
    isVariant: 0,
    isFacet: 1,
    accountId: created!.account_id,
  });
  // … and the form is then reset, ready for the next one.
  await expect(page).toHaveURL(/attributeId=new/);
  await expect(form.getByRole('heading', { name: 'New Attribute' })).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Facet (filters the storefront)')).not.toBeChecked();
  await expect(form.getByTestId('attribute-list-0')).toHaveCount(0);
  await expect(form.getByText('No lists: values are free text.')).toBeVisible();
  await expect(create).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}/attributes-created.png`, fullPage: true });

  // Change: rename, add a list; a second list with the same name is refused before it is sent.
  await page.getByLabel('Find Attributes').fill('pickup');
  await page
    .getByTestId(`attribute-row-${created!.id}`)
    .getByRole('button', { name: 'Pickup Count' })
    .click();
  await expect(form.getByRole('heading', { name: `Attribute #${created!.id}` })).toBeVisible();
  await form.getByLabel('Name').fill('Pickups');
  await form.getByRole('button', { name: 'Add List' }).click();
  await form.getByTestId('attribute-list-1').getByLabel('List', { exact: true }).fill('default');
  await expect(form.getByTestId('attribute-problem')).toHaveText('The list Default is there twice');
  await form.getByTestId('attribute-list-1').getByLabel('List', { exact: true }).fill('Layout');
  await form.getByTestId('attribute-list-1').getByLabel('Options').fill('HSS');
  await form.getByTestId('attribute-list-1').getByLabel('Options').press('Enter');
  await form.getByRole('button', { name: 'Save Attribute' }).click();
  await expect(page.getByText('Updated Attribute Pickups')).toBeVisible();
  const [changed] = await query<{ name: string; lists: { options: { list: string }[] } }>(
    'select name, lists from attributes where id = $1',
    [created!.id],
  );
  expect(changed!.name).toBe('Pickups');
  expect(changed!.lists.options.map((l) => l.list)).toEqual(['Default', 'Layout']);
  await expect(page.getByTestId(`attribute-row-${created!.id}`)).toContainText('Default, Layout');
});

test('a sales person sees the attributes but cannot change them', async ({ page }) => {
  await signIn(page, 'sales');
  await page.goto('/account/attribute');
  await expect(page.getByRole('button', { name: 'New Attribute' })).toBeDisabled();
  const first = page.getByTestId('attributes-table').locator('tbody tr').first();
  await first.getByRole('button').click();
  await expect(page.getByTestId('attribute-form').getByLabel('Name')).toBeDisabled();
});
