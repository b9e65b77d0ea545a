import { NAVIGATION } from '../src/app/navigation';
import { expectAccessible } from './support/axe';
import { expect, query, signIn, test } from './support/fixtures';

// Issue 19 §1: every screen, and one open modal per area, reports 0 WCAG 2.1 AA violations (axe-core).
const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;
const SHOTS = '../../test-results/screens';

// The file's tests share no data, so they are spread over the workers: axe takes seconds a screen.
test.describe.configure({ mode: 'parallel' });

for (const group of NAVIGATION) {
  test(`every ${group.label} screen of the sidebar (admin demo user) has no WCAG 2.1 AA violation`, async ({
    page,
  }) => {
    await signIn(page, 'admin');
    if (group === NAVIGATION[0])
      await expectAccessible(page, page.getByRole('heading', { name: /^Welcome, / }), 'home');
    for (const item of group.items) {
      await page.goto(item.path);
      await expectAccessible(page, page.locator('main h1, main h2, main h3').first(), item.label);
      await expect(page).toHaveTitle(/ · Backroom$/);
    }
  });
}

test('detail screens (a return, an order, a product editor, a warehouse, POS) have no AA violation', async ({
  page,
}) => {
  test.slow(); // many screens in one test: three times the timeout
  const [ret] = await query<{ id: number }>(
    `select id from inbound_returns where account_id = ${MUSIC} order by id limit 1`,
  );
  const [order] = await query<{ id: number; channel_order_number: string }>(
    `select id, channel_order_number from channel_orders where account_id = ${MUSIC} order by id limit 1`,
  );
  const [product] = await query<{ id: number; brand_id: number; sku: string }>(
    `select id, brand_id, sku from products where account_id = ${MUSIC} and type_id = 0 and is_active = 1
      and brand_id is not null and price_sale > 5 order by id limit 1`,
  );
  const [warehouse] = await query<{ id: number }>(
    `select id from warehouses where account_id = ${MUSIC} order by id limit 1`,
  );
  await signIn(page, 'admin');

  await page.goto(`/return/${ret!.id}`);
  await expect(page).toHaveTitle(`Return #${ret!.id} · Backroom`);
  await expectAccessible(page, page.locator('main h1, main h2, main h3').first(), 'return detail');

  await page.goto(`/channelOrder/${order!.id}/detail`);
  await expect(page).toHaveTitle(`Order ${order!.channel_order_number} · Backroom`);
  await expectAccessible(page, page.getByTestId('order-summary'), 'order detail');

  await page.goto(`/catalogue/brand/${product!.brand_id}?isActive=1&productId=${product!.id}`);
  await expectAccessible(page, page.getByTestId('product-drawer'), 'product editor');

  await page.goto(`/warehouse/${warehouse!.id}`);
  await expectAccessible(page, page.locator('main h2').first(), 'warehouse editor');

  await page.goto(`/tools/universal/product?productId=${product!.id}`);
  await expectAccessible(page, page.locator('main').getByText(product!.sku).first(), 'universal product');

  // POS: a SKU typed in the scan field rings up the first line and opens the order.
  await page.goto('/POS/new');
  await page.getByTestId('pos-scan-input').fill(product!.sku);
  await page.getByTestId('pos-scan-input').press('Enter');
  await expect(page).toHaveURL(/\/POS\/\d+$/);
  await expectAccessible(page, page.getByTestId('pos-order-number'), 'POS order');
  await page.screenshot({ path: `${SHOTS}/a11y-pos.png` });
});

test('one open modal per area has no AA violation, and closing it returns focus to its opener', async ({
  page,
}) => {
  test.slow(); // many screens in one test: three times the timeout
  const [product] = await query<{ sku: string }>(
    `select sku from products where account_id = ${MUSIC} and type_id = 0 and is_active = 1
      and price_sale > 5 order by id limit 1`,
  );
  await signIn(page, 'admin');

  const check = async (opener: ReturnType<typeof page.getByRole>, name: string | RegExp, what: string) => {
    await opener.click();
    const dialog = page.getByRole('dialog', { name });
    await expectAccessible(page, dialog, what);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  };

  // Warehouse
  await page.goto('/warehouse');
  await check(page.getByRole('button', { name: 'New Warehouse' }), 'New Warehouse', 'warehouse modal');
  // Printing
  await page.goto('/warehouse/printers');
  await check(page.getByRole('button', { name: 'Label Settings' }), 'Label Settings', 'printing modal');
  // Orders (POS): Add Payment returns focus to its button.
  await page.goto('/POS/new');
  await page.getByTestId('pos-scan-input').fill(product!.sku);
  await page.getByTestId('pos-scan-input').press('Enter');
  await expect(page).toHaveURL(/\/POS\/\d+$/);
  await check(page.getByTestId('add-payment'), 'Add Payment', 'POS payment modal');
  await page.screenshot({ path: `${SHOTS}/a11y-pos-after-modal.png` });

  // Returns: a return's printer settings.
  const [ret] = await query<{ id: number }>(
    `select id from inbound_returns where account_id = ${MUSIC} order by id limit 1`,
  );
  await page.goto(`/return/${ret!.id}`);
  await check(
    page.getByRole('button', { name: 'Printer Settings' }).first(),
    'Label Settings',
    'returns modal',
  );
  // Catalogue: Save Selection as Queue on a brand's products.
  const [brand] = await query<{ brand_id: number }>(
    `select brand_id from products where account_id = ${MUSIC} and is_active = 1 and brand_id is not null
      order by id limit 1`,
  );
  await page.goto(`/catalogue/brand/${brand!.brand_id}?isActive=1`);
  await page.getByRole('checkbox', { name: 'Select all on page' }).check();
  await check(
    page.getByRole('button', { name: 'Save Selection as Queue' }),
    'Save Selection as Queue',
    'catalogue modal',
  );
  // Admin: a user's recent sign-ins.
  await page.goto('/admin/accounts-users');
  await page.getByTestId('user-list').getByRole('button', { name: /^Ada / }).click();
  await check(page.getByRole('button', { name: 'Sign-ins' }), 'Recent Sign-ins', 'admin modal');
  // Help: the keyboard and scanner reference.
  await check(
    page.getByRole('button', { name: 'Keyboard and scanner reference' }),
    'Keyboard and scanner',
    'shortcut reference',
  );
});
