import type { Locator, Page } from '@playwright/test';
import { choose, expect, query, signIn, test } from './support/fixtures';

// Issue 19 §2 and §4: help at hand (the ? reference, glossary, names, empty states, loading frame) and scan
// fields that keep a refused code selected.
const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;
const SHOTS = '../../test-results/screens';

/** The field still holds `text`, all of it selected: the next scan replaces it. */
async function expectKeptSelected(field: Locator, text: string) {
  await expect(field).toHaveValue(text);
  await expect(field).toBeFocused();
  await expect
    .poll(() =>
      field.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)),
    )
    .toBe(text);
}

async function openReference(page: Page) {
  // The screen is drawn (its ? listener is on), then the focus goes outside any field: the body has it.
  await expect(page.getByRole('button', { name: 'Keyboard and scanner reference' })).toBeVisible();
  await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  const reference = page.getByRole('dialog', { name: 'Keyboard and scanner' });
  await expect(reference).toBeVisible();
  return reference;
}

test('? opens the keyboard and scanner reference of the screen, never while typing in a field', async ({
  page,
}) => {
  await signIn(page, 'admin');

  // Point of Sale: its scan field has the focus, so ? is typed into it, not taken as the shortcut.
  await page.goto('/POS/new');
  const scanField = page.getByTestId('pos-scan-input');
  await expect(scanField).toBeFocused();
  await page.keyboard.press('?');
  await expect(scanField).toHaveValue('?');
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog', { name: 'Keyboard and scanner' })).toHaveCount(0);
  await scanField.fill('');

  let reference = await openReference(page);
  await expect(reference).toContainText(
    'Scan a barcode at any time: the screen you are on decides what it does.',
  );
  await expect(reference.getByRole('heading', { name: 'On this screen: Point of Sale' })).toBeVisible();
  const scans = reference.getByTestId('reference-scans');
  await expect(
    scans.getByRole('row', { name: /Product barcode .* Adds the product to the sale/ }),
  ).toBeVisible();
  await expect(scans.getByRole('row', { name: /^Gift card \/\/GC/ })).toBeVisible();
  await expect(reference.getByRole('row', { name: /Open this reference/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/help-reference-pos.png` });
  await page.keyboard.press('Escape');
  await expect(reference).toBeHidden();

  // The packing station's hint line and its reference come from one list.
  await page.goto('/warehouse/packing');
  await expect(page.getByText('choose a rate')).toBeVisible();
  reference = await openReference(page);
  await expect(
    reference.getByRole('row', { name: /↑ ↓ In the empty scan field: choose the next or previous rate/ }),
  ).toBeVisible();
  await expect(reference.getByTestId('reference-scans')).toContainText('{PKG:');
  await page.keyboard.press('Escape');

  // Returns: what each kind of label does there.
  await page.goto('/returns');
  reference = await openReference(page);
  await expect(reference.getByRole('row', { name: /^Return label IBR-.* Opens the return$/ })).toBeVisible();
  await expect(reference.getByRole('row', { name: /^Amazon RMA/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // A screen that takes no scans says so; the header's ? button opens the same reference.
  await page.goto('/orders/outbox');
  await page.getByRole('button', { name: 'Keyboard and scanner reference' }).click();
  reference = page.getByRole('dialog', { name: 'Keyboard and scanner' });
  await expect(reference.getByTestId('reference-no-scans')).toHaveText(
    'This screen takes no scans: a scan here is refused with a red flash.',
  );
  await page.keyboard.press('Escape');

  // The home page's scanner panel lists the same kinds of labels per screen.
  await page.goto('/');
  await expect(page.getByRole('listitem').filter({ hasText: /^Recondition Inventory:/ })).toContainText(
    'quarantine bin label (qpgu), bin or shelf label, product barcode',
  );
});

test('scan fields on a return, the warehouses and Recondition keep a refused code selected', async ({
  page,
}) => {
  const [demo] = await query<{ id: number; upc: string }>(`
    select r.id, p.upc from inbound_returns r join inbound_return_items i on i.inbound_return_id = r.id
    join products p on p.id = i.product_id
    where r.account_id = ${MUSIC} and r.return_status_id = 1 and r.is_first_party_return = 0
      and p.upc is not null and i.quantity = 1 and i.quantity_received = 0
      and (select count(*) from inbound_return_items x where x.inbound_return_id = r.id) = 1
    order by r.id desc limit 1`);
  const [division] = await query<{ barcode: string; warehouse_id: number }>(
    `select d.barcode, d.warehouse_id from warehouse_divisions d join warehouses w on w.id = d.warehouse_id
     where w.account_id = ${MUSIC} and d.chaos_bin is not null order by d.id limit 1`,
  );
  await signIn(page, 'admin');

  // Warehouses: an unknown bin stays, selected; the next scan replaces it and opens the bin.
  await page.goto('/warehouse');
  const warehouseField = page.getByTestId('warehouse-scan-field');
  await warehouseField.fill('NOPE-01AA01AA-B1');
  await warehouseField.press('Enter');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectKeptSelected(warehouseField, 'NOPE-01AA01AA-B1');
  await expect(page.getByTestId('scan-flash')).toHaveAttribute('data-taken', 'false');
  await page.keyboard.type(division!.barcode);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/warehouse/${division!.warehouse_id}\\?division=`));
  await expect(page.getByTestId('division-barcode')).toHaveText(division!.barcode);

  // Recondition: a product before its QPGU is refused and stays selected.
  await page.goto('/warehouse/recondition');
  const reconditionField = page.getByTestId('recondition-scan-field');
  await reconditionField.fill('012345678905');
  await reconditionField.press('Enter');
  await expect(page.getByText('Scan a QPGU before Scanning a Unit')).toBeVisible();
  await expectKeptSelected(reconditionField, '012345678905');
  await page.screenshot({ path: `${SHOTS}/help-recondition-refused.png` });

  // A return: a UPC on no item stays selected; the item's own UPC then opens the receive dialog.
  await page.goto(`/return/${demo!.id}`);
  await choose(page, 'return-warehouse', /^Main Warehouse/);
  const returnField = page.getByTestId('return-scan-field');
  await returnField.fill('012345678905');
  await returnField.press('Enter');
  await expect(page.getByText('No item found with barcode matching: 012345678905.')).toBeVisible();
  await expectKeptSelected(returnField, '012345678905');
  await page.screenshot({ path: `${SHOTS}/help-return-refused.png` });
  await page.keyboard.type(demo!.upc);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').first()).toBeVisible();
  await expect(returnField).toHaveValue('');
});

test('glossary tooltips, clear names and purposes, empty states, printers at 1366 px, the bench scale', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const [product] = await query<{ brand_id: number }>(
    `select brand_id from products where account_id = ${MUSIC} and type_id = 0 and is_active = 1
      and brand_id is not null order by id limit 1`,
  );
  await signIn(page, 'admin');

  // Glossary: QAV and MAP in the brand table's headers, by mouse and by keyboard.
  await page.goto(`/catalogue/brand/${product!.brand_id}?isActive=1`);
  await expect(page.getByTestId('page-purpose')).toContainText(
    'One brand’s products in a table to edit in place',
  );
  const qav = page.locator('abbr[data-glossary="QAV"]').first();
  await qav.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Quantity available: units in stock that can be sold now, in every warehouse.',
  );
  await page.locator('abbr[data-glossary="MAP"]').first().focus();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Minimum advertised price' })).toBeVisible();
  await expect(page.locator('abbr[data-glossary="MAP"]').first()).toHaveAccessibleDescription(
    'Minimum advertised price: the lowest price the brand allows the product to be advertised at.',
  );
  await page.screenshot({ path: `${SHOTS}/help-glossary-map.png` });

  // Product search: the menu says what it is; the heading stays the spec's 'SEO', with a purpose and an empty state.
  await page.getByRole('navigation').getByRole('link', { name: 'Product Search (SEO)' }).click();
  await expect(page.getByRole('heading', { name: 'SEO', exact: true })).toBeVisible();
  await expect(page.getByTestId('page-purpose')).toContainText(
    'find any active product by SKU, UPC, name or MPN',
  );
  await expect(page.getByTestId('search-empty')).toContainText('Start a Search');
  await expect(page.getByTestId('search-empty')).toContainText('or scan a product barcode');

  await page.goto('/manage/products');
  await expect(page.getByTestId('page-purpose')).toContainText('change them together');

  // Printers: the table fits a 1366 px screen; a deactivated printer reads Inactive, with no coloured dot.
  await page.goto('/warehouse/printers');
  const firstRow = page.locator('[data-testid^="printer-row-"]').first();
  await expect(firstRow.getByTestId('printer-active')).toHaveText('Active');
  await expect(firstRow.getByTestId('printer-online')).toHaveAttribute('aria-label', /^(Online|Offline)$/);
  const rowId = Number((await firstRow.getAttribute('data-testid'))!.replace('printer-row-', ''));
  const overflow = await page
    .getByTestId('printers-table')
    .locator('table')
    .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  await page.screenshot({ path: `${SHOTS}/help-printers-1366.png`, fullPage: true });

  await firstRow.getByRole('button', { name: /^Deactivate / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect
    .poll(
      async () =>
        (await query<{ is_active: number }>('select is_active from printers where id = $1', [rowId]))[0]!
          .is_active,
    )
    .toBe(0);
  await page.getByLabel('Show inactive').check();
  const inactiveRow = page.getByTestId(`printer-row-${rowId}`);
  await expect(inactiveRow.getByTestId('printer-active')).toHaveText('Inactive');
  await expect(inactiveRow.getByTestId('printer-online')).toHaveAttribute('aria-label', 'Deactivated');
  await page.screenshot({ path: `${SHOTS}/help-printers-inactive.png`, fullPage: true });
  await inactiveRow.getByRole('button', { name: /^Activate / }).click();
  await expect(inactiveRow.getByTestId('printer-active')).toHaveText('Active');
  await expect
    .poll(
      async () =>
        (await query<{ is_active: number }>('select is_active from printers where id = $1', [rowId]))[0]!
          .is_active,
    )
    .toBe(1);

  // The bench scale says what it is and how to connect.
  await page.goto('/warehouse');
  await expect(page.getByTestId('bench-scale-help')).toContainText('press Connect');
});

test('empty Outbox and Print Queue say what will appear and how; loading shows the app frame', async ({
  page,
}) => {
  const [outlet] = await query<{ mails: number; jobs: number }>(
    `select (select count(*)::int from mail_outbox where account_id = a.id) as mails,
            (select count(*)::int from print_jobs where account_id = a.id) as jobs
     from accounts a where a.name = 'Demo Outlet'`,
  );
  expect(outlet, 'the outlet account has sent no e-mail and printed nothing').toEqual({ mails: 0, jobs: 0 });
  await signIn(page, 'admin');
  await choose(page, 'account-switcher', 'Demo Outlet');
  await expect(page.getByTestId('account-switcher')).toHaveValue('Demo Outlet');
  try {
    await page.goto('/orders/outbox');
    await expect(page.getByTestId('outbox-empty')).toHaveText('No Messages');
    await expect(page.getByText('Every e-mail Backroom sends to a customer appears here')).toBeVisible();
    await page.goto('/warehouse/print-queue');
    await expect(page.getByTestId('print-queue-empty')).toContainText(
      'No print jobs yet. Every label printed from Backroom appears here',
    );
    await page.screenshot({ path: `${SHOTS}/help-print-queue-empty.png` });
  } finally {
    await choose(page, 'account-switcher', 'Demo Music Co');
    await expect(page.getByTestId('account-switcher')).toHaveValue('Demo Music Co');
  }

  // The session check held open: the app's frame with placeholders shows, not a blank page.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/**/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/orders');
  await expect(page.getByTestId('app-frame-skeleton')).toBeVisible();
  await expect(page.getByText('Backroom', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/help-loading-frame.png` });
  release();
  await expect(page.getByTestId('app-frame-skeleton')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
});
