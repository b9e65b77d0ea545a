// issue 18 §3 and §4: a print server set up from the screen, its new printer's paper chosen (a default per
// label kind preselected), a test print through the queue as the agent takes and reports it, and a batch of
// labels as one job whose progress the Print Queue counts.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, query, signIn, test } from './support/fixtures';

const SCREENS = '../../test-results/screens';
const ONLINE = { online: true, paperOut: false, headOpen: false, paused: false, message: null };

/** The print agent's side of the protocol, as apps/print-agent speaks it, with the server's token. */
function agent(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    register: (printers: object[]) =>
      request.post('/api/v1/print-agent/register', {
        headers,
        data: { agentVersion: '0.1.0', hostname: 'RETURNS-PC', printers },
      }),
    takeJobs: async () => {
      const res = await request.get('/api/v1/print-agent/jobs?waitSeconds=0', { headers });
      expect(res.status()).toBe(200);
      return (await res.json()).data as { id: number; content: string; labels: number }[];
    },
    progress: (id: number, labelsPrinted: number) =>
      request.post(`/api/v1/print-agent/jobs/${id}/progress`, { headers, data: { labelsPrinted } }),
    printed: (id: number) =>
      request.post(`/api/v1/print-agent/jobs/${id}/state`, { headers, data: { state: 'printed' } }),
  };
}

async function addPrintServer(page: Page, name: string) {
  await signIn(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Printers' }).click();
  await expect(page.getByRole('heading', { name: 'Main Warehouse Printers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add print server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add print server' });
  await dialog.getByLabel('Server name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  const tokenDialog = page.getByRole('dialog', { name: 'Print server token' });
  const token = (await tokenDialog.getByTestId('print-server-token').textContent())!.trim();
  expect(token).toMatch(/^bra_/);
  const config = JSON.parse((await tokenDialog.getByTestId('agent-config').textContent())!);
  expect(config).toMatchObject({ serverUrl: new URL(page.url()).origin, token });
  return { tokenDialog, token };
}

test('a new agent printer: paper with a default per label kind, a test print through the queue, printed', async ({
  page,
  request,
}) => {
  const { tokenDialog, token } = await addPrintServer(page, 'Returns Bench PC');
  const bench = agent(request, token);
  expect(
    (await bench.register([{ uri: 'tcp://10.0.0.77:9100', name: 'Returns Zebra', status: ONLINE }])).status(),
  ).toBe(200);
  const [printer] = await query<{ id: number; paper_id: number | null }>(
    `select id, paper_id from printers where uri = 'tcp://10.0.0.77:9100'`,
  );
  expect(printer!.paper_id).toBeNull();

  // The dialog shows the printer as it registers, asking for its paper: bin labels on 2.25" x 1.25" first.
  const card = tokenDialog.getByTestId(`new-printer-${printer!.id}`);
  await expect(card).toContainText('Returns Zebra (tcp://10.0.0.77:9100) has no paper yet');
  await expect(card.getByRole('textbox', { name: 'It prints' })).toHaveValue('Division Label');
  await expect(card.getByRole('textbox', { name: 'Paper' })).toHaveValue(
    'Mini Division Label [2.25" x 1.25"]',
  );
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/printer-setup-paper.png` });
  // It will print shipping labels: 4" x 6" is preselected for that.
  await card.getByRole('textbox', { name: 'It prints' }).click();
  await page.getByRole('option', { name: 'Shipping Label [4" x 6"]' }).click();
  await expect(card.getByRole('textbox', { name: 'Paper' })).toHaveValue('Shipping Label [4" x 6"]');
  await card.getByRole('button', { name: 'Save paper' }).click();
  await expect(page.getByText('Returns Zebra is loaded with Shipping Label [4" x 6"]')).toBeVisible();
  await expect
    .poll(async () => (await query(`select paper_id from printers where id = $1`, [printer!.id]))[0])
    .toEqual({ paper_id: 20 });

  // With its paper, the printer offers a test print: a real label job, drawn by the label engine.
  await expect(card).toContainText('Returns Zebra (tcp://10.0.0.77:9100): Shipping Label [4" x 6"]');
  await card.getByRole('button', { name: 'Test print on Returns Zebra' }).click();
  const toast = page.getByText(/^Test print #\d+ sent to Returns Zebra: find it in the Print Queue$/);
  await expect(toast).toBeVisible();
  const jobId = Number(/#(\d+)/.exec((await toast.textContent()) ?? '')?.[1]);
  const [job] = await query<{
    printer_id: number;
    state: string;
    label_kind: string;
    content: string;
    labels: number;
  }>(`select printer_id, state, label_kind, content, labels from print_jobs where id = $1`, [jobId]);
  expect(job).toMatchObject({
    printer_id: printer!.id,
    state: 'queued',
    label_kind: 'calibration',
    labels: 1,
  });
  expect(job!.content).toContain('^PW812'); // 4" at 203 dpi
  expect(job!.content).toContain('Test print: Returns Zebra');
  expect(job!.content).toContain(`TEST-${printer!.id}`);
  await page.screenshot({ path: `${SCREENS}/printer-setup-test-print.png` });
  await tokenDialog.getByRole('button', { name: 'Done' }).click();

  // The agent takes the job and prints it; the Print Queue shows it printed.
  const handed = await bench.takeJobs();
  expect(handed.map((j) => j.id)).toEqual([jobId]);
  expect((await bench.printed(jobId)).status()).toBe(200);
  await page.goto('/warehouse/print-queue');
  const row = page.getByTestId(`print-job-${jobId}`);
  await expect(row).toContainText('Test print on Shipping Label [4" x 6"]');
  await expect(row).toContainText('Returns Zebra');
  await expect(row).toContainText('printed');
  await page.screenshot({ path: `${SCREENS}/printer-setup-queue.png`, fullPage: true });
  const [after] = await query<{ state: string; printed_at: Date | null }>(
    `select state, printed_at from print_jobs where id = $1`,
    [jobId],
  );
  expect(after!.state).toBe('printed');
  expect(after!.printed_at).not.toBeNull();
});

test('a zone’s labels are one job: the Print Queue counts its labels as the printer prints them', async ({
  page,
  request,
}) => {
  const { tokenDialog, token } = await addPrintServer(page, 'Shelf PC');
  const shelfPc = agent(request, token);
  await shelfPc.register([{ uri: 'tcp://10.0.0.78:9100', name: 'Shelf Zebra', status: ONLINE }]);
  const [printer] = await query<{ id: number }>(`select id from printers where uri = 'tcp://10.0.0.78:9100'`);
  // Bin labels: the default paper as offered.
  const card = tokenDialog.getByTestId(`new-printer-${printer!.id}`);
  await card.getByRole('button', { name: 'Save paper' }).click();
  await expect
    .poll(async () => (await query(`select paper_id from printers where id = $1`, [printer!.id]))[0])
    .toEqual({ paper_id: 13 });
  await tokenDialog.getByRole('button', { name: 'Done' }).click();

  // Every label of the biggest zone, as one job (what 'Print all labels' on a zone sends).
  const [zone] = await query<{ barcode: string; n: number }>(
    `select z.barcode, (select count(*)::int from warehouse_divisions d where d.id = z.id or d.warehouse_zone_id = z.id) as n
     from warehouse_divisions z join warehouses w on w.id = z.warehouse_id
     where z.level = 'zone' and w.short_alias = 'MAIN' order by n desc limit 1`,
  );
  const printed = await page.request.post('/api/v1/backroom/print/divisionLabel', {
    data: { serverPrinterId: printer!.id, barcode: zone!.barcode, includeDescendants: true, oneJob: true },
  });
  expect(printed.status()).toBe(200);
  const [queued] = (await printed.json()).data as { id: number; labels: number }[];
  const total = Math.min(zone!.n, 1000);
  expect(queued!.labels).toBe(total);
  expect(total).toBeGreaterThan(2);

  await page.goto('/warehouse/print-queue');
  const row = page.getByTestId(`print-job-${queued!.id}`);
  await expect(row.getByTestId(`print-job-progress-${queued!.id}`)).toHaveText(`0 of ${total} labels`);
  const [handed] = await shelfPc.takeJobs();
  expect(handed).toMatchObject({ id: queued!.id, labels: total });
  expect(handed!.content.match(/\^XA/g)).toHaveLength(total);
  const part = Math.floor(total / 2);
  expect((await shelfPc.progress(queued!.id, part)).status()).toBe(200);
  await expect(row.getByTestId(`print-job-progress-${queued!.id}`)).toHaveText(`${part} of ${total} labels`);
  await expect(row).toContainText('sent');
  await page.screenshot({ path: `${SCREENS}/print-queue-batch-progress.png`, fullPage: true });
  expect(
    (await query(`select labels, labels_printed, state from print_jobs where id = $1`, [queued!.id]))[0],
  ).toEqual({ labels: total, labels_printed: part, state: 'sent' });

  await shelfPc.printed(queued!.id);
  await expect(row.getByTestId(`print-job-progress-${queued!.id}`)).toHaveText(`${total} of ${total} labels`);
  await expect(row).toContainText('printed');
  expect(
    (await query(`select labels, labels_printed, state from print_jobs where id = $1`, [queued!.id]))[0],
  ).toEqual({ labels: total, labels_printed: total, state: 'printed' });
});
