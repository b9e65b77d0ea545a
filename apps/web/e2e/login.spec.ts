import { choose, DEMO, expect, query, signIn, test } from './support/fixtures';

test('signs in with e-mail and password, and out again', async ({ page }) => {
  await page.goto('/admin/accounts-users');
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.screenshot({ path: '../../test-results/screens/login.png' });
  await page.getByLabel('E-mail').fill(DEMO.manager.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Wrong e-mail or password.');

  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.manager.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back to the page that asked for a login.
  await expect(page.getByRole('heading', { name: 'Accounts & Users' })).toBeVisible();
  const sessions = await query<{ n: number }>(
    'select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1',
    [DEMO.manager.email],
  );
  expect(sessions[0]!.n).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});

test('signs in with e-mail and PIN', async ({ page }) => {
  await page.goto('/login');
  await page.getByText('PIN', { exact: true }).click();
  await page.getByLabel('E-mail').fill(DEMO.sales.email);
  await page.getByRole('textbox', { name: 'PIN' }).fill('1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
});

test('signs in by scanning a badge: fast keystrokes ending in Enter, anywhere on the page', async ({
  page,
  request,
}) => {
  // An admin prints the warehouse user's badge.
  await request.post('/api/v1/backroom/auth/login', { data: DEMO.admin });
  const users = (await (await request.get('/api/backroom/users')).json()).data as {
    id: number;
    email: string;
  }[];
  const warehouse = users.find((u) => u.email === DEMO.warehouse.email)!;
  const badge = (await (await request.get(`/api/v1/backroom/user/${warehouse.id}/badge`)).json()).data[0]
    .badge as string;
  expect(badge).toMatch(/^\/\/QL\d+\/[0-9A-F]+\/\/$/);

  await page.goto('/login');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.type(badge, { delay: 4 });
  await page.keyboard.press('Enter');
  // The flash echoes the scan for 1.5 s from the moment it is read; the home page can take longer than that to
  // appear on a loaded machine, so the flash is checked first.
  await expect(page.getByTestId('scan-flash')).toHaveText(badge);
  await expect(page.getByRole('heading', { name: 'Welcome, Wes' })).toBeVisible();
  await page.screenshot({ path: '../../test-results/screens/badge-login.png' });
});

test('refuses a forged badge with a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.type('//QL1/DEADBEEFDEADBEEF//', { delay: 4 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-error')).toHaveText(
    'This badge is not valid. Ask an admin to print a new one.',
  );
});

test('switches account', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByText('Signed in to Demo Music Co')).toBeVisible();
  await choose(page, 'account-switcher', 'Demo Outlet');
  await expect(page.getByText('Signed in to Demo Outlet')).toBeVisible();
  const rows = await query<{ name: string }>(
    `select a.name from sessions s join users u on u.id = s.user_id join accounts a on a.id = s.account_id
     where u.email = $1 order by s.created_at desc limit 1`,
    [DEMO.admin.email],
  );
  expect(rows[0]!.name).toBe('Demo Outlet');
  await page.reload();
  await expect(page.getByText('Signed in to Demo Outlet')).toBeVisible();
  await page.screenshot({ path: '../../test-results/screens/switched-account.png' });
});
