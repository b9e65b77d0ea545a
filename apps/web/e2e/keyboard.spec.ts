import type { Page } from '@playwright/test';
import { NAVIGATION } from '../src/app/navigation';
import { DEMO, expect, query, test } from './support/fixtures';

// Issue 19: the app used with the keyboard alone (no mouse click anywhere in this file).
const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

/** Presses Tab until the focused element's text is `text`, as a keyboard user would. */
async function tabTo(page: Page, text: string, max = 80, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === text) return;
  }
  throw new Error(`${text}: never reached by Tab`);
}

test('keyboard only: sign in, reach every sidebar screen, a modal returns focus, POS rings up a typed SKU', async ({
  page,
}) => {
  test.slow(); // many screens in one test: three times the timeout
  const [product] = await query<{ sku: string }>(
    `select sku from products where account_id = ${MUSIC} and type_id = 0 and is_active = 1
      and price_sale > 5 order by id limit 1`,
  );

  // The login form has its first field focused.
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Backroom');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type(DEMO.admin.email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeFocused();
  await page.keyboard.type(DEMO.admin.password);
  await page.keyboard.press('Enter');

  // After sign-in, focus is on the page's heading.
  const welcome = page.getByRole('heading', { name: /^Welcome, / });
  await expect(welcome).toBeFocused();
  await expect(page).toHaveTitle('Home · Backroom');

  // 'Skip to content' is the page's first stop (reached here backwards from the heading), and Enter moves
  // focus into <main>.
  await tabTo(page, 'Skip to content', 80, 'Shift+Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // Every sidebar screen, reached by Tab + Enter on its link; focus lands on the new screen's heading or field.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const item of NAVIGATION.flatMap((g) => g.items)) {
    await nav.getByRole('link', { name: item.label, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${item.path.replace(/[/]/g, '\\/')}(\\?|$)`));
    await expect(page).toHaveTitle(/ · Backroom$/);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const a = document.activeElement;
          return Boolean(a?.closest('main') && (/^H[1-3]$/.test(a.tagName) || a.tagName === 'INPUT'));
        }),
      )
      .toBe(true);
  }

  // A modal opened by keyboard returns focus to its opener when closed with Escape.
  await nav.getByRole('link', { name: 'Warehouses', exact: true }).focus();
  await page.keyboard.press('Enter');
  const opener = page.getByRole('button', { name: 'New Warehouse' });
  await tabTo(page, 'New Warehouse');
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New Warehouse' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // POS: typing a SKU in the scan field (focused on arrival) rings up the line.
  await nav.getByRole('link', { name: 'Point of Sale', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pos-scan-input')).toBeFocused();
  await page.keyboard.type(product!.sku);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/POS\/\d+$/);
  await expect(page.getByRole('row').filter({ hasText: product!.sku }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Order Created Successfully' })).toBeVisible();

  // A mistyped code stays in the field, selected, so the next scan replaces it.
  const scan = page.getByTestId('pos-scan-input');
  await expect(scan).toBeFocused();
  await page.keyboard.type('NO-SUCH-SKU-123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Error Creating Order Item' })).toBeVisible();
  await expect(scan).toHaveValue('NO-SUCH-SKU-123');
  await expect
    .poll(() =>
      scan.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)),
    )
    .toBe('NO-SUCH-SKU-123');
  await page.screenshot({ path: '../../test-results/screens/keyboard-pos-refused-scan.png' });

  // ? in the scan field is typed there; outside a field it opens the keyboard and scanner reference, and
  // Escape closes it. Here on the Warehouses screen, whose reference lists the bin labels it takes.
  await page.keyboard.type('?');
  await expect(scan).toHaveValue('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard and scanner' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Warehouses', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle('Warehouses · Backroom');
  await nav.getByRole('link', { name: 'Warehouses', exact: true }).focus();
  await page.keyboard.press('?');
  const reference = page.getByRole('dialog', { name: 'Keyboard and scanner' });
  await expect(reference).toBeVisible();
  await expect(reference.getByRole('heading', { name: 'On this screen: Warehouses' })).toBeVisible();
  await expect(
    reference.getByRole('row', { name: /^Bin or shelf label .* Opens that bin or shelf/ }),
  ).toBeVisible();
  await page.screenshot({ path: '../../test-results/screens/keyboard-shortcut-reference.png' });
  await page.keyboard.press('Escape');
  await expect(reference).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Warehouses', exact: true })).toBeFocused();
});
