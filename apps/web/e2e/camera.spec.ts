import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request, Response } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { buildProductBarcodeLabel } from '../../server/src/domains/printing/labels/product-labels';
import { renderPng } from '../../server/src/domains/printing/labels/render-png';
import { launchWithFakeCamera, writeFakeCameraFile } from './support/fake-camera';
import { DEMO, expect, query, signIn, test } from './support/fixtures';

// Camera scanning (catalogue-admin.md §2.10, §4.5, issue 17 #4): the camera page at /tools/camera and the
// page-wide scanner's camera button, on Chromium's fake camera playing a product label that our label engine
// drew. Debian's desktop Chromium has no BarcodeDetector, so this is the bundled ZXing WebAssembly at work.

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

interface Stocked {
  id: number;
  sku: string;
  upc: string;
  name: string;
}

/** An active product with a 12-digit UPC of its own and a unit free to sell where a new POS order takes it. */
async function stockedProduct(): Promise<Stocked> {
  const [row] = await query<Stocked>(
    `with w as (
       select w.id from warehouses w join warehouse_types t on t.id = w.warehouse_type_id
        where w.account_id = ${MUSIC} and w.is_active = 1 and t.has_fulfillment
        order by w.sort_order, w.id limit 1)
     select p.id, p.sku, p.upc, p.name from products p
       join inventory_location_items u on u.product_id = p.id and u.is_deleted = 0 and u.picked_at is null
        and u.warehouse_id = (select id from w)
       join warehouse_divisions d on d.id = u.inventory_location_id and d.is_withheld = 0
      where p.account_id = ${MUSIC} and p.type_id = 0 and p.is_active = 1
        and length(p.upc) = 12 and p.upc ~ '^[0-9]+$'
        and not exists (select 1 from pick_request_items pi where pi.inventory_location_item_id = u.id)
        and not exists (select 1 from products q where q.account_id = p.account_id and q.id <> p.id
                          and q.normalized_upc = p.normalized_upc)
      order by p.id desc limit 1`,
  );
  expect(row, 'a stocked product with a UPC').toBeDefined();
  return row!;
}

/** The Product Barcode label [3" x 1"] as the print server draws it, at 400 dpi: 1200 x 400 pixels. */
async function productLabelPng(product: Stocked): Promise<Buffer> {
  return renderPng(buildProductBarcodeLabel({ barcode: product.upc, sku: product.sku, name: product.name }), {
    dpi: 400,
  });
}

interface Watched {
  page: Page;
  /** Requests that left this machine (there must be none: scanning works offline). */
  outside: string[];
  /** The WebAssembly files the page loaded, with what our server answered. */
  wasm: Response[];
}

/** A page of a browser whose camera is the fake one, cut off from everything but our server. */
async function openPage(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext } & Watched> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1400, height: 1000 },
  });
  const outside: string[] = [];
  const wasm: Response[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return route.continue();
    outside.push(url.href);
    return route.abort('internetdisconnected');
  });
  // Every flash of the page-wide scanner (a new element per scan), kept until the next page load: a flash
  // shows for only 1.5 s.
  await context.addInitScript(() => {
    const w = window as unknown as { __flashes: string[] };
    w.__flashes = [];
    let last: Element | null = null;
    new MutationObserver(() => {
      const flash = document.querySelector('[data-testid="scan-flash"]');
      if (flash && flash !== last) {
        const taken = flash.getAttribute('data-taken') === 'true';
        w.__flashes.push(`${flash.textContent} ${taken ? 'taken' : 'not taken'}`);
      }
      last = flash;
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.wasm')) wasm.push(response);
  });
  return { context, page, outside, wasm };
}

const phase = (page: Page) => page.getByTestId('camera-phase');
/** The scans the page-wide scanner flashed since the page loaded: '{code} taken' or '{code} not taken'. */
const flashes = (page: Page) => page.evaluate(() => (window as unknown as { __flashes: string[] }).__flashes);

// Each test starts its own Chromium (its camera is a file given at launch) and waits out 2.75 s messages.
test.describe.configure({ timeout: 240_000 });

test('the camera page decodes the product label a fake camera shows, with the bundled ZXing, offline', async ({
  baseURL,
}, testInfo) => {
  const product = await stockedProduct();
  const file = path.join(testInfo.outputDir, 'product-label.y4m');
  mkdirSync(testInfo.outputDir, { recursive: true });
  writeFakeCameraFile(file, await productLabelPng(product));
  const browser = await launchWithFakeCamera(testInfo, file);
  try {
    const { page, outside, wasm } = await openPage(browser, baseURL);
    await signIn(page, 'warehouse');

    // Tools › Camera Barcode.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Camera Barcode' })
      .click();
    await expect(page).toHaveURL(/\/tools\/camera$/);
    await expect(page.getByRole('heading', { name: 'Camera Barcode' })).toBeVisible();
    await expect(phase(page)).toHaveAttribute('data-phase', 'idle');
    await expect(page.getByRole('button', { name: 'Capture' })).toBeDisabled();
    // No native detector on desktop Linux Chromium: the polyfill, its .wasm from our own server.
    await expect(page.getByTestId('barcode-engine')).toHaveAttribute('data-engine', 'zxing');
    await page.screenshot({ path: `${SHOTS}/camera-idle.png` });

    await page.getByRole('button', { name: 'Start Video Stream' }).click();
    await expect(phase(page)).toHaveAttribute('data-phase', 'streaming');
    await expect(phase(page)).toHaveText('Rear camera: streaming');
    // The §9 request: at least 1280 x 720 (the fake camera gives its file's 1280 x 720).
    const size = await page.evaluate(() => {
      const video = document.querySelector('video')!;
      const settings = (video.srcObject as MediaStream).getVideoTracks()[0]!.getSettings();
      return { width: video.videoWidth, height: video.videoHeight, facing: settings.facingMode ?? null };
    });
    expect(size).toMatchObject({ width: 1280, height: 720 });
    await page.screenshot({ path: `${SHOTS}/camera-streaming.png` });

    // Capture: a 640 x 480 frame, the stream stopped, the label's UPC read.
    await page.getByRole('button', { name: 'Capture' }).click();
    const table = page.getByTestId('detected-barcodes');
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(product.upc);
    await expect(table.getByRole('row').nth(1)).toContainText('upc_a');
    await expect(phase(page)).toHaveAttribute('data-phase', 'captured');
    expect(
      await page.evaluate(() => {
        const canvas = document.querySelector('canvas')!;
        return {
          width: canvas.width,
          height: canvas.height,
          stream: document.querySelector('video')!.srcObject,
        };
      }),
    ).toEqual({ width: 640, height: 480, stream: null });
    await expect(page.getByText('No Barcodes Detected')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/camera-captured.png` });

    // A frame with barcodes stays: no restart.
    await page.waitForTimeout(3500);
    await expect(phase(page)).toHaveAttribute('data-phase', 'captured');

    // Start again and switch to the front camera: the stream restarts with the other facing mode.
    await page.getByRole('button', { name: 'Start Video Stream' }).click();
    await expect(phase(page)).toHaveText('Rear camera: streaming');
    await expect(table).toHaveCount(0);
    await page.getByRole('switch', { name: 'Front Camera' }).check();
    await expect(phase(page)).toHaveText('Front camera: streaming');
    await expect(page.getByRole('switch', { name: 'Front Camera' })).toBeChecked();
    await page.getByRole('button', { name: 'Stop Video Stream' }).click();
    await expect(phase(page)).toHaveAttribute('data-phase', 'idle');
    expect(await page.evaluate(() => document.querySelector('video')!.srcObject)).toBeNull();

    // Offline: the .wasm came from our server (a hashed file of the build), nothing went elsewhere.
    expect(wasm.length).toBeGreaterThan(0);
    for (const response of wasm) {
      expect(new URL(response.url()).origin).toBe(new URL(page.url()).origin);
      expect(new URL(response.url()).pathname).toMatch(/^\/assets\/zxing_reader-[\w-]+\.wasm$/);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/wasm');
    }
    expect(outside).toEqual([]);
  } finally {
    await browser.close();
  }
});

test("a frame with no barcode says 'No Barcodes Detected', a detection error says so, and the stream restarts", async ({
  baseURL,
}, testInfo) => {
  const file = path.join(testInfo.outputDir, 'blank.y4m');
  mkdirSync(testInfo.outputDir, { recursive: true });
  writeFakeCameraFile(file, null);
  const browser = await launchWithFakeCamera(testInfo, file);
  try {
    const { page, outside } = await openPage(browser, baseURL);
    await signIn(page, 'warehouse');
    await page.goto('/tools/camera');
    await page.getByRole('button', { name: 'Start Video Stream' }).click();
    await expect(phase(page)).toHaveAttribute('data-phase', 'streaming');

    await page.getByRole('button', { name: 'Capture' }).click();
    const message = page.getByTestId('camera-message');
    await expect(message).toHaveText('No Barcodes Detected');
    await expect(phase(page)).toHaveAttribute('data-phase', 'captured');
    await page.screenshot({ path: `${SHOTS}/camera-no-barcodes.png` });
    // About 2.75 s later the stream is back and the message gone.
    await expect(phase(page)).toHaveAttribute('data-phase', 'streaming');
    await expect(message).toHaveCount(0);

    // The reader cannot load (its .wasm is refused): the error shows, then the stream restarts anyway.
    await page.reload();
    let refused = 0;
    await page.route('**/*.wasm', (route) => {
      refused += 1;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    // The page preloads the reader; this load fails too and the capture tries again.
    await page.getByRole('button', { name: 'Start Video Stream' }).click();
    await expect(phase(page)).toHaveAttribute('data-phase', 'streaming');
    await page.getByRole('button', { name: 'Capture' }).click();
    await expect(message).toHaveText(/^\[Detect Barcode Error\] .+\.$/);
    expect(refused).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/camera-detect-error.png` });
    await expect(phase(page)).toHaveAttribute('data-phase', 'streaming');
    await expect(message).toHaveCount(0);

    // Once the file can be had again, reading works: the failed load was not kept.
    await page.unroute('**/*.wasm');
    await page.getByRole('button', { name: 'Capture' }).click();
    await expect(message).toHaveText('No Barcodes Detected');

    // On a phone: the scanner's camera button stays open while it sees no barcode; closing it lets the camera go.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan with Camera' });
    await expect(dialog.getByText('Point the camera at a barcode.')).toBeVisible();
    await expect(dialog.getByTestId('barcode-engine')).toHaveAttribute('data-engine', 'zxing');
    await expect(page.getByRole('button', { name: 'Scan with camera' })).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/camera-scan-modal-phone.png` });
    const track = await dialog.evaluateHandle(
      (element) =>
        ((element.querySelector('video') as HTMLVideoElement).srcObject as MediaStream).getVideoTracks()[0]!,
    );
    expect(await track.evaluate((t) => t.readyState)).toBe('live');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await track.evaluate((t) => t.readyState)).toBe('ended');
    expect(outside).toEqual([]);
  } finally {
    await browser.close();
  }
});

test("the scanner's camera button hands a decoded UPC to the screen, like a wedge scan: the POS starts a sale", async ({
  baseURL,
}, testInfo) => {
  const product = await stockedProduct();
  const file = path.join(testInfo.outputDir, 'product-label.y4m');
  mkdirSync(testInfo.outputDir, { recursive: true });
  writeFakeCameraFile(file, await productLabelPng(product));
  const browser = await launchWithFakeCamera(testInfo, file);
  try {
    const { page, outside } = await openPage(browser, baseURL);
    await signIn(page, 'manager');
    const ordersBefore = await query<{ id: number }>('select id from channel_orders');

    await page.getByRole('link', { name: 'Point of Sale', exact: true }).click();
    await expect(page).toHaveURL(/\/POS\/new$/);
    const seen: string[] = [];
    page.on('request', (request: Request) => {
      if (request.url().includes('/channelOrder/firstParty'))
        seen.push(`${request.method()} ${request.url()}`);
    });
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan with Camera' });

    // The camera reads the label, closes, and the scanner flashes the code the screen took: once.
    await expect(page).toHaveURL(/\/POS\/\d+$/, { timeout: 20_000 });
    await expect(dialog).toHaveCount(0);
    expect(await flashes(page)).toEqual([`${product.upc} taken`]);
    const orderId = Number(page.url().split('/').pop());
    await expect(page.locator(`[data-testid="pos-line"][data-sku="${product.sku}"]`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/camera-scan-pos.png` });

    // The database: one new order, made by that scan, holding that product once.
    const ordersAfter = await query<{ id: number }>('select id from channel_orders');
    expect(ordersAfter.length).toBe(ordersBefore.length + 1);
    const lines = await query<{ product_id: number; quantity_ordered: number }>(
      'select product_id, quantity_ordered from channel_order_items where channel_order_id = $1',
      [orderId],
    );
    expect(lines).toEqual([{ product_id: product.id, quantity_ordered: 1 }]);
    expect(seen.filter((s) => s.startsWith('PUT'))).toHaveLength(1);

    // On a screen that takes no such code the scanner says so, as for a wedge scan.
    await page.goto('/tools/camera');
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'This screen does not take' }),
    ).toContainText(product.upc, { timeout: 20_000 });
    await expect(page.getByRole('dialog', { name: 'Scan with Camera' })).toHaveCount(0);
    expect(await flashes(page)).toEqual([`${product.upc} not taken`]);
    await page.screenshot({ path: `${SHOTS}/camera-scan-not-taken.png` });
    expect(outside).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a badge shown to the camera on the login page signs its user in, as a scanned badge does', async ({
  baseURL,
  request,
}, testInfo) => {
  // An admin shows the warehouse user's badge code; it is drawn as Code 128 (the label engine prints only
  // letters, digits and hyphens, and a badge has slashes, so bwip-js draws it directly).
  await request.post('/api/v1/backroom/auth/login', { data: DEMO.admin });
  const users = (await (await request.get('/api/backroom/users')).json()).data as {
    id: number;
    email: string;
  }[];
  const warehouse = users.find((u) => u.email === DEMO.warehouse.email)!;
  const badge = (await (await request.get(`/api/v1/backroom/user/${warehouse.id}/badge`)).json()).data[0]
    .badge as string;
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text: badge,
    scale: 3,
    height: 20,
    paddingwidth: 24,
    paddingheight: 12,
    backgroundcolor: 'ffffff',
  });
  const file = path.join(testInfo.outputDir, 'badge.y4m');
  mkdirSync(testInfo.outputDir, { recursive: true });
  writeFakeCameraFile(file, png);
  const browser = await launchWithFakeCamera(testInfo, file);
  try {
    const { page, outside } = await openPage(browser, baseURL);
    const before = await query<{ id: number }>(
      `select id from login_events where user_id = $1 and method = 'badge' and succeeded = 1`,
      [warehouse.id],
    );
    await page.goto('/login');
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Wes' })).toBeVisible({ timeout: 20_000 });
    expect(await flashes(page)).toEqual([`${badge} taken`]);
    const after = await query<{ id: number }>(
      `select id from login_events where user_id = $1 and method = 'badge' and succeeded = 1`,
      [warehouse.id],
    );
    expect(after.length).toBe(before.length + 1);
    expect(outside).toEqual([]);
  } finally {
    await browser.close();
  }
});
