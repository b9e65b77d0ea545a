import type { Page } from '@playwright/test';
import { DEMO, expect, query, signIn, test } from './support/fixtures';

// The home page (issue 19 §3): each demo role signs in and sees the day's work its permissions allow, each count
// as the database holds it; a card leads to the list it counts; the week's charts and the first-day help show.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `../../test-results/screens/home-${name}.png`, fullPage: true });

/** The counts each card must show for the user's current account. */
async function expectedCounts(email: string): Promise<Record<string, number>> {
  // The account the user was just signed in to: their newest session's.
  const [account] = await query<{ id: number }>(
    `select s.account_id as id from sessions s join users u on u.id = s.user_id where u.email = $1
     order by s.created_at desc limit 1`,
    [email],
  );
  const id = account!.id;
  const one = async (sql: string) => (await query<{ n: number }>(sql, [id]))[0]!.n;
  return {
    returnsPending: await one(
      'select count(*)::int as n from inbound_returns where account_id = $1 and return_status_id = 5',
    ),
    returnsInProcess: await one(
      'select count(*)::int as n from inbound_returns where account_id = $1 and return_status_id = 10',
    ),
    ordersToShip: await one(`select count(*)::int as n from channel_orders where account_id = $1
      and system_order_status_id in (10, 11, 12, 13, 14, 19, 21)`),
    posOnHold:
      await one(`select count(*)::int as n from channel_orders o join sales_channels ch on ch.id = o.channel_id
      where o.account_id = $1 and o.system_order_status_id between 40 and 49 and ch.channel_type_id = 2`),
    printJobsFailed: await one(
      `select count(*)::int as n from print_jobs where account_id = $1 and state = 'failed'`,
    ),
    productsQueued: await one(`select count(distinct i.product_id)::int as n from product_queue_items i
      join product_queues q on q.id = i.queue_id where q.account_id = $1`),
  };
}

/** Every card, in the page's order: what a role holding every permission group sees. */
const ALL_CARDS = [
  'returnsPending',
  'returnsInProcess',
  'ordersToShip',
  'posOnHold',
  'printJobsFailed',
  'printersOffline',
  'productsQueued',
];

/** Which cards each demo role sees (by its permission groups). */
const CARDS: Record<keyof typeof DEMO, string[]> = {
  admin: ALL_CARDS,
  manager: ALL_CARDS,
  sales: ['posOnHold'],
  warehouse: ['returnsPending', 'returnsInProcess', 'ordersToShip', 'printJobsFailed', 'printersOffline'],
  outlet: ALL_CARDS,
};

for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
  test(`home page for ${who}: the day's work, counted as the database holds it`, async ({ page }) => {
    await signIn(page, who);
    await expect(page.getByRole('heading', { name: 'Today’s work' })).toBeVisible();
    const cards = page.locator('[data-testid^="home-card-"]:not([data-testid="home-card-count"])');
    await expect(cards.first()).toBeVisible();
    const shown = await cards.evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-testid')!.replace('home-card-', '')),
    );
    expect(shown).toEqual(CARDS[who]);
    const expected = await expectedCounts(DEMO[who].email);
    for (const key of shown) {
      if (key === 'printersOffline') continue; // online depends on heartbeats; checked by the API test
      await expect(page.getByTestId(`home-card-${key}`).getByTestId('home-card-count')).toHaveText(
        expected[key]!.toLocaleString('en-US'),
      );
    }
    await expect(
      page.getByText('Scan a barcode at any time: the screen you are on decides what it does.'),
    ).toBeVisible();
    await shot(page, who);
  });
}

test('a card leads to the list it counts; the week charts show each day', async ({ page }) => {
  await signIn(page, 'warehouse');
  const inProcess = page.getByTestId('home-card-returnsInProcess');
  const count = Number((await inProcess.getByTestId('home-card-count').textContent())!.replace(/,/g, ''));
  await expect(page.getByTestId('week-returns-received')).toBeVisible();
  await expect(page.getByTestId('week-orders-shipped').locator('g')).toHaveCount(7);
  await inProcess.click();
  await expect(page).toHaveURL(/\/returns\?inboundReturnStatusId=10$/);
  await expect(page.getByText(`${count} result(s) for "Latest" [search]`)).toBeVisible();
});
