import { expect, signIn, test } from './support/fixtures';

test('Shipping Settings lists the carrier accounts, their ids and the adapter behind each', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Shipping', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/shipping$/);
  await expect(page.getByRole('heading', { name: 'Shipping Settings' })).toBeVisible();

  // The e2e server has no EasyPost key: the sandbox carrier's USPS, UPS and FedEx accounts.
  const rows = page.getByTestId('shipper-row');
  await expect(rows).toHaveCount(3);
  const carriers = await rows.locator('td:nth-child(1)').allTextContents();
  expect(carriers.sort()).toEqual(['FedEx', 'UPS', 'USPS']);
  for (const row of await rows.all()) {
    await expect(row.locator('td:nth-child(3)')).not.toBeEmpty();
    await expect(row.locator('td:nth-child(4)')).toHaveText('Sandbox');
  }
  const usps = rows.filter({ has: page.getByRole('cell', { name: 'USPS', exact: true }) });
  await expect(usps.locator('td:nth-child(2)')).toHaveText('USPS (sandbox)');
  await expect(usps.locator('td:nth-child(3)')).toHaveText('ca_sandbox_usps');
  await expect(page.getByTestId('shipping-adapter-note')).toContainText('sandbox carrier');
  // The list is read-only: nothing to edit or save.
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await page.screenshot({ path: '../../test-results/screens/shipping-settings.png', fullPage: true });
});
