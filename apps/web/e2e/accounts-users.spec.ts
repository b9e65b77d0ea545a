import { choose, expect, query, signIn, test } from './support/fixtures';

test('an admin creates an account and a user with roles, and sees them in the selectors', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Accounts & Users' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create/Edit Accounts' })).toBeVisible();
  await expect(page.getByTestId('account-select')).toHaveValue('Create Account');

  // Account: the save button waits for a name longer than 1 character.
  const accountBox = page.getByTestId('account-box');
  const createAccount = accountBox.getByRole('button', { name: 'Create Account' });
  await accountBox.getByLabel('Name').fill('B');
  await expect(createAccount).toBeDisabled();
  await accountBox.getByLabel('Name').fill('Backroom Annex');
  await accountBox.getByRole('textbox', { name: 'UTC Offset' }).click();
  await page.getByRole('option', { name: 'UTC+5:45', exact: true }).click();
  await expect(accountBox.getByTestId('account-current-time')).toContainText('Current time (UTC+5:45)');
  // Access Overrides are shown inverted: checking 'Brands Admin' turns the brand restriction off.
  await accountBox.getByLabel('Brands Admin').check();
  await accountBox.getByLabel('Broadcast Inventory Data').check();
  await createAccount.click();
  await expect(page.getByText('Created account Backroom Annex')).toBeVisible();
  // The saved record becomes the one being edited.
  await expect(page.getByTestId('account-select')).toHaveValue('Backroom Annex');
  const [account] = await query<Record<string, unknown>>('select * from accounts where name = $1', [
    'Backroom Annex',
  ]);
  expect(account).toMatchObject({
    utc_offset: '+05:45',
    has_restricted_site_brands: 0,
    has_restricted_services: 1,
    has_broadcast_inventory_data: 1,
    is_active: 1,
  });

  // User: created with two roles in two accounts.
  const userBox = page.getByTestId('user-box');
  await expect(page.getByTestId('user-select')).toHaveValue('Create User');
  await userBox.getByLabel('First Name').fill('Rita');
  await userBox.getByLabel('Last Name').fill('Returns');
  await userBox.getByLabel('E-mail').fill('rita@example.com');
  await userBox.getByLabel('PIN').fill('2468');
  await userBox.getByLabel('Password').fill('rita-password');
  await userBox.getByRole('textbox', { name: 'Accounts' }).click({ force: true });
  await page.getByRole('option', { name: 'Backroom Annex' }).click();
  await page.keyboard.press('Escape');
  await userBox.getByRole('textbox', { name: 'Roles' }).click({ force: true });
  await page.getByRole('option', { name: 'Returns Staff' }).click();
  await page.getByRole('option', { name: 'Warehouse Staff' }).click();
  await page.keyboard.press('Escape');
  await userBox.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Created user rita@example.com')).toBeVisible();
  await expect(page.getByTestId('user-select')).toHaveValue('Rita Returns (rita@example.com)');
  await page.screenshot({ path: '../../test-results/screens/accounts-users-admin.png', fullPage: true });

  const roles = await query<{ code: string }>(
    `select r.code from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
     where u.email = 'rita@example.com' order by r.code`,
  );
  expect(roles.map((r) => r.code)).toEqual(['returnsStaff', 'warehouseStaff']);
  const accounts = await query<{ name: string }>(
    `select a.name from users u join memberships m on m.user_id = u.id join accounts a on a.id = m.account_id
     where u.email = 'rita@example.com' order by a.name`,
  );
  expect(accounts.map((a) => a.name)).toEqual(['Backroom Annex', 'Demo Music Co']);
  const [hash] = await query<{ password_hash: string }>(
    `select password_hash from users where email = 'rita@example.com'`,
  );
  expect(hash!.password_hash).toMatch(/^\$argon2id\$/);

  // Both new records are in the selectors after a reload.
  await page.reload();
  await choose(page, 'account-select', 'Backroom Annex');
  await expect(page.getByTestId('account-box').getByLabel('Name')).toHaveValue('Backroom Annex');
  await choose(page, 'user-select', 'Rita Returns (rita@example.com)');
  await expect(page.getByTestId('user-box').getByLabel('E-mail')).toHaveValue('rita@example.com');
});

test('a user without adminUserAccess sees no account box and no Create User, and can edit only themselves', async ({
  page,
}) => {
  await signIn(page, 'sales');
  await page.getByRole('link', { name: 'Accounts & Users' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create/Edit Users' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create/Edit Accounts' })).toHaveCount(0);
  await expect(page.getByTestId('account-box')).toHaveCount(0);
  await expect(page.getByTestId('user-select')).toHaveValue('Sam Sales (sales@backroom.local)');
  await page.getByTestId('user-select').click();
  await expect(page.getByRole('option')).toHaveText(['Sam Sales (sales@backroom.local)']);
  await expect(page.getByRole('option', { name: 'Create User' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: '../../test-results/screens/accounts-users-self.png', fullPage: true });

  const userBox = page.getByTestId('user-box');
  await expect(userBox.getByRole('textbox', { name: 'Roles' })).toBeDisabled();
  await userBox.getByLabel('First Name').fill('Samantha');
  await userBox.getByRole('button', { name: 'Save User' }).click();
  await expect(page.getByText('Updated user sales@backroom.local')).toBeVisible();
  const [row] = await query<{ first_name: string }>(
    `select first_name from users where email = 'sales@backroom.local'`,
  );
  expect(row!.first_name).toBe('Samantha');
});
