import { expect, query, signIn, test } from './support/fixtures';

// A screen opened by its address without the permission it needs says which one that is (as the orders list and
// the one-off shipment screen do), instead of an empty table whose calls the server refuses.

test('Recondition Inventory opened by its address without the warehouse permission says it is needed', async ({
  page,
  browser,
}) => {
  const groups = await query<{ permission_group: string }>(
    `select distinct rpg.permission_group from users u join user_roles ur on ur.user_id = u.id
      join role_permission_groups rpg on rpg.role_id = ur.role_id where u.email = 'sales@backroom.local'`,
  );
  expect(groups.map((g) => g.permission_group)).not.toContain('warehouse');
  const [quarantined] = await query<{ units: number }>(
    `select count(*)::int as units from inventory_location_items i
      join warehouse_divisions d on d.id = i.inventory_location_id
      join memberships m on m.account_id = i.account_id join users u on u.id = m.user_id
      where i.is_deleted = 0 and d.warehouse_bin_type_id = 6 and u.email = 'warehouse@backroom.local'`,
  );
  const units = quarantined!.units;
  expect(units).toBeGreaterThan(0);

  await signIn(page, 'sales');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/inventory/reconditionList')) calls.push(request.url());
  });
  await page.goto('/warehouse/recondition');
  await expect(page.getByRole('heading', { name: 'Recondition Inventory' })).toBeVisible();
  await expect(page.getByTestId('permission-needed')).toHaveText(
    'You need the warehouse permission to use Recondition Inventory.',
  );
  // Nothing of the screen is drawn: no table, no scan field, no '+ QPGU'.
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '+ QPGU' })).toHaveCount(0);
  await expect(page.getByTestId('recondition-scan-field')).toHaveCount(0);
  expect(calls).toEqual([]);
  await page.screenshot({ path: '../../test-results/screens/recondition-permission-needed.png' });

  // With the permission the screen is there, listing the quarantined units.
  const staff = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await signIn(staff, 'warehouse');
  await staff.goto('/warehouse/recondition');
  await expect(staff.getByRole('button', { name: '+ QPGU' })).toBeVisible();
  await expect(staff.getByTestId('permission-needed')).toHaveCount(0);
  await expect(staff.getByRole('table').locator('tbody tr')).toHaveCount(units);
  await staff.close();
});
