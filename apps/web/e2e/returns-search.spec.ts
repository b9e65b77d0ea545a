import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { dismissToasts, expect, query, signIn, test } from './support/fixtures';

// Returns search (/returns; returns.md §Returns search): a returns clerk opens it from the menu, searches by
// order number and by customer name, filters by status, narrows to one order, reads and adds a note, downloads
// the list, and scans return labels and a tracking number with a keyboard-wedge scanner.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `../../test-results/screens/returns-search-${name}.png`, fullPage: true });

/** Demo Music Co's returns as the list must show them (newest order first), by a condition on ir/o/c. */
async function expectedIds(where: string, params: unknown[] = []) {
  const rows = await query<{ id: number }>(
    `select ir.id from inbound_returns ir
     left join channel_order_returns r on r.id = ir.channel_order_return_id
     left join channel_orders o on o.id = r.channel_order_id
     left join customers c on c.id = ir.customer_id
     join accounts a on a.id = ir.account_id
     where a.name = 'Demo Music Co' and ${where}
     order by coalesce(o.ordered_at, ir.requested_at) desc, ir.id desc`,
    params,
  );
  return rows.map((r) => r.id);
}

/** The return ids the table shows, in order. */
const shownIds = async (page: Page) =>
  (await page
    .getByTestId('returns-table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Number(row.getAttribute('data-testid')?.replace('return-row-', ''))),
    )) as number[];

/** Types `text` as a scanner does: fast keys outside any field, then Enter. */
async function scan(page: Page, text: string) {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

test('returns search: menu, search, filters, order filter, notes, download and scans', async ({ page }) => {
  await signIn(page, 'warehouse');
  await page.getByRole('link', { name: 'Returns', exact: true }).click();
  await expect(page).toHaveURL(/\/returns$/);

  // The list opens on In Process returns and any appeal status, newest order first.
  const inProcess = await expectedIds('ir.return_status_id = 10');
  expect(inProcess.length).toBeGreaterThan(1);
  await expect(page.getByRole('heading', { name: 'Returns', exact: true })).toBeVisible();
  await expect(page.getByTestId('return-status-filter')).toHaveValue('In Process');
  await expect(page.getByTestId('appeal-status-filter')).toHaveValue('');
  await expect(page.getByTestId('appeal-status-filter')).toHaveAttribute(
    'placeholder',
    'Any/No Appeal Status',
  );
  await expect(page.getByPlaceholder('Search Returns')).toBeVisible();
  await expect(page.getByText(`${inProcess.length} result(s) for "Latest" [search]`)).toBeVisible();
  await expect.poll(() => shownIds(page)).toEqual(inProcess);
  for (const header of ['Return', 'Return Status', 'Order', 'Name', 'Channel', 'Order Status', 'Ordered']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const [first] = await query<{
    id: number;
    order_id: number;
    number: string;
    name: string;
    channel: string;
    ordered: string;
  }>(
    `select ir.id, o.id as order_id, o.channel_order_number as number, c.first_name || ' ' || c.last_name as name,
       ch.name as channel, to_char(o.ordered_at at time zone 'UTC', 'YYYY-MM-DD') as ordered
     from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
     join channel_orders o on o.id = r.channel_order_id join customers c on c.id = ir.customer_id
     join sales_channels ch on ch.id = o.channel_id where ir.id = $1`,
    [inProcess[0]],
  );
  const firstRow = page.getByTestId(`return-row-${first!.id}`);
  await expect(firstRow).toContainText(`${first!.number}#${first!.order_id}`);
  await expect(firstRow).toContainText(first!.name);
  await expect(firstRow).toContainText(first!.channel);
  await expect(firstRow.getByRole('link', { name: String(first!.id), exact: true })).toHaveAttribute(
    'href',
    `/return/${first!.id}`,
  );
  await shot(page, 'opened');

  // Search by order number (any status).
  await page.getByLabel('Clear return status').click();
  await expect(page).toHaveURL(/inboundReturnStatusId=0/);
  await expect(page.getByTestId('return-status-filter')).toHaveAttribute(
    'placeholder',
    'Any/No Return Status',
  );
  const [byNumber] = await query<{ id: number; number: string }>(
    `select ir.id, o.channel_order_number as number from inbound_returns ir
     join channel_order_returns r on r.id = ir.channel_order_return_id join channel_orders o on o.id = r.channel_order_id
     join sales_channels ch on ch.id = o.channel_id where ch.site_id = 1 and ir.return_status_id = 20 order by ir.id limit 1`,
  );
  await page.getByPlaceholder('Search Returns').fill(byNumber!.number);
  await expect(page.getByText(`1 result(s) for "${byNumber!.number}" [search]`)).toBeVisible();
  await expect.poll(() => shownIds(page)).toEqual([byNumber!.id]);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(byNumber!.number)}`));
  await shot(page, 'by-order-number');

  // Search by customer name.
  const name = first!.name;
  const byName = await expectedIds(`lower(c.first_name || ' ' || c.last_name) like lower($1)`, [`%${name}%`]);
  await page.getByPlaceholder('Search Returns').fill(name.toLowerCase());
  await expect(
    page.getByText(`${byName.length} result(s) for "${name.toLowerCase()}" [search]`),
  ).toBeVisible();
  await expect.poll(() => shownIds(page)).toEqual(byName);
  await expect(page.getByTestId('returns-table').locator('tbody tr')).toHaveCount(byName.length);
  for (const row of await page.getByTestId('returns-table').locator('tbody tr').all()) {
    await expect(row).toContainText(name);
  }

  // Filter by status: Closed, with no search.
  await page.getByLabel('Clear search').click();
  const closed = await expectedIds('ir.return_status_id = 20');
  await page.getByTestId('return-status-filter').click();
  await page.getByRole('option', { name: 'Closed', exact: true }).click();
  await expect(page).toHaveURL(/inboundReturnStatusId=20/);
  await expect(page.getByText(`${closed.length} result(s) for "Latest" [search]`)).toBeVisible();
  await expect.poll(() => shownIds(page)).toEqual(closed);
  await expect(page.getByTestId('return-status')).toHaveText(closed.map(() => 'Closed'));
  await shot(page, 'closed');

  // Clicking an order number adds the filter 'Order # = …'.
  const closedRow = page.getByTestId(`return-row-${closed[0]}`);
  const orderNumber = (await closedRow.getByTestId('order-number').textContent())!;
  await closedRow.getByTestId('order-number').click();
  await expect(page.getByTestId('order-filter')).toHaveText(`Order # = ${orderNumber}`);
  const ofOrder = await expectedIds('ir.return_status_id = 20 and o.channel_order_number = $1', [
    orderNumber,
  ]);
  await expect(
    page.getByText(`${ofOrder.length} result(s) for "${orderNumber}" [orderNumber]`),
  ).toBeVisible();
  await expect.poll(() => shownIds(page)).toEqual(ofOrder);
  await shot(page, 'order-filter');

  // The notes icon: its tooltip, then the modal where a note is added. Which return this is depends on the
  // specs before this one (return-receiving closes a return, which may then be the newest Closed one), so its
  // notes are read from the database: the return's own notes (not its items'), the newest with its author.
  const returnId = ofOrder[0]!;
  const notesOf = async (id: number) => {
    const own = await query<{ text: string; author: string | null }>(
      `select n.text, u.first_name || ' ' || u.last_name as author from inbound_return_notes n
       left join users u on u.id = n.user_id
       where n.inbound_return_id = $1 and n.inbound_return_item_id is null order by n.created_at desc, n.id desc`,
      [id],
    );
    const last = own[0];
    return {
      count: own.length,
      tooltip: last
        ? `${own.length} Notes - Last Note: ${last.text} by ${last.author?.trim() || 'System'}`
        : `${own.length} Notes`,
    };
  };
  const before = await notesOf(returnId);
  const row = page.getByTestId(`return-row-${returnId}`);
  await row.getByTestId('return-notes').hover();
  await expect(page.getByRole('tooltip')).toHaveText(before.tooltip);
  await row.getByTestId('return-notes').click();
  const modal = page.getByRole('dialog', { name: `${orderNumber} Notes` });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('return-note')).toHaveCount(before.count);
  const note = `Box dented, checked by e2e ${Date.now()}`;
  await modal.getByLabel('Leave a Note').fill(note);
  await shot(page, 'notes-modal');
  await modal.getByLabel('Leave a Note').press('Enter');
  await expect(modal).toBeHidden();
  await row.getByTestId('return-notes').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    `${before.count + 1} Notes - Last Note: ${note} by Wes Warehouse`,
  );
  const stored = await query<{ text: string; email: string; note_type_id: number }>(
    `select n.text, u.email, n.note_type_id from inbound_return_notes n join users u on u.id = n.user_id
     where n.inbound_return_id = $1 order by n.id desc limit 1`,
    [returnId],
  );
  expect(stored).toEqual([{ text: note, email: 'warehouse@backroom.local', note_type_id: 0 }]);

  // Download the list: every return of the search, with the table's columns.
  await page.getByLabel('Remove the order filter').click();
  await expect.poll(() => shownIds(page)).toEqual(closed);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  const today = new Date().toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toMatch(/^list-channel-order-returns-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect([today, new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)]).toContain(
    file.suggestedFilename().slice(27, 37),
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, 9)).toEqual([
    'Return',
    'Return Status',
    'Order',
    'Channel Order Id',
    'Name',
    'Channel',
    'Order Status',
    'Ordered',
  ]);
  const downloaded: number[] = [];
  sheet.eachRow((r, n) => {
    if (n > 1) downloaded.push(Number(r.getCell(1).value));
  });
  expect(downloaded).toEqual(closed);

  // A failed search says so and empties the list.
  await page.route('**/api/v1/backroom/returns/search?*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 500, data: [], error: { code: 'internal', message: 'boom' } }),
    }),
  );
  await page.getByTestId('return-status-filter').click();
  await page.getByRole('option', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error Searching Returns.' })).toBeVisible();
  await expect(page.getByTestId('returns-table')).toHaveCount(0);
  await expect(page.getByTestId('returns-empty')).toHaveText('Error Searching Returns.');
  await shot(page, 'search-failed');
  await page.unroute('**/api/v1/backroom/returns/search?*');
  // The error stays until dismissed; the clerk closes it before going on.
  await dismissToasts(page);
  await page.getByTestId('return-status-filter').click();
  await page.getByRole('option', { name: 'Closed', exact: true }).click();
  await expect.poll(() => shownIds(page)).toEqual(closed);

  // A scanned tracking number searches for it; a return label (with or without slashes) opens the return.
  // The label: an existing UPS label added to a closed return, as the return page's 'Add an Existing Label' does.
  const tracking = '1Z999AA10123456784';
  const label = { id: closed[2]!, tracking };
  const added = await page.request.post('/api/v1/backroom/returns/shipments/new', {
    data: {
      inboundReturnId: label.id,
      trackingNumbers: [{ trackingNumber: tracking, carrierFeeBilled: 7.5 }],
    },
  });
  expect(added.status()).toBe(200);
  await scan(page, label.tracking);
  await expect(page.getByText(`1 result(s) for "${label.tracking}" [trackingNumber]`)).toBeVisible();
  await expect.poll(() => shownIds(page)).toEqual([label.id]);
  await expect(page.getByPlaceholder('Search Returns')).toHaveValue(label.tracking);
  await shot(page, 'scanned-tracking');

  await scan(page, `IBR-${label.id}`);
  await expect(page).toHaveURL(new RegExp(`/return/${label.id}$`));
  await expect(page.getByTestId('return-title')).toHaveText(`Return #${label.id}`);
  await shot(page, 'scanned-ibr');
  await page.goBack();
  await expect(page).toHaveURL(/\/returns\?/);
  await scan(page, `/IBR-${closed[1]}/`);
  await expect(page).toHaveURL(new RegExp(`/return/${closed[1]}$`));
  await expect(page.getByTestId('return-title')).toHaveText(`Return #${closed[1]}`);
});

test('a user without the returns permission has no Returns in the menu', async ({ page }) => {
  await signIn(page, 'sales');
  await expect(page.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Returns', exact: true })).toHaveCount(0);
});
