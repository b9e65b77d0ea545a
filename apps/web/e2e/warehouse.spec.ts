import { formatReadableInOffset } from '@backroom/shared';
import { expect, query, signIn, test } from './support/fixtures';

// A browser far from the account's UTC offset: every time shown must still be the account's.
test.use({ timezoneId: 'Asia/Tokyo' });

test('builds a warehouse down to the bin, prints a bin label into the Print Queue, and opens a scanned bin', async ({
  page,
}) => {
  await signIn(page, 'warehouse');
  await page.getByRole('navigation').getByRole('link', { name: 'Warehouses' }).click();
  await expect(page.getByTestId('warehouse-list')).toContainText('Main Warehouse');

  // A new warehouse.
  await page.getByRole('button', { name: 'New Warehouse' }).click();
  await page.getByLabel('Name').fill('Garage Store');
  await page.getByLabel('Short alias').fill('gar');
  await page.getByRole('button', { name: 'Create Warehouse' }).click();
  await expect(page.getByTestId('warehouse-alias')).toHaveText('GAR');

  // Zone 01, rows AA then BA, a section, a shelf and two bins — each by 'Add next …'.
  await page.getByRole('button', { name: 'Add next zone' }).click();
  await expect(page.getByText('Added Zone 01')).toBeVisible();
  await page.getByTestId('division-node-GAR-01').getByText('Zone 01').click();
  const panel = page.getByTestId('division-panel');
  await expect(panel.getByTestId('division-barcode')).toHaveText('GAR-01');
  await panel.getByRole('button', { name: 'Add next row' }).click();
  await expect(page.getByText('Added Row AA')).toBeVisible();
  await panel.getByRole('button', { name: 'Add next row' }).click();
  await expect(page.getByText('Added Row BA')).toBeVisible();
  await expect(page.getByTestId('division-node-GAR-01AA')).toBeVisible();
  await expect(page.getByTestId('division-node-GAR-01BA')).toBeVisible();

  await page.getByTestId('division-node-GAR-01AA').getByText('Row AA').click();
  await panel.getByRole('button', { name: 'Add next section' }).click();
  await expect(page.getByText('Added Section 01')).toBeVisible();
  await page.getByTestId('division-node-GAR-01AA01').getByText('Section 01').click();
  await panel.getByRole('button', { name: 'Add next shelf' }).click();
  await expect(page.getByText('Added Shelf AA')).toBeVisible();
  await page.getByTestId('division-node-GAR-01AA01AA').getByText('Shelf AA').click();
  await panel.getByRole('button', { name: 'Add next bin' }).click();
  await expect(page.getByText('Added Bin 01')).toBeVisible();
  await panel.getByRole('button', { name: 'Add next bin' }).click();
  await expect(page.getByText('Added Bin 02')).toBeVisible();
  await expect(page.getByTestId('division-node-GAR-01AA01AA-02')).toBeVisible();
  // Several at once: three more bins in one request.
  await panel.getByRole('textbox', { name: 'How many bins to add' }).fill('3');
  await panel.getByRole('button', { name: 'Add next 3 bins' }).click();
  await expect(page.getByText('Added 3 Bins 03–05')).toBeVisible();
  await expect(page.getByTestId('division-node-GAR-01AA01AA-05')).toBeVisible();
  await page.screenshot({ path: '../../test-results/screens/warehouse-editor.png', fullPage: true });

  const divisions = await query<{ barcode: string }>(
    `select d.barcode from warehouse_divisions d join warehouses w on w.id = d.warehouse_id where w.short_alias = 'GAR' order by d.id`,
  );
  expect(divisions.map((d) => d.barcode)).toEqual([
    'GAR-01',
    'GAR-01AA',
    'GAR-01BA',
    'GAR-01AA01',
    'GAR-01AA01AA',
    'GAR-01AA01AA-01',
    'GAR-01AA01AA-02',
    'GAR-01AA01AA-03',
    'GAR-01AA01AA-04',
    'GAR-01AA01AA-05',
  ]);

  // Print bin 02's label on the bench printer.
  await page.getByTestId('division-node-GAR-01AA01AA-02').getByText('Bin 02').click();
  await expect(panel.getByTestId('division-barcode')).toHaveText('GAR-01AA01AA-02');
  await panel.getByRole('button', { name: 'Print label' }).click();
  await page.getByRole('textbox', { name: 'Printer' }).click();
  // The bench printer (another test may have renamed it): any name starting with 'Bench'.
  await page.getByRole('option', { name: /^Bench/ }).click();
  // The popover stays open while a printer is chosen: its own button prints.
  await page
    .getByRole('dialog', { name: 'Print label' })
    .getByRole('button', { name: 'Print label' })
    .click();
  await expect(page.getByText(/^Label GAR-01AA01AA-02 sent to Bench/)).toBeVisible();
  // A print the server refuses says so with §8's title and the server's reason.
  await page.route('**/api/v1/backroom/print/divisionLabel', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 409,
        data: [],
        error: { code: 'conflict', message: 'Bench printer is off.' },
      }),
    }),
  );
  await panel.getByRole('button', { name: 'Print label' }).click();
  await page
    .getByRole('dialog', { name: 'Print label' })
    .getByRole('button', { name: 'Print label' })
    .click();
  await expect(page.getByText('Failed to Print Warehouse Barcode!')).toBeVisible();
  await expect(page.getByText('Bench printer is off.')).toBeVisible();
  await page.unroute('**/api/v1/backroom/print/divisionLabel');
  await page.keyboard.press('Escape');

  // Every label of the shelf (the shelf and its five bins) as one print job.
  await page.getByTestId('division-node-GAR-01AA01AA').getByText('Shelf AA').click();
  await expect(panel.getByTestId('division-barcode')).toHaveText('GAR-01AA01AA');
  await panel.getByRole('button', { name: 'Print all labels of this shelf' }).click();
  const printAll = page.getByRole('dialog', { name: 'Print all labels of this shelf' });
  await printAll.getByRole('textbox', { name: 'Printer' }).click();
  await page.getByRole('option', { name: /^Bench/ }).click();
  await printAll.getByRole('button', { name: 'Print all labels' }).click();
  const batch = '6 labels GAR-01AA01AA – GAR-01AA01AA-05';
  await expect(page.getByText(new RegExp(`^${batch} sent to Bench.* as one job$`))).toBeVisible();
  const batchJobs = await query<{ content: string }>(
    `select content from print_jobs where description = $1`,
    [batch],
  );
  expect(batchJobs).toHaveLength(1);
  expect(batchJobs[0]!.content.match(/\^XA/g)).toHaveLength(6);

  await page.getByRole('navigation').getByRole('link', { name: 'Print Queue' }).click();
  const queue = page.getByTestId('print-queue');
  const row = queue.getByRole('row').filter({ hasText: 'GAR-01AA01AA-02' });
  await expect(row).toContainText('printed');
  await expect(row.getByRole('img', { name: 'Preview of GAR-01AA01AA-02' })).toBeVisible();
  const naturalWidth = await row.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth);
  expect(naturalWidth).toBeGreaterThan(100);
  await expect(queue.getByRole('row').filter({ hasText: batch })).toContainText('printed');
  await page.screenshot({ path: '../../test-results/screens/print-queue.png', fullPage: true });
  const jobs = await query<{ state: string; content: string }>(
    `select state, content from print_jobs where description = 'GAR-01AA01AA-02'`,
  );
  expect(jobs[0]!.state).toBe('printed');
  expect(jobs[0]!.content).toContain('GAR-01AA01AA-02');
  // Its time is the account's (UTC-6), whatever the browser's time zone (Tokyo here).
  const [job] = await query<{ created_at: Date }>(
    `select created_at from print_jobs where description = 'GAR-01AA01AA-02'`,
  );
  await expect(row).toContainText(
    formatReadableInOffset(job!.created_at, '-06:00', { year: false, seconds: true }),
  );

  // Scan a bin of the demo warehouse anywhere on the warehouse screens: its page opens on that bin.
  await page.getByRole('navigation').getByRole('link', { name: 'Warehouses' }).click();
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.type('MAIN-01BA02AB-03', { delay: 3 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/warehouse\/\d+\?division=MAIN-01BA02AB-03/);
  await expect(page.getByTestId('division-panel').getByTestId('division-barcode')).toHaveText(
    'MAIN-01BA02AB-03',
  );
  await expect(page.getByTestId('division-node-MAIN-01BA02AB-03')).toBeVisible();
  await page.screenshot({ path: '../../test-results/screens/scanned-bin.png', fullPage: true });
});

test('refuses to deactivate a bin that holds units, saying how many', async ({ page }) => {
  await signIn(page, 'warehouse');
  await page.goto('/warehouse');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.type('MAIN-01AA01AA-01', { delay: 3 });
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('division-panel');
  await expect(panel.getByTestId('division-barcode')).toHaveText('MAIN-01AA01AA-01');
  // The units load after the division itself.
  await expect(panel.getByTestId('division-units').locator('tbody tr').first()).toBeVisible();
  const units = await panel.getByTestId('division-units').locator('tbody tr').count();
  expect(units).toBeGreaterThan(0);
  // A unit's history: received into this bin.
  await panel.getByTestId('division-units').getByRole('button').first().click();
  await expect(page.getByTestId('unit-history')).toContainText('received');
  await expect(page.getByTestId('unit-history')).toContainText('MAIN-01AA01AA-01');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('unit-history')).toBeHidden();
  await panel.getByRole('switch', { name: 'Active' }).dispatchEvent('click');
  // The refusal in §8's words, with the server's reason under it.
  await expect(page.getByText('Error updating MAIN-01AA01AA-01.')).toBeVisible();
  await expect(
    page.getByText(
      `MAIN-01AA01AA-01 holds ${units} unit${units === 1 ? '' : 's'} and cannot be deactivated.`,
    ),
  ).toBeVisible();
  await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
  const [row] = await query<{ is_active: number }>(
    `select is_active from warehouse_divisions where barcode = 'MAIN-01AA01AA-01'`,
  );
  expect(row!.is_active).toBe(1);

  // An empty bin deactivates, and says so.
  const [empty] = await query<{ barcode: string }>(
    `select d.barcode from warehouse_divisions d join warehouses w on w.id = d.warehouse_id
      where w.short_alias = 'MAIN' and d.level = 'bin' and d.is_active = 1
        and not exists (select 1 from inventory_location_items i where i.inventory_location_id = d.id)
      order by d.barcode limit 1`,
  );
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.type(empty!.barcode, { delay: 3 });
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('division-barcode')).toHaveText(empty!.barcode);
  await panel.getByRole('switch', { name: 'Active' }).dispatchEvent('click');
  await expect(page.getByText(`Updated ${empty!.barcode}.`)).toBeVisible();
  const activeOf = async (barcode: string) =>
    (
      await query<{ is_active: number }>('select is_active from warehouse_divisions where barcode = $1', [
        barcode,
      ])
    )[0]!.is_active;
  await expect.poll(() => activeOf(empty!.barcode)).toBe(0);
  await panel.getByRole('switch', { name: 'Active' }).dispatchEvent('click');
  await expect.poll(() => activeOf(empty!.barcode)).toBe(1);
});
