import { expect, query, signIn, test } from './support/fixtures';

type WarehouseAddress = {
  state_id: number | null;
  state_or_providence: string | null;
  country: string;
  country_id: number;
  city: string | null;
};
const addressOf = async (alias: string) =>
  (
    await query<WarehouseAddress>(
      `select state_id, state_or_providence, country, country_id, city from warehouses where short_alias = $1`,
      [alias],
    )
  )[0];
const stateId = async (countryCode: string, code: string) =>
  (
    await query<{ id: number }>(
      `select s.id from states s join countries c on c.id = s.country_id where c.code = $1 and s.code = $2`,
      [countryCode, code],
    )
  )[0]!.id;

test('address editor: the state is chosen from the states of the address country, and saved with its id', async ({
  page,
}) => {
  await signIn(page, 'warehouse');
  await page.getByRole('navigation').getByRole('link', { name: 'Warehouses' }).click();
  await page.getByRole('button', { name: 'New Warehouse' }).click();
  await page.getByLabel('Name').fill('Lakeside Depot');
  await page.getByLabel('Short alias').fill('lake');
  await page.getByRole('button', { name: 'Create Warehouse' }).click();
  await expect(page.getByTestId('warehouse-alias')).toHaveText('LAKE');

  const editor = page.getByTestId('address-editor');
  await editor.locator('[data-field="city"]').dblclick();
  await editor.getByRole('textbox', { name: 'City', exact: true }).fill('Madison');
  await editor.getByRole('textbox', { name: 'City', exact: true }).press('Enter');
  await expect(editor.locator('[data-field="city"]')).toHaveText('Madison');

  // The state: typed by code, picked from the list of US states.
  await editor.locator('[data-field="state"]').dblclick();
  const state = editor.getByRole('textbox', { name: 'State', exact: true });
  await state.fill('WI');
  await expect(page.getByRole('option', { name: 'ON — Ontario' })).toHaveCount(0);
  await page.screenshot({ path: '../../test-results/screens/address-editor-state-list.png' });
  await page.getByRole('option', { name: 'WI — Wisconsin' }).click();
  await expect(editor.locator('[data-field="state"]')).toHaveText('WI — Wisconsin');
  const wisconsin = await stateId('US', 'WI');
  await expect
    .poll(() => addressOf('LAKE'))
    .toMatchObject({
      state_id: wisconsin,
      state_or_providence: 'WI',
      country: 'US',
      country_id: 1,
      city: 'Madison',
    });

  // Escape leaves the state as it was.
  await editor.locator('[data-field="state"]').dblclick();
  await state.fill('Texas');
  await state.press('Escape');
  await expect(editor.locator('[data-field="state"]')).toHaveText('WI — Wisconsin');

  // Another country: a Wisconsin address in Canada makes no sense, so the state is cleared; then a province.
  await editor.locator('[data-field="country"]').dblclick();
  await editor.getByRole('textbox', { name: 'Country', exact: true }).fill('canada');
  await page.getByRole('option', { name: 'CA — Canada' }).click();
  await expect(editor.locator('[data-field="country"]')).toHaveText('CA — Canada');
  await expect(editor.locator('[data-field="state"]')).toHaveText('State…');
  await expect
    .poll(() => addressOf('LAKE'))
    .toMatchObject({
      state_id: null,
      state_or_providence: null,
      country: 'CA',
      country_id: 2,
    });
  await editor.locator('[data-field="state"]').dblclick();
  // From the keyboard: the name typed, Enter takes the first match.
  await state.fill('ontario');
  await expect(page.getByRole('option', { name: 'ON — Ontario' })).toBeVisible();
  await state.press('Enter');
  const ontario = await stateId('CA', 'ON');
  await expect.poll(() => addressOf('LAKE')).toMatchObject({ state_id: ontario, state_or_providence: 'ON' });
  await page.screenshot({ path: '../../test-results/screens/address-editor-state.png', fullPage: true });

  // The reload shows what was saved.
  await page.reload();
  await expect(editor.locator('[data-field="state"]')).toHaveText('ON — Ontario');
  await expect(editor.locator('[data-field="country"]')).toHaveText('CA — Canada');
});

test("address editor: without the states list it says 'Error downloading States and Countries' and takes typed text", async ({
  page,
}) => {
  await signIn(page, 'warehouse');
  await page.route('**/api/v1/utilities/statesAndCountries', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 503, data: [], error: { code: 'unavailable', message: 'Down' } }),
    }),
  );
  await page.getByRole('navigation').getByRole('link', { name: 'Warehouses' }).click();
  await page.getByText('Main Warehouse').first().click();
  const editor = page.getByTestId('address-editor');
  await expect(editor.getByTestId('address-editor-error')).toHaveText(
    'Error downloading States and Countries',
  );
  // The saved code still shows, and the state can be typed.
  await expect(editor.locator('[data-field="state"]')).toHaveText('TX');
  await editor.locator('[data-field="state"]').dblclick();
  await expect(editor.getByRole('textbox', { name: 'State', exact: true })).toHaveValue('TX');
  await editor.getByRole('textbox', { name: 'State', exact: true }).press('Escape');
  await page.screenshot({ path: '../../test-results/screens/address-editor-error.png', fullPage: true });
});
