import { readFileSync } from 'node:fs';
import {
  formatMoney,
  formatReportDate,
  formatReportDownloadDate,
  PRICING_REPORT_COLUMNS,
  PRICING_REPORT_DOWNLOAD_COLUMNS,
  toCents,
} from '@backroom/shared';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, query, signIn, test } from './support/fixtures';

// Pricing event report (/report/pricingEvents; catalogue-admin.md §2.7): a store manager opens it from the
// menu, reads the listings of the events running now, narrows them with the three multi-selects, keeps the
// events ending at one moment by clicking an Ends value, and downloads what is left as .xlsx; the page and
// the file are checked against the database.

test.use({ viewport: { width: 1600, height: 1000 } });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `../../test-results/screens/pricing-report-${name}.png`, fullPage: true });

const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

interface Listing {
  id: number;
  channel: string;
  site_id: number;
  brand_id: number;
  brand: string;
  product_id: number;
  listing_sku: string;
  reference_id: string | null;
  event: string;
  ends_at: Date;
  price: string;
}

/** Demo Music Co's event listings running now that also meet `where`. */
function listings(where = 'true', params: unknown[] = []) {
  return query<Listing>(
    `select pel.id, c.name as channel, c.site_id, b.id as brand_id, b.name as brand, p.id as product_id,
       l.listing_sku, l.reference_id, e.name as event, e.ends_at, pel.price::text as price
     from pricing_event_listings pel join pricing_events e on e.id = pel.pricing_event_id
     join channel_listings l on l.id = pel.channel_listing_id join sales_channels c on c.id = e.channel_id
     join products p on p.id = l.product_id join brands b on b.id = p.brand_id
     where e.account_id = ${MUSIC} and e.starts_at <= now() and e.ends_at > now() and ${where}
     order by pel.id`,
    params,
  );
}

/** The listing ids the table shows, in order. */
const shownIds = async (page: Page) =>
  (await page
    .getByTestId('pricing-table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Number(row.getAttribute('data-testid')?.replace('pricing-row-', ''))),
    )) as number[];

const ids = (rows: Listing[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const distinct = <T>(list: T[]) => new Set(list).size;

/** Shown in event-end order: each row's end is no earlier than the one above it. */
function expectEndsAscending(shown: number[], rows: Listing[]) {
  const end = new Map(rows.map((r) => [r.id, new Date(r.ends_at).getTime()]));
  const ends = shown.map((id) => end.get(id)!);
  expect(ends).toEqual([...ends].sort((a, b) => a - b));
}

/** Picks options of one of the report's multi-selects, then closes its list. */
async function pick(page: Page, testId: string, ...names: string[]) {
  await page.getByTestId(testId).click();
  for (const name of names) await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('pricing report: menu, columns, filters, the Ends filter, the Minimum hover and the download', async ({
  page,
}) => {
  test.slow(); // a long report flow: three times the timeout
  const [account] = await query<{ utc_offset: string }>(
    `select utc_offset from accounts where id = ${MUSIC}`,
  );
  const offset = account!.utc_offset;
  await signIn(page, 'manager');
  await page.getByRole('link', { name: 'Pricing Report', exact: true }).click();
  await expect(page).toHaveURL(/\/report\/pricingEvents$/);
  await expect(page.getByRole('heading', { name: 'Active Listing Event Listings' })).toBeVisible();

  // Every listing of the events running now, soonest end first (the demo has fewer than one page of 250).
  const all = await listings();
  expect(all.length).toBeGreaterThan(50);
  expect(all.length).toBeLessThanOrEqual(250);
  await expect.poll(async () => sorted(await shownIds(page))).toEqual(ids(all));
  expectEndsAscending(await shownIds(page), all);
  await expect(page.getByTestId('pricing-range')).toHaveText(`Listings 1–${all.length} of ${all.length}`);
  const headers = await page.getByTestId('pricing-table').locator('thead th').allInnerTexts();
  expect(headers.map((h) => h.replace(/[▲▼↕]/g, '').trim())).toEqual([...PRICING_REPORT_COLUMNS]);
  await expect(page.getByTestId('pricing-table').locator('thead th').nth(3)).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  // The filters' placeholders and count badges, and the products badge.
  await expect(page.getByPlaceholder('All Listing Events')).toBeVisible();
  await expect(page.getByPlaceholder('All Brands')).toBeVisible();
  await expect(page.getByPlaceholder('All Channels')).toBeVisible();
  await expect(page.getByTestId('events-count')).toHaveText(String(distinct(all.map((r) => r.event))));
  await expect(page.getByTestId('brands-count')).toHaveText(String(distinct(all.map((r) => r.brand_id))));
  await expect(page.getByTestId('channels-count')).toHaveText('4');
  await expect(page.getByTestId('products-count')).toHaveText(
    `${distinct(all.map((r) => r.product_id))} Products`,
  );
  await shot(page, 'opened');

  // A row as the database has it: the SKU opens the Amazon listing in a new tab, Ends at the account's offset.
  const amazon = all.find((r) => r.site_id === 1 && r.reference_id)!;
  const row = page.getByTestId(`pricing-row-${amazon.id}`);
  const sku = row.getByTestId('pricing-sku').getByRole('link');
  await expect(sku).toHaveText(amazon.listing_sku);
  await expect(sku).toHaveAttribute('href', `https://www.amazon.com/dp/${amazon.reference_id}`);
  await expect(sku).toHaveAttribute('target', '_blank');
  await expect(row.getByTestId('pricing-ends')).toHaveText(
    formatReportDate(new Date(amazon.ends_at), offset),
  );
  await expect(row.getByTestId('pricing-ends')).toHaveText(
    /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{2} \d{4} - \d{1,2}:\d{2} [AP]M$/,
  );
  await expect(row.getByTestId('pricing-price')).toHaveText(formatMoney(toCents(amazon.price)));
  await expect(row.locator('td').nth(0)).toHaveText('Amazon');
  await expect(row.locator('td').nth(2)).toHaveText(amazon.event);

  // Hovering the Minimum shows how it was reached.
  await row.getByTestId('pricing-minimum').hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Amazon referral fee');
  await expect(tooltip).toContainText(/margin \d+\.\d{2}%/);
  await shot(page, 'minimum-hover');
  await page.mouse.move(0, 0);

  // Channels: Amazon and eBay. The badges count what is left; Listing Events offers only their events.
  await pick(page, 'channels-filter', 'Amazon', 'eBay');
  const twoChannels = await listings(`c.name in ('Amazon', 'eBay')`);
  await expect.poll(async () => sorted(await shownIds(page))).toEqual(ids(twoChannels));
  await expect(page.getByTestId('channels-count')).toHaveText('2');
  await expect(page).toHaveURL(/channels=\d+(%2C|,)\d+/);
  await page.getByTestId('events-filter').click();
  const offered = await page.getByRole('option').allInnerTexts();
  expect(offered.sort()).toEqual([...new Set(twoChannels.map((r) => r.event))].sort());
  await page.keyboard.press('Escape');

  // Brands: the first brand offered; then one of its events.
  const brand = [...twoChannels].sort((a, b) => a.brand.localeCompare(b.brand))[0]!.brand;
  await pick(page, 'brands-filter', brand);
  const ofBrand = await listings(`c.name in ('Amazon', 'eBay') and b.name = $1`, [brand]);
  await expect.poll(async () => sorted(await shownIds(page))).toEqual(ids(ofBrand));
  await expect(page.getByTestId('brands-count')).toHaveText('1');
  await expect(page.getByTestId('products-count')).toHaveText(
    `${distinct(ofBrand.map((r) => r.product_id))} Products`,
  );
  const event = ofBrand[0]!.event;
  await pick(page, 'events-filter', event);
  const ofEvent = await listings(`c.name in ('Amazon', 'eBay') and b.name = $1 and e.name = $2`, [
    brand,
    event,
  ]);
  await expect.poll(async () => sorted(await shownIds(page))).toEqual(ids(ofEvent));
  await expect(page.getByTestId('events-count')).toHaveText('1');
  await shot(page, 'filtered');

  // Clear the three filters, then click a Black Friday Sale end: the events ending then (Cyber Week too).
  for (const label of ['Listing Events', 'Brands', 'Channels'])
    await page.getByLabel(`Clear ${label}`).click();
  await expect(page).toHaveURL(/\/report\/pricingEvents$/);
  await expect.poll(async () => sorted(await shownIds(page))).toEqual(ids(all));
  const blackFriday = all.find((r) => r.event === 'Black Friday Sale')!;
  await page.getByTestId(`pricing-row-${blackFriday.id}`).getByTestId('pricing-ends').click();
  const endingThen = await listings('e.ends_at = $1', [blackFriday.ends_at]);
  expect(new Set(endingThen.map((r) => r.event))).toEqual(new Set(['Black Friday Sale', 'Cyber Week']));
  await expect.poll(async () => sorted(await shownIds(page))).toEqual(ids(endingThen));
  await expect(page.getByTestId('ends-filter')).toHaveText(
    `Ends = ${formatReportDate(new Date(blackFriday.ends_at), offset)}`,
  );
  await expect(page.getByTestId('channels-count')).toHaveText('2');
  await shot(page, 'ends-filter');

  // Download what the Ends filter keeps, and read the file back.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^pricing-event-pricing-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...PRICING_REPORT_DOWNLOAD_COLUMNS]);
  const bySku = new Map(endingThen.map((r) => [`${r.channel}|${r.listing_sku}`, r]));
  const downloaded: string[] = [];
  sheet.eachRow((r, n) => {
    if (n === 1) return;
    const key = `${r.getCell(1).value}|${r.getCell(2).value}`;
    downloaded.push(key);
    const listing = bySku.get(key);
    expect(listing, key).toBeTruthy();
    expect(r.getCell(3).value).toBe(listing!.event);
    expect(r.getCell(4).value).toBe(formatReportDownloadDate(new Date(listing!.ends_at), offset));
    expect(r.getCell(4).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(r.getCell(6).value).toBe(Number(listing!.price));
    expect(r.getCell(12).value).toBe(listing!.brand);
  });
  expect(downloaded.sort()).toEqual([...bySku.keys()].sort());

  // Removing the Ends filter brings every listing back; a header sorts by its column, a second click reverses.
  await page.getByLabel('Remove the end time filter').click();
  await expect.poll(async () => sorted(await shownIds(page))).toEqual(ids(all));
  await page.getByTitle('Sort by Price').click();
  const priceOf = new Map(all.map((r) => [r.id, Number(r.price)]));
  await expect
    .poll(async () => (await shownIds(page)).map((id) => priceOf.get(id)))
    .toEqual([...priceOf.values()].sort((a, b) => a - b));
  await page.getByTitle('Sort by Price').click();
  await expect
    .poll(async () => (await shownIds(page)).map((id) => priceOf.get(id)))
    .toEqual([...priceOf.values()].sort((a, b) => b - a));
  await expect(page.getByTestId('pricing-table').locator('thead th').nth(5)).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await page.getByTitle('Sort by Ends').click();

  // 250 rows a page: a large repricing window on Reverb makes a second page; a reload keeps the page asked for.
  await query(
    `with e as (insert into pricing_events (account_id, channel_id, name, event_type, starts_at, ends_at)
       select c.account_id, c.id, 'Year End Repricing', 'repricing', now() - interval '1 hour', now() + interval '30 days'
       from sales_channels c where c.account_id = ${MUSIC} and c.name = 'Reverb' returning id, account_id, channel_id)
     insert into pricing_event_listings (account_id, pricing_event_id, channel_id, channel_listing_id, price)
     select e.account_id, e.id, e.channel_id, l.id, l.price from e
     join lateral (select id, price from channel_listings where channel_id = e.channel_id order by id limit 200) l on true`,
  );
  const grown = await listings();
  expect(grown.length).toBeGreaterThan(250);
  await page.reload();
  // A reload on a busy machine: give the page its time to load again.
  await expect(page.getByTestId('pricing-range')).toHaveText(`Listings 1–250 of ${grown.length}`, {
    timeout: 30_000,
  });
  const firstPage = await shownIds(page);
  expect(firstPage).toHaveLength(250);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByTestId('pricing-range')).toHaveText(
    `Listings 251–${grown.length} of ${grown.length}`,
  );
  await expect(page).toHaveURL(/page=1/);
  const secondPage = await shownIds(page);
  expect(sorted([...firstPage, ...secondPage])).toEqual(ids(grown));
  // The new event ends last: its listings fill the second page.
  const eventOf = new Map(grown.map((r) => [r.id, r.event]));
  expect(new Set(secondPage.map((id) => eventOf.get(id)))).toEqual(new Set(['Year End Repricing']));
  await shot(page, 'second-page');
  await page.reload();
  await expect(page.getByTestId('pricing-range')).toHaveText(
    `Listings 251–${grown.length} of ${grown.length}`,
  );
});

test('a user without the catalogue permission has no Pricing Report in the menu', async ({ page }) => {
  await signIn(page, 'sales');
  await expect(page.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pricing Report', exact: true })).toHaveCount(0);
});
