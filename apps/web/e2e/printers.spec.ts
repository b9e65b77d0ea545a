import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, query, signIn, test } from './support/fixtures';

const SCREENS = '../../test-results/screens';

/** The demo account that owns the Main Warehouse (the printers are per account). */
async function mainAccountId() {
  const [row] = await query<{ account_id: number }>(
    `select account_id from warehouses where short_alias = 'MAIN'`,
  );
  return row!.account_id;
}

async function printer(name: string) {
  const [row] = await query<{
    id: number;
    common_name: string;
    is_active: number;
    paper_id: number | null;
    config: { peel?: boolean; cut?: boolean };
  }>(`select * from printers where account_id = $1 and common_name = $2`, [await mainAccountId(), name]);
  return row!;
}

async function openPrinters(page: Page, who: 'warehouse' | 'admin' = 'warehouse') {
  await signIn(page, who);
  await page.getByRole('navigation').getByRole('link', { name: 'Printers' }).click();
  await expect(page).toHaveURL(/\/warehouse\/printers/);
  // The first warehouse that fulfils orders.
  await expect(page.getByRole('heading', { name: 'Main Warehouse Printers' })).toBeVisible();
}

test('deactivates a printer through the confirmation, renames after the debounce, flips switches, downloads', async ({
  page,
}) => {
  await openPrinters(page);
  const shelf = await printer('Shelf Strip Printer');
  const shelfRow = page.getByTestId(`printer-row-${shelf.id}`);
  await expect(shelfRow.getByRole('textbox', { name: 'Printer name' })).toHaveValue('Shelf Strip Printer');
  await expect(shelfRow.getByText('Built-in', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/printers-page.png`, fullPage: true });

  // Cancel keeps the printer.
  await shelfRow.getByRole('button', { name: 'Deactivate Shelf Strip Printer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please Confirm' });
  await expect(confirm).toContainText('This will deactivate printer: Shelf Strip Printer. Are you sure?');
  await page.screenshot({ path: `${SCREENS}/printers-confirm.png` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(shelfRow).toBeVisible();
  expect((await printer('Shelf Strip Printer')).is_active).toBe(1);

  // Deactivate: the printer leaves the list, and the database says so.
  await shelfRow.getByRole('button', { name: 'Deactivate Shelf Strip Printer' }).click();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(shelfRow).toHaveCount(0);
  await expect.poll(async () => (await printer('Shelf Strip Printer')).is_active).toBe(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Main Warehouse Printers' })).toBeVisible();
  await expect(page.getByTestId(`printer-row-${shelf.id}`)).toHaveCount(0);

  // Rename: one PATCH once the typing stops (350 ms after the last key), not one a key; an empty name is never
  // sent. (The wait itself is not timed here: tests assert behaviour, not the machine's speed.)
  const patches: { body: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith('/api/backroom/warehouse/printer'))
      patches.push({ body: request.postDataJSON() });
  });
  const bench = await printer('Bench Label Printer');
  const benchRow = page.getByTestId(`printer-row-${bench.id}`);
  const name = benchRow.getByRole('textbox', { name: 'Printer name' });
  await name.fill('');
  await expect(benchRow.getByText('Printer name is required')).toBeVisible();
  await name.pressSequentially('Bench Zebra', { delay: 60 });
  await expect
    .poll(async () => (await query(`select common_name from printers where id = $1`, [bench.id]))[0])
    .toEqual({ common_name: 'Bench Zebra' });
  expect(patches.map((p) => p.body)).toEqual([{ id: bench.id, commonName: 'Bench Zebra' }]);

  // The server name is edited in place too, and shows on every printer of that server.
  const large = await printer('Large Label Printer');
  await benchRow.getByRole('textbox', { name: 'Server name' }).fill('Bench Built-in');
  await expect(
    page.getByTestId(`printer-row-${large.id}`).getByRole('textbox', { name: 'Server name' }),
  ).toHaveValue('Bench Built-in');
  await expect
    .poll(
      async () =>
        (
          await query(
            `select s.common_name from print_servers s join printers p on p.server_id = s.id
            where p.id = $1`,
            [bench.id],
          )
        )[0],
    )
    .toEqual({ common_name: 'Bench Built-in' });

  // Switches save at once.
  await benchRow.getByRole('switch', { name: 'Peel' }).click({ force: true });
  await expect.poll(async () => (await printer('Bench Zebra')).config.peel).toBe(true);
  await benchRow.getByRole('switch', { name: 'Cut' }).click({ force: true });
  await expect.poll(async () => (await printer('Bench Zebra')).config.cut).toBe(true);
  await page.reload();
  await expect(benchRow.getByRole('textbox', { name: 'Printer name' })).toHaveValue('Bench Zebra');
  await expect(benchRow.getByRole('switch', { name: 'Peel' })).toBeChecked();

  // The download holds the visible columns of every printer in the list.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^warehouse-printer-list-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe('Active,Server,Printer,Status,Peel,Cut,Paper,Address');
  expect(csv).toContain(
    'Yes,Bench Built-in,Bench Zebra,Online,Yes,Yes,"Mini Division Label [2.25"" x 1.25""]",Built-in',
  );
  expect(csv.join('\n')).not.toContain('Shelf Strip Printer');
});

test('chooses a paper and calibrates; Calibrate waits for a paper', async ({ page }) => {
  await openPrinters(page);
  const large = await printer('Large Label Printer');
  const row = page.getByTestId(`printer-row-${large.id}`);
  const calibrate = row.getByRole('button', { name: 'Calibrate' });
  await expect(row.getByRole('textbox', { name: 'Paper' })).toHaveValue('PGU Label [4" x 2.5"]');
  await expect(calibrate).toBeEnabled();

  await row.getByRole('button', { name: 'Clear paper' }).click();
  await expect(row.getByRole('textbox', { name: 'Paper' })).toHaveValue('');
  await expect(calibrate).toBeDisabled();
  await expect.poll(async () => (await printer('Large Label Printer')).paper_id).toBeNull();

  await row.getByRole('textbox', { name: 'Paper' }).click();
  await page.getByRole('option', { name: 'Rack Division Label [4" x 6"]' }).click();
  await expect(calibrate).toBeEnabled();
  await expect.poll(async () => (await printer('Large Label Printer')).paper_id).toBe(15);
  await calibrate.click();
  await expect(
    page.getByText('Calibration for Rack Division Label [4" x 6"] sent to Large Label Printer'),
  ).toBeVisible();
  const jobs = await query<{ content: string; label_kind: string }>(
    `select content, label_kind from print_jobs where printer_id = $1`,
    [large.id],
  );
  expect(jobs).toHaveLength(1);
  expect(jobs[0]!.label_kind).toBe('calibration');
  expect(jobs[0]!.content).toContain('~JC');
  // 4" x 6" at 203 dpi: the printer is told the new label size.
  expect(jobs[0]!.content).toContain('^PW812');
  await page.screenshot({ path: `${SCREENS}/printers-calibrated.png`, fullPage: true });

  // A receipt printer with its roll chosen calibrates too (continuous media).
  const receipt = await printer('Receipt Printer');
  const receiptRow = page.getByTestId(`printer-row-${receipt.id}`);
  await expect(receiptRow.getByRole('textbox', { name: 'Paper' })).toHaveValue('Receipt Roll [3.125"]');
  await receiptRow.getByRole('button', { name: 'Calibrate' }).click();
  await expect(page.getByText('Calibration for Receipt Roll [3.125"] sent to Receipt Printer')).toBeVisible();
  const [roll] = await query<{ content: string }>(
    `select content from print_jobs where printer_id = $1 order by id desc limit 1`,
    [receipt.id],
  );
  expect(roll!.content).toContain('^MNN');
});

test('the main warehouse opens first; without the printing permission everything is shown read-only', async ({
  page,
}) => {
  // Another warehouse whose name sorts first: still the main one opens.
  await query(
    `insert into warehouses (account_id, name, short_alias, warehouse_type_id, is_active, sort_order)
     select account_id, 'Annex Store', 'ANX', 1, 1, 99 from warehouses where short_alias = 'MAIN'
     on conflict do nothing`,
  );
  await signIn(page, 'sales');
  await page.goto('/warehouse/printers');
  await expect(page.getByRole('heading', { name: 'Main Warehouse Printers' })).toBeVisible();
  const bench = await printer('Receipt Printer');
  const row = page.getByTestId(`printer-row-${bench.id}`);
  await expect(row.getByRole('textbox', { name: 'Printer name' })).toHaveAttribute('readonly', '');
  await expect(row.getByRole('switch', { name: 'Peel' })).toBeDisabled();
  await expect(row.getByRole('textbox', { name: 'Paper' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Calibrate' })).toBeDisabled();
  await expect(row.getByRole('button', { name: /^Deactivate / })).toBeDisabled();
  // Nothing on the page asked for what the user may not have.
  await expect(page.getByText('You need the printing permission to do that.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Print Servers' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/printers-read-only.png`, fullPage: true });
  await query(`delete from warehouses where short_alias = 'ANX'`);
});

test('maps label kinds in Label Settings: unsuitable printers are disabled, the mapping survives a reload', async ({
  page,
}) => {
  await openPrinters(page);
  const accountId = await mainAccountId();
  const product = await printer('Product Barcode Printer');
  await page.getByRole('button', { name: 'Label Settings' }).click();
  const modal = page.getByRole('dialog', { name: 'Label Settings' });
  await expect(modal.getByRole('tab', { name: 'Labels' })).toHaveAttribute('aria-selected', 'true');
  // Letter paper is an inactive kind: not offered.
  await expect(modal.getByRole('textbox', { name: /^Letter Paper/ })).toHaveCount(0);

  const productSelect = modal.getByRole('textbox', { name: 'Product Barcode [3" x 1"]' });
  await productSelect.click();
  // Shipping labels are another paper type; retail labels the same type but not the allowed paper.
  await expect(page.getByRole('option', { name: /^Shipping Label Printer/ })).toHaveAttribute(
    'data-combobox-disabled',
  );
  await expect(page.getByRole('option', { name: /^Retail Label Printer/ })).toHaveAttribute(
    'data-combobox-disabled',
  );
  await expect(page.getByRole('option', { name: /^Product Barcode Printer/ })).not.toHaveAttribute(
    'data-combobox-disabled',
  );
  await page.screenshot({ path: `${SCREENS}/printers-label-options.png` });
  await page.getByRole('option', { name: /^Shipping Label Printer/ }).click();
  await expect(productSelect).toHaveValue('');
  await page.getByRole('option', { name: /^Product Barcode Printer/ }).click();
  await expect(productSelect).toHaveValue(/^Product Barcode Printer/);

  const stored = await page.evaluate(
    (key) => localStorage.getItem(key),
    `backroom.labelMappings.${accountId}`,
  );
  expect(JSON.parse(stored!)).toEqual({ version: '2.7', mappings: { productBarcodeLabel: product.id } });

  // The open modal is URL state: a reload comes back to it, with the mapping.
  await page.reload();
  await expect(modal.getByRole('textbox', { name: 'Product Barcode [3" x 1"]' })).toHaveValue(
    /^Product Barcode Printer/,
  );
  await page.screenshot({ path: `${SCREENS}/printers-label-settings.png` });

  // Printer Settings: the warehouse printers table. Loading the mapped printer with other paper drops the mapping.
  await modal.getByRole('tab', { name: 'Printer Settings' }).click();
  await expect(modal.getByRole('heading', { name: 'Main Warehouse Printers' })).toBeVisible();
  const row = modal.getByTestId(`printer-row-${product.id}`);
  await row.getByRole('textbox', { name: 'Paper' }).click();
  await page.getByRole('option', { name: 'Retail Product Label [2.25" x 1"]' }).click();
  await expect.poll(async () => (await printer('Product Barcode Printer')).paper_id).toBe(64);
  await page.screenshot({ path: `${SCREENS}/printers-settings-tab.png` });
  await modal.getByRole('tab', { name: 'Labels' }).click();
  await expect(modal.getByRole('textbox', { name: 'Product Barcode [3" x 1"]' })).toHaveValue('');
  await expect(
    modal.getByText('The chosen printer is gone or no longer has suitable paper. Choose another.'),
  ).toBeVisible();
});

test('adds a print server, shows its token once, and lists the agent printers of the warehouse', async ({
  page,
  request,
}) => {
  // Adding a print server is administration: warehouse staff see the button disabled.
  await openPrinters(page, 'warehouse');
  await expect(page.getByRole('button', { name: 'Add print server' })).toBeDisabled();
  await page.context().clearCookies();
  await openPrinters(page, 'admin');
  await page.getByRole('button', { name: 'Add print server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add print server' });
  await expect(dialog.getByLabel('Server name')).toHaveValue('Main Warehouse Print Server');
  await dialog.getByLabel('Server name').fill('Packing Bench PC');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const tokenDialog = page.getByRole('dialog', { name: 'Print server token' });
  await expect(tokenDialog).toContainText('This token is shown only once.');
  const token = (await tokenDialog.getByTestId('print-server-token').textContent())!.trim();
  expect(token).toMatch(/^bra_/);
  // The agent's config file, ready to paste: this Backroom's address and the token filled in.
  const config = JSON.parse((await tokenDialog.getByTestId('agent-config').textContent())!);
  expect(config).toMatchObject({ serverUrl: new URL(page.url()).origin, token });
  expect(config.printers).toEqual([{ uri: 'tcp://10.0.0.31:9100', name: 'Packing Zebra' }]);
  await expect(tokenDialog.getByRole('button', { name: 'Copy config' })).toBeVisible();
  await expect(tokenDialog.getByTestId('agent-waiting')).toHaveText(
    'Waiting for the print agent to connect…',
  );
  await page.screenshot({ path: `${SCREENS}/printers-token.png` });

  const [main] = await query<{ id: number }>(`select id from warehouses where short_alias = 'MAIN'`);
  const [server] = await query<{ id: number; warehouse_id: number; kind: string; token_hash: string }>(
    `select id, warehouse_id, kind, token_hash from print_servers where common_name = 'Packing Bench PC'`,
  );
  expect(server).toMatchObject({ warehouse_id: main!.id, kind: 'agent' });
  expect(server!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  await expect(page.getByTestId(`print-server-${server!.id}`)).toContainText('Never connected');

  // The print agent signs in with the token and reports its printers, which the open dialog shows.
  const online = { online: true, paperOut: false, headOpen: false, paused: false, message: null };
  const registered = await request.post('/api/v1/print-agent/register', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      agentVersion: '0.1.0',
      hostname: 'PACK-PC-01',
      printers: [
        { uri: 'tcp://10.0.0.5:9100', name: 'Packing Zebra', status: online },
        {
          uri: 'usb://Zebra%20Technologies/ZD421?serial=D4J1',
          name: 'Desk USB Zebra',
          status: { ...online, online: false, message: 'Paper out' },
        },
      ],
    },
  });
  expect(registered.status()).toBe(200);
  const joined = tokenDialog.getByTestId('agent-printers');
  await expect(joined).toContainText('The print agent connected: 2 printers');
  await expect(joined).toContainText('Packing Zebra (tcp://10.0.0.5:9100) has no paper yet');
  await page.screenshot({ path: `${SCREENS}/printers-agent-joined.png` });
  await tokenDialog.getByRole('button', { name: 'Done' }).click();
  await expect(tokenDialog).toBeHidden();
  await page.reload();
  const servers = page.getByTestId(`print-server-${server!.id}`);
  await expect(servers).toContainText('Online');
  await expect(servers).toContainText('PACK-PC-01');
  const [tcp] = await query<{ id: number }>(`select id from printers where uri = 'tcp://10.0.0.5:9100'`);
  const [usb] = await query<{ id: number }>(`select id from printers where uri like 'usb://%'`);
  const tcpRow = page.getByTestId(`printer-row-${tcp!.id}`);
  const usbRow = page.getByTestId(`printer-row-${usb!.id}`);
  await expect(tcpRow.getByText('10.0.0.5:9100', { exact: true })).toBeVisible();
  await expect(tcpRow.getByTestId('printer-online')).toHaveAttribute('data-online', 'true');
  await expect(usbRow.getByText('Zebra Technologies/ZD421?serial=D4J1', { exact: true })).toBeVisible();
  await expect(usbRow.getByTestId('printer-online')).toHaveAttribute('data-online', 'false');
  await expect(usbRow.getByRole('textbox', { name: 'Server name' })).toHaveValue('Packing Bench PC');
  await page.screenshot({ path: `${SCREENS}/printers-agent.png`, fullPage: true });

  // Another warehouse has its own servers: the Main Warehouse's agent printers are not in its table.
  await page.getByTestId('printer-warehouse').click();
  await page.getByRole('option', { name: /^FBA Third Party/ }).click();
  await expect(page.getByRole('heading', { name: 'FBA Third Party Printers' })).toBeVisible();
  await expect(page).toHaveURL(/warehouseId=\d+/);
  await expect(page.getByTestId(`printer-row-${tcp!.id}`)).toHaveCount(0);
  // The built-in print server serves every warehouse.
  const receipt = await printer('Receipt Printer');
  await expect(page.getByTestId(`printer-row-${receipt.id}`)).toBeVisible();
});
