import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { NAVIGATION } from '../src/app/navigation';
import { controlsUnderToasts, unexplainedDisabledButtons } from './support/controls';
import { choose, dismissToasts, expect, query, scanBurst, signIn, test } from './support/fixtures';

// Issue 19 §2: feedback that never hides the work. Toasts cover no control, and disabled buttons say why.
const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;
const SHOTS = '../../test-results/screens';
mkdirSync(SHOTS, { recursive: true });

test.use({ viewport: { width: 1366, height: 768 } });

async function demoIds() {
  const [ret] = await query<{ id: number }>(
    `select id from inbound_returns where account_id = ${MUSIC} order by id limit 1`,
  );
  const [order] = await query<{ id: number }>(
    `select id from channel_orders where account_id = ${MUSIC} order by id limit 1`,
  );
  const [product] = await query<{ id: number; brand_id: number; sku: string }>(
    `select id, brand_id, sku from products where account_id = ${MUSIC} and type_id = 0 and is_active = 1
      and brand_id is not null and price_sale > 5 order by id limit 1`,
  );
  return { ret: ret!, order: order!, product: product! };
}

/** Rings up a POS order with one line, as a clerk does by typing the SKU. */
async function openPosOrder(page: Page, sku: string) {
  await page.goto('/POS/new');
  await page.getByTestId('pos-scan-input').fill(sku);
  await page.getByTestId('pos-scan-input').press('Enter');
  await expect(page).toHaveURL(/\/POS\/\d+$/);
  await expect(page.getByTestId('pos-order-number')).toBeVisible();
}

/**
 * Three mistyped scans, typed outside any field: the page-wide scanner (or the screen's own scan field) refuses
 * each with an error toast that stays until dismissed, three the most the app shows at once. (Returns search
 * searches for what is scanned: there the test makes each search fail.)
 */
async function raiseErrorToasts(page: Page, searches = false, narrow = false) {
  const toasts = page.locator('.toast-region').getByRole('alert');
  for (const n of [1, 2, 3]) {
    await scanBurst(page, `not-a-label-${n}`);
    if (searches) await expect(toasts.first()).toBeVisible();
    else await expect(toasts).toHaveCount(n);
  }
  // A failed search says 'Error Searching Returns.' once, with a count (the first load's too, when it fails).
  if (searches) await expect(toasts.filter({ hasText: /Error Searching Returns\. ×[34]/ })).toBeVisible();
  else await expect(toasts).toHaveCount(3);
  // Measured where they come to rest, once they have slid in and the sidebar has made room.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) =>
              ((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.toast-region'),
            ).length,
      ),
    )
    .toBe(0);
  // Wide, the sidebar makes room at its bottom; narrow, the header grows to hold them.
  if (narrow) await expect.poll(() => headerHeight(page)).toBeGreaterThan(56 + 3 * 40);
  else
    await expect
      .poll(async () => (await page.getByTestId('toast-reserve').boundingBox())?.height)
      .toBeGreaterThan(0);
}

const headerHeight = async (page: Page) => (await page.locator('header').boundingBox())?.height ?? 0;

test('at 1366×768 open error toasts cover no button, field or link on the key screens', async ({ page }) => {
  test.slow(); // several screens in one test
  const { ret, product } = await demoIds();
  await signIn(page, 'admin');

  const screens: [string, () => Promise<unknown>][] = [
    ['home', () => page.goto('/')],
    [
      'returns search',
      async () => {
        await page.goto('/returns');
        await page.route('**/api/v1/backroom/returns/search?*', (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 500, data: [], error: { code: 'internal', message: 'boom' } }),
          }),
        );
      },
    ],
    ['manage inbound return', () => page.goto(`/return/${ret.id}`)],
    ['POS order', () => openPosOrder(page, product.sku)],
    ['packing station', () => page.goto('/warehouse/packing')],
    ['orders', () => page.goto('/orders')],
  ];
  for (const [name, open] of screens) {
    await open();
    await expect(page.locator('main h1, main h2, main h3').first()).toBeVisible();
    await raiseErrorToasts(page, name === 'returns search');
    await page.unrouteAll();
    await page.screenshot({ path: `${SHOTS}/toasts-${name.replaceAll(' ', '-')}.png` });
    expect(await controlsUnderToasts(page), `controls under the toasts on ${name}`).toEqual([]);
    // The header's help and camera buttons take a click with the errors open (a trial click fails on a covered one).
    await page.getByRole('button', { name: 'Keyboard and scanner reference' }).click({ trial: true });
    await page.getByRole('button', { name: 'Scan with camera' }).click({ trial: true });
    // The errors stay until dismissed; closing them gives the sidebar its room back.
    await dismissToasts(page);
    await expect(page.locator('.toast-region').getByRole('alert')).toHaveCount(0);
    await expect
      .poll(async () => (await page.getByTestId('toast-reserve').boundingBox())?.height ?? 0)
      .toBe(0);
  }
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 700, height: 900 },
]) {
  test(`at ${viewport.width}×${viewport.height} (no sidebar) the toasts sit under the header and cover no control`, async ({
    page,
  }) => {
    test.slow(); // several screens in one test
    await page.setViewportSize(viewport);
    const { ret, product } = await demoIds();
    await signIn(page, 'admin');
    const screens: [string, () => Promise<unknown>][] = [
      ['home', () => page.goto('/')],
      ['manage inbound return', () => page.goto(`/return/${ret.id}`)],
      ['POS order', () => openPosOrder(page, product.sku)],
      ['packing station', () => page.goto('/warehouse/packing')],
    ];
    for (const [name, open] of screens) {
      await open();
      await expect(page.locator('main h1, main h2, main h3').first()).toBeVisible();
      const top = await page.locator('main h1, main h2, main h3').first().boundingBox();
      await raiseErrorToasts(page, false, true);
      const shot = `${SHOTS}/toasts-${viewport.width}-${name.replaceAll(' ', '-')}.png`;
      await page.screenshot({ path: shot });
      expect(await controlsUnderToasts(page), `controls under the toasts on ${name}`).toEqual([]);
      // The toasts sit across the screen under the header's own row, and the page moved down to make room.
      const toasts = page.locator('.toast-region').getByRole('alert');
      const first = (await toasts.first().boundingBox())!;
      expect(first.y).toBeGreaterThanOrEqual(56);
      expect(first.width).toBeGreaterThan(viewport.width - 40);
      const moved = await page.locator('main h1, main h2, main h3').first().boundingBox();
      expect(moved!.y).toBeGreaterThan(top!.y + 3 * 40);
      // The header's controls take a click with the errors open.
      for (const control of ['Keyboard and scanner reference', 'Scan with camera', 'Toggle navigation'])
        await page.getByRole('button', { name: control }).click({ trial: true });
      await page.getByRole('button', { name: 'User menu' }).click({ trial: true });
      // A modal opened meanwhile begins below them: its title and close button are clear.
      await page.getByRole('button', { name: 'Keyboard and scanner reference' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // Measured where it comes to rest, once it has slid in.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              document
                .getAnimations()
                .filter((a) =>
                  ((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest(
                    '.mantine-Modal-root',
                  ),
                ).length,
          ),
        )
        .toBe(0);
      expect(await controlsUnderToasts(page), `controls under the toasts over a modal on ${name}`).toEqual(
        [],
      );
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await dismissToasts(page);
      await expect(toasts).toHaveCount(0);
      await expect.poll(() => headerHeight(page)).toBe(56);
    }
  });
}

test('a scan repeated while its error is shown collapses into one toast with a count, covering nothing', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await expect(page.locator('main h1, main h2, main h3').first()).toBeVisible();
  for (let n = 0; n < 3; n++) {
    await scanBurst(page, 'not-a-label');
  }
  const toasts = page.locator('.toast-region').getByRole('alert');
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText('Unknown Scan ×3');
  expect(await controlsUnderToasts(page)).toEqual([]);
});

test('every disabled button on the main screens says why, and the keyboard reaches it', async ({ page }) => {
  test.slow(); // many screens in one test
  const { ret, order, product } = await demoIds();
  await signIn(page, 'admin');

  const found: string[] = [];
  const sweep = async (name: string) => {
    await expect(page.locator('main h1, main h2, main h3').first()).toBeVisible();
    // Let the screen's data arrive: buttons wait on it.
    await page.waitForLoadState('networkidle');
    for (const button of await unexplainedDisabledButtons(page)) found.push(`${name}: ${button}`);
  };

  for (const item of NAVIGATION.flatMap((g) => g.items)) {
    await page.goto(item.path);
    await sweep(item.label);
  }
  await page.goto(`/return/${ret.id}`);
  await sweep('return detail');
  // With the warehouse chosen the return's panels open (labels, payments, appeal, items).
  await choose(page, 'return-warehouse', /^Main Warehouse/);
  await expect(page.locator('#return-needs-warehouse')).toHaveCount(0);
  await sweep('return detail, warehouse chosen');
  await page.goto(`/channelOrder/${order.id}/detail`);
  await sweep('order detail');
  await page.goto(`/catalogue/brand/${product.brand_id}?isActive=1&productId=${product.id}`);
  await expect(page.getByTestId('product-drawer')).toBeVisible();
  await sweep('product editor');
  await page.goto(`/tools/universal/product?productId=${product.id}`);
  await sweep('universal product');
  await openPosOrder(page, product.sku);
  await sweep('POS order');

  expect(found).toEqual([]);
});

test('a button disabled by a rule is reached by Tab and shows its rule on focus', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/returns');
  // On the first page of results there is no page before.
  const previous = page.getByRole('button', { name: 'Previous' });
  await expect(previous).toBeDisabled();
  await expect(previous).toHaveAccessibleDescription('This is the first page');
  await previous.focus();
  await expect(previous).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('This is the first page');
  await page.screenshot({ path: `${SHOTS}/disabled-reason-focus.png` });
});

test('the Pricing Report’s MAP column header explains MAP as the other glossary terms do', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/report/pricingEvents');
  const map = page.locator('button[data-glossary="MAP"]');
  await map.focus();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Minimum advertised price' })).toBeVisible();
  // Open, the tooltip itself describes the button; closed, its description says the same after 'Sort by MAP.'.
  await expect(map).toHaveAccessibleDescription(
    /Minimum advertised price: the lowest price the brand allows the product to be advertised at\.$/,
  );
  await page.keyboard.press('Escape');
  await page.locator('main h1, main h2').first().click();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expect(map).toHaveAccessibleDescription(
    'Sort by MAP. Minimum advertised price: the lowest price the brand allows the product to be advertised at.',
  );
  await page.screenshot({ path: `${SHOTS}/pricing-report-map-glossary.png` });
});

/** The disabled buttons of the page (an open modal's included) that do not say why, each named by `where`. */
async function sweepHere(page: Page, where: string, found: string[]) {
  await page.waitForLoadState('networkidle');
  for (const button of await unexplainedDisabledButtons(page)) found.push(`${where}: ${button}`);
}

test('every disabled button in the rarer modals says why: choose units, add shipment, disposition, printer rows', async ({
  page,
}) => {
  test.slow(); // several modals in one test
  const { product } = await demoIds();
  // An open return with a unit still to receive (the last such, so the receiving spec's first stays as it is).
  const [open] = await query<{ id: number; item_id: number }>(`
    select r.id, i.id as item_id from inbound_returns r join inbound_return_items i on i.inbound_return_id = r.id
    join products p on p.id = i.product_id
    where r.account_id = ${MUSIC} and r.return_status_id = 1 and i.quantity > i.quantity_received
      and p.upc is not null and p.sku is not null
    order by r.id desc limit 1`);
  expect(open, 'an open demo return with a unit to receive').toBeDefined();
  await signIn(page, 'admin');
  const found: string[] = [];

  // POS: Choose Units, nothing ticked yet.
  await openPosOrder(page, product.sku);
  await page.getByRole('button', { name: `Choose Units for ${product.sku}` }).click();
  const units = page.getByRole('dialog', { name: /^Choose Units/ });
  await expect(units.getByRole('button', { name: /^Allocate/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(units.getByRole('button', { name: /^Allocate/ })).toHaveAccessibleDescription(
    /^(Tick the units to allocate first|The order has no warehouse to take units from|The line has all its units)$/,
  );
  await sweepHere(page, 'choose units', found);
  await page.keyboard.press('Escape');
  await expect(units).toHaveCount(0);

  // Return: Add a Return Label, both tabs.
  await page.goto(`/return/${open!.id}`);
  await choose(page, 'return-warehouse', /^Main Warehouse/);
  await page.getByTestId('add-return-label').click();
  const modal = page.getByRole('dialog', { name: /^Add a Return Label/ });
  await expect(modal.getByTestId('add-existing-labels')).toHaveAccessibleDescription(
    'Add a tracking number to the list first',
  );
  await expect(modal.getByTestId('list-existing-label')).toHaveAccessibleDescription(
    'Type or scan a tracking number first',
  );
  await sweepHere(page, 'add shipment, existing label', found);
  await modal.getByTestId('create-new-label-tab').click();
  await modal.getByTestId('start-new-label').click();
  const panel = modal.getByTestId('return-shipment-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('purchase-label')).toHaveAccessibleDescription('Calculate Shipping first');
  await expect(panel.getByTestId('download-label')).toHaveAccessibleDescription('Purchase a label first');
  await expect(modal.getByTestId('add-existing-label-tab')).toHaveAccessibleDescription(
    /^A new label is started/,
  );
  // The closed tab stays closed.
  await modal.getByTestId('add-existing-label-tab').click({ force: true });
  await expect(panel).toBeVisible();
  await sweepHere(page, 'add shipment, new label', found);
  await page.screenshot({ path: `${SHOTS}/disabled-reason-new-label.png` });
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  // Return: the disposition modal, choosing a bin.
  await page
    .getByTestId(`return-item-${open!.item_id}`)
    .getByRole('button', { name: 'Return Inventory' })
    .click();
  const disposition = page.getByRole('dialog', { name: /^Receive / });
  await expect(disposition.getByTestId('step-receiveSessionBin')).toBeVisible();
  // Opening it moves the item to Received: its buttons wait (a moment's wait, no rule) until that is saved.
  await expect(disposition.getByRole('button', { name: 'New Return Bin' })).toBeEnabled();
  await expect(disposition.getByRole('button', { name: 'Use Bin' })).toHaveAccessibleDescription(
    'Type or scan a bin barcode first',
  );
  await sweepHere(page, 'disposition, bin', found);
  await disposition.getByRole('button', { name: /^Virtual Bin/ }).click();
  await expect(disposition.getByTestId('step-productCondition')).toBeVisible();
  await sweepHere(page, 'disposition, condition', found);
  await page.keyboard.press('Escape');
  await expect(disposition).toHaveCount(0);

  // Printers: a printer whose paper is taken out cannot calibrate or print a test label, and says so.
  const [printer] = await query<{ id: number; paper_id: number | null; common_name: string }>(
    `select id, paper_id, common_name from printers where account_id = ${MUSIC}
      and common_name = 'Large Label Printer'`,
  );
  await query(`update printers set paper_id = null, is_active = 1 where id = $1`, [printer!.id]);
  try {
    await page.goto('/warehouse/printers');
    const row = page.getByTestId(`printer-row-${printer!.id}`);
    await expect(row.getByRole('button', { name: 'Calibrate' })).toHaveAccessibleDescription(
      'Choose a paper first',
    );
    await expect(
      row.getByRole('button', { name: `Test print on ${printer!.common_name}` }),
    ).toHaveAccessibleDescription('Choose a paper first');
    await sweepHere(page, 'printers', found);
    await page.getByRole('button', { name: 'Add print server' }).click();
    const add = page.getByRole('dialog', { name: 'Add print server' });
    await add.getByLabel('Server name').fill('');
    await expect(add.getByRole('button', { name: 'Create' })).toHaveAccessibleDescription(
      'Server name is required',
    );
    await sweepHere(page, 'add print server', found);
  } finally {
    await query(`update printers set paper_id = $2 where id = $1`, [printer!.id, printer!.paper_id]);
  }

  expect(found).toEqual([]);
});

test('a user who holds more access: the badge, sign-ins and save buttons say why they are disabled', async ({
  page,
}) => {
  await signIn(page, 'outlet');
  await page.goto('/admin/accounts-users');
  await page.getByTestId('user-list').getByRole('button', { name: /^Ada / }).click();
  const userBox = page.getByTestId('user-box');
  for (const name of ['Show Badge Code', 'Regenerate Badge', 'Sign-ins'])
    await expect(userBox.getByRole('button', { name })).toHaveAccessibleDescription(
      'This user has access you do not hold',
    );
  await expect(userBox.getByRole('button', { name: 'Save User' })).toHaveAccessibleDescription(
    'This user holds access you do not hold',
  );
  const found: string[] = [];
  await sweepHere(page, 'user badge', found);
  expect(found).toEqual([]);
  // Still reached by the keyboard, where its description is read.
  await userBox.getByRole('button', { name: 'Show Badge Code' }).focus();
  await expect(userBox.getByRole('button', { name: 'Show Badge Code' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/disabled-reason-user-badge.png` });
});
