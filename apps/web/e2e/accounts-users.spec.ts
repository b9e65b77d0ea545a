import { choose, DEMO, expect, query, signIn, test } from './support/fixtures';

test('an admin creates an account and a user with roles, and sees them in the selectors', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Accounts & Users' }).first().click();
  // Issue 19 §4: the page opens on the accounts and users that exist, not on two blank create forms.
  const accountList = page.getByTestId('account-list');
  const userList = page.getByTestId('user-list');
  await expect(accountList.getByRole('button', { name: 'Demo Music Co' })).toBeVisible();
  await expect(userList.getByRole('row', { name: /admin@backroom\.local/ })).toBeVisible();
  await expect(userList.getByRole('row', { name: /warehouse@backroom\.local/ })).toBeVisible();
  await expect(page.getByTestId('account-box')).toHaveCount(0);
  await expect(page.getByTestId('user-box')).toHaveCount(0);
  await page.screenshot({ path: '../../test-results/screens/accounts-users-lists.png', fullPage: true });
  await accountList.getByRole('button', { name: 'New Account' }).click();
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
  await userList.getByRole('button', { name: 'New User' }).click();
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

  // Both new records are in the lists after a reload, and open from there.
  await page.reload();
  await accountList.getByRole('button', { name: 'Backroom Annex' }).click();
  await expect(page.getByTestId('account-box').getByLabel('Name')).toHaveValue('Backroom Annex');
  await userList.getByRole('button', { name: 'Rita Returns' }).click();
  await expect(page.getByTestId('user-box').getByLabel('E-mail')).toHaveValue('rita@example.com');
  // Back to the list, and the selector still reaches the other records.
  await page.getByTestId('account-box-close').click();
  await expect(accountList).toBeVisible();
  await choose(page, 'user-select', /Wes .*\(warehouse@backroom\.local\)/);
  await expect(page.getByTestId('user-box').getByLabel('E-mail')).toHaveValue('warehouse@backroom.local');
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

test('an admin shows and regenerates a badge: the old badge stops signing in; the sign-ins are listed', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Accounts & Users' }).first().click();
  await page.getByTestId('user-list').getByRole('button', { name: /^Wes / }).click();
  const userBox = page.getByTestId('user-box');
  await userBox.getByRole('button', { name: 'Show Badge Code' }).click();
  const oldBadge = (await userBox.getByTestId('badge-code').textContent())!;
  expect(oldBadge).toMatch(/^\/\/QL\d+\/[0-9A-F]{16}\/\/$/);
  // The warehouse user signs in with the badge once (the record shows it).
  expect((await request.post('/api/v1/backroom/auth/login', { data: { badge: oldBadge } })).status()).toBe(
    200,
  );
  const [before] = await query<{ badge_secret: string }>(
    `select badge_secret from users where email = 'warehouse@backroom.local'`,
  );

  await userBox.getByRole('button', { name: 'Regenerate Badge' }).click();
  await expect(page.getByText('Every badge printed for this user stops working at once.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Regenerate Badge' }).click();
  await expect(page.getByText('Badge regenerated: old badges no longer sign in')).toBeVisible();
  await expect(userBox.getByTestId('badge-code')).not.toHaveText(oldBadge);
  const newBadge = (await userBox.getByTestId('badge-code').textContent())!;
  const [after] = await query<{ badge_secret: string }>(
    `select badge_secret from users where email = 'warehouse@backroom.local'`,
  );
  expect(after!.badge_secret).not.toBe(before!.badge_secret);
  const refused = await request.post('/api/v1/backroom/auth/login', { data: { badge: oldBadge } });
  expect(refused.status()).toBe(401);
  expect((await request.post('/api/v1/backroom/auth/login', { data: { badge: newBadge } })).status()).toBe(
    200,
  );

  await userBox.getByRole('button', { name: 'Sign-ins' }).click();
  const events = page.getByTestId('login-events');
  await expect(events.getByRole('row').nth(1)).toContainText('Badge');
  await expect(events.getByRole('row').nth(1)).toContainText('Signed in');
  await expect(events.getByRole('row').nth(2)).toContainText('Refused');
  await page.screenshot({ path: '../../test-results/screens/accounts-users-sign-ins.png' });
});

test('an account admin sees only their own accounts of a user who belongs to others too', async ({
  page,
}) => {
  const memberships = await query<{ name: string }>(
    `select a.name from memberships m join accounts a on a.id = m.account_id
      join users u on u.id = m.user_id where u.email = 'admin@backroom.local' order by a.name`,
  );
  // Ada Admin is a member of Demo Music Co too (and of any account an earlier test made), not only Outlet's.
  expect(memberships.map((m) => m.name)).toEqual(expect.arrayContaining(['Demo Music Co', 'Demo Outlet']));
  await signIn(page, 'outlet');
  const users = page.waitForResponse((r) => r.url().endsWith('/api/backroom/users') && r.ok());
  await page.getByRole('link', { name: 'Accounts & Users' }).first().click();
  const listed = (await (await users).json()).data as { email: string; accounts: { id: number }[] }[];
  const [outletAccount] = await query<{ id: number }>(`select id from accounts where name = 'Demo Outlet'`);
  expect(listed.find((u) => u.email === 'admin@backroom.local')!.accounts).toEqual([
    { id: outletAccount!.id },
  ]);
  await page.getByTestId('user-list').getByRole('button', { name: /^Ada / }).click();
  const userBox = page.getByTestId('user-box');
  await expect(userBox.getByLabel('First Name')).toHaveValue('Ada');
  const accounts = userBox.locator('.mantine-MultiSelect-root', {
    has: page.getByText('Accounts', { exact: true }),
  });
  await expect(accounts.locator('.mantine-Pill-root')).toHaveText(['Demo Outlet']);
  await expect(userBox.getByTestId('user-read-only')).toBeVisible();
  await page.screenshot({ path: '../../test-results/screens/accounts-users-outlet-sees-ada.png' });
});

test('an account admin cannot show the badge of a user who holds more access', async ({ page }) => {
  await signIn(page, 'outlet');
  await page.getByRole('link', { name: 'Accounts & Users' }).first().click();
  await page.getByTestId('user-list').getByRole('button', { name: /^Ada / }).click();
  const userBox = page.getByTestId('user-box');
  await expect(userBox.getByRole('button', { name: 'Show Badge Code' })).toBeDisabled();
  await expect(userBox.getByRole('button', { name: 'Regenerate Badge' })).toBeDisabled();
  await expect(userBox.getByTestId('badge-code')).toHaveCount(0);
  // Shown read-only: nothing can be typed into a user the server would refuse to save.
  await expect(userBox.getByTestId('user-read-only')).toHaveText(
    'This user holds access you do not hold: you can see them but not change them.',
  );
  await expect(userBox.getByLabel('First Name')).toBeDisabled();
  await expect(userBox.getByLabel('Password', { exact: true })).toBeDisabled();
  await expect(userBox.getByRole('button', { name: 'Save User' })).toBeDisabled();
});

test('changing one’s own password asks for the current one and signs out one’s other sessions', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A user of their own, so the demo logins of other tests stay as they are.
  await request.post('/api/v1/backroom/auth/login', { data: DEMO.admin });
  const account = (await (await request.get('/api/v1/backroom/auth/me')).json()).data[0].currentAccount.id;
  const created = await request.put('/api/backroom/user/admin', {
    data: {
      firstName: 'Pat',
      lastName: 'Password',
      email: 'pat@example.com',
      pinPasscode: '1357',
      password: 'pat-first-password',
      accounts: [account],
      roles: [],
    },
  });
  expect(created.status()).toBe(200);
  // Pat is signed in on another computer too.
  const other = await browser.newContext({ baseURL });
  const otherLogin = await other.request.post('/api/v1/backroom/auth/login', {
    data: { email: 'pat@example.com', password: 'pat-first-password' },
  });
  expect(otherLogin.status()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('E-mail').fill('pat@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('pat-first-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Pat' })).toBeVisible();
  await page.getByRole('link', { name: 'Accounts & Users' }).first().click();
  const userBox = page.getByTestId('user-box');
  await expect(userBox.getByLabel('Current Password')).toHaveCount(0);
  await userBox.getByLabel('Password', { exact: true }).fill('pat-second-password');
  await expect(userBox.getByLabel('Current Password')).toBeVisible();
  await expect(userBox.getByRole('button', { name: 'Save User' })).toBeDisabled();
  await userBox.getByLabel('Current Password').fill('not-my-password');
  await userBox.getByRole('button', { name: 'Save User' }).click();
  await expect(userBox.getByText('Your current password is not right')).toBeVisible();

  await userBox.getByLabel('Current Password').fill('pat-first-password');
  await userBox.getByRole('button', { name: 'Save User' }).click();
  await expect(page.getByText('Updated user pat@example.com')).toBeVisible();
  // The new password is not left on screen.
  await expect(userBox.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(userBox.getByLabel('Current Password')).toHaveCount(0);
  await page.screenshot({ path: '../../test-results/screens/accounts-users-own-password.png' });

  // This session goes on; the other computer is signed out; only the new password signs in.
  await page.reload();
  await expect(page.getByTestId('user-box')).toBeVisible();
  expect((await other.request.get('/api/v1/backroom/auth/me')).status()).toBe(401);
  await other.close();
  const oldPassword = await request.post('/api/v1/backroom/auth/login', {
    data: { email: 'pat@example.com', password: 'pat-first-password' },
  });
  expect(oldPassword.status()).toBe(401);
  const sessions = await query<{ n: number }>(
    `select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = 'pat@example.com'`,
  );
  expect(sessions[0]!.n).toBe(1);
});
